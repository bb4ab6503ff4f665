"""The hardware and torch version the advice is for.

Advice depends on both: bf16 is right from compute capability 8.0 on, and `zero_grad()`
already sets gradients to None from torch 2.0 on. Resolving them never imports torch
(1.3 s) and asks nvidia-smi only when nothing more explicit was given.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Optional

from torch_advise.records import dataclass
from torch_advise.versions import installed_version

DEFAULT_COMPUTE_CAPABILITY = (8, 0)
DEFAULT_TORCH_VERSION = (2, 13)

_NVIDIA_SMI_TIMEOUT_S = 2.0

# canonical name -> compute capability. Keys of the look-up table are derived from these
# names (lower-case, without spaces), plus the bare model number for GeForce cards.
_GPUS: dict[str, tuple[int, int]] = {
    "K80": (3, 7),
    "M40": (5, 2),
    "M60": (5, 2),
    "P100": (6, 0),
    "P4": (6, 1),
    "P40": (6, 1),
    "GTX 1070": (6, 1),
    "GTX 1080": (6, 1),
    "GTX 1080 Ti": (6, 1),
    "Titan Xp": (6, 1),
    "V100": (7, 0),
    "V100S": (7, 0),
    "Titan V": (7, 0),
    "T4": (7, 5),
    "GTX 1650": (7, 5),
    "GTX 1660": (7, 5),
    "GTX 1660 Ti": (7, 5),
    "RTX 2060": (7, 5),
    "RTX 2070": (7, 5),
    "RTX 2080": (7, 5),
    "RTX 2080 Ti": (7, 5),
    "Titan RTX": (7, 5),
    "Quadro RTX 6000": (7, 5),
    "Quadro RTX 8000": (7, 5),
    "A100": (8, 0),
    "A800": (8, 0),
    "A30": (8, 0),
    "A2": (8, 6),
    "A10": (8, 6),
    "A10G": (8, 6),
    "A16": (8, 6),
    "A40": (8, 6),
    "RTX A4000": (8, 6),
    "RTX A5000": (8, 6),
    "RTX A6000": (8, 6),
    "RTX 3060": (8, 6),
    "RTX 3060 Ti": (8, 6),
    "RTX 3070": (8, 6),
    "RTX 3070 Ti": (8, 6),
    "RTX 3080": (8, 6),
    "RTX 3080 Ti": (8, 6),
    "RTX 3090": (8, 6),
    "RTX 3090 Ti": (8, 6),
    "Jetson Orin": (8, 7),
    "L4": (8, 9),
    "L20": (8, 9),
    "L40": (8, 9),
    "L40S": (8, 9),
    "RTX 4060": (8, 9),
    "RTX 4060 Ti": (8, 9),
    "RTX 4070": (8, 9),
    "RTX 4070 Ti": (8, 9),
    "RTX 4080": (8, 9),
    "RTX 4090": (8, 9),
    "RTX 6000 Ada": (8, 9),
    "H100": (9, 0),
    "H800": (9, 0),
    "H20": (9, 0),
    "H200": (9, 0),
    "GH200": (9, 0),
    "B100": (10, 0),
    "B200": (10, 0),
    "GB200": (10, 0),
    "B300": (10, 3),
    "GB300": (10, 3),
    "RTX 5070": (12, 0),
    "RTX 5070 Ti": (12, 0),
    "RTX 5080": (12, 0),
    "RTX 5090": (12, 0),
    "RTX PRO 6000": (12, 0),
}

# Words in nvidia-smi names that say nothing about the chip ("NVIDIA GeForce RTX 4090").
_NOISE_WORDS = ("nvidia", "geforce", "tesla")


def _squash(name: str) -> str:
    return re.sub(r"[\s_\-]+", "", name.lower())


def _build_lookup() -> dict[str, str]:
    lookup: dict[str, str] = {}
    for name in _GPUS:
        lookup[_squash(name)] = name
        consumer = re.fullmatch(r"(?:RTX|GTX) (\d{4}(?: Ti)?)", name)
        if consumer:
            lookup[_squash(consumer.group(1))] = name
    return lookup


_LOOKUP = _build_lookup()

_ACCEPTED_FORMS = (
    "expected a compute capability (8.0, sm_80, sm80, 80) or a GPU name "
    "(v100, t4, a10g, a100, l4, l40s, h100, h200, b200, rtx4090, 3090, ...)"
)


class TargetError(ValueError):
    """An unusable --target or --torch-version value; the message is one line."""


@dataclass(frozen=True)
class Target:
    compute_capability: tuple[int, int]
    cc_source: str
    torch_version: tuple[int, int]
    torch_source: str
    gpu_name: Optional[str] = None

    @property
    def supports_bf16(self) -> bool:
        return self.compute_capability >= (8, 0)

    def torch_at_least(self, major: int, minor: int = 0) -> bool:
        return self.torch_version >= (major, minor)

    @property
    def sm(self) -> str:
        major, minor = self.compute_capability
        return f"sm_{major}{minor}"

    def describe(self) -> str:
        where = f"{self.gpu_name}, {self.cc_source}" if self.gpu_name else self.cc_source
        major, minor = self.torch_version
        return f"target {self.sm} ({where}), torch {major}.{minor} ({self.torch_source})"


def parse_target(text: str) -> tuple[tuple[int, int], Optional[str]]:
    """A compute capability or GPU name -> ((major, minor), canonical GPU name or None)."""
    value = text.strip().lower()
    capability = _parse_capability(value)
    if capability is not None:
        return capability, None
    name = _lookup_gpu(value)
    if name is not None:
        return _GPUS[name], name
    raise TargetError(f"unknown target {text.strip()!r}: {_ACCEPTED_FORMS}")


def _parse_capability(value: str) -> Optional[tuple[int, int]]:
    dotted = re.fullmatch(r"(\d{1,2})\.(\d)", value)
    if dotted:
        return int(dotted.group(1)), int(dotted.group(2))
    # "sm_90a" and "compute_90" are the same capability as nvcc spells it.
    packed = re.fullmatch(r"(?:sm_?|compute_?)?(\d{1,2})(\d)a?", value)
    if packed:
        return int(packed.group(1)), int(packed.group(2))
    return None


def _lookup_gpu(value: str) -> Optional[str]:
    words = [w for w in re.split(r"[\s_\-]+", value) if w and w not in _NOISE_WORDS]
    # Longest prefix first, so "A100-SXM4-80GB" and "H100 80GB HBM3" find their chip
    # and "L40S" is not read as "L40".
    for end in range(len(words), 0, -1):
        name = _LOOKUP.get("".join(words[:end]))
        if name is not None:
            return name
    return None


# PEP 440 as torch uses it: release, then pre/dev/post parts, then a local "+cu124".
_TORCH_VERSION = re.compile(
    r"v?(\d+)(?:\.(\d+))?(?:\.\d+)*(?:[.\-]?(?:a|b|rc|dev|post)\d*)*(?:\+[\w.]+)?", re.IGNORECASE
)


def parse_torch_version(text: str) -> tuple[int, int]:
    """ "1.13", "2.6.0+cu124", "2.13.0.dev2026" -> (major, minor)."""
    match = _TORCH_VERSION.fullmatch(text.strip())
    if not match:
        raise TargetError(f"invalid torch version {text.strip()!r}: expected e.g. 2.4 or 1.13")
    return int(match.group(1)), int(match.group(2) or 0)


GpuQuery = Callable[[], Optional[tuple[tuple[int, int], Optional[str]]]]
TorchQuery = Callable[[], Optional[str]]
# The torch version a project's dependency files pin, and the file that pins it.
PinQuery = Callable[[], Optional[tuple[tuple[int, int], str]]]


@lru_cache(maxsize=1)
def query_nvidia_smi() -> Optional[tuple[tuple[int, int], Optional[str]]]:
    """The first GPU's compute capability and name from nvidia-smi; None when there is none.
    Asked once a process: the machine's GPU does not change while the language server runs."""
    import shutil  # here, not at the top: a run given --target never asks the machine

    executable = shutil.which("nvidia-smi")
    if executable is None:
        return None
    import subprocess

    try:
        completed = subprocess.run(
            [executable, "--query-gpu=name,compute_cap", "--format=csv,noheader"],
            capture_output=True,
            text=True,
            timeout=_NVIDIA_SMI_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if completed.returncode != 0:
        return None
    return parse_nvidia_smi_output(completed.stdout)


def parse_nvidia_smi_output(output: str) -> Optional[tuple[tuple[int, int], Optional[str]]]:
    """Parse `name, compute_cap` lines; the first GPU wins. None when unparsable."""
    lines = [line for line in output.splitlines() if line.strip()]
    if not lines or "," not in lines[0]:
        return None
    reported, _, capability = lines[0].rpartition(",")
    parsed = _parse_capability(capability.strip())
    if parsed is None:
        return None
    reported = reported.strip()
    name = _lookup_gpu(reported.lower()) or re.sub(r"^nvidia\s+", "", reported, flags=re.IGNORECASE) or None
    return parsed, name


def installed_torch_version() -> Optional[str]:
    """The installed torch's version from package metadata, without importing torch."""
    return installed_version("torch")


def resolve_target(
    cli_target: Optional[str] = None,
    cli_torch: Optional[str] = None,
    config_target: Optional[str] = None,
    config_torch: Optional[str] = None,
    *,
    query_gpu: GpuQuery = query_nvidia_smi,
    installed_torch: TorchQuery = installed_torch_version,
    project_torch: PinQuery = lambda: None,
) -> Target:
    """Flags first, then [tool.advise], then the project's own torch pin, then the machine
    (nvidia-smi, installed torch), then defaults. The pin comes before the installed torch
    because it says where the code runs; the linting environment may have another torch, or
    none (pre-commit)."""
    gpu_name: Optional[str] = None
    if cli_target is not None:
        capability, gpu_name = _parse_setting(parse_target, cli_target, "--target")
        cc_source = "--target"
    elif config_target is not None:
        capability, gpu_name = _parse_setting(parse_target, config_target, "[tool.advise] target")
        cc_source = "pyproject.toml"
    else:
        detected = query_gpu()
        if detected is not None:
            (capability, gpu_name), cc_source = detected, "nvidia-smi"
        else:
            capability, cc_source = DEFAULT_COMPUTE_CAPABILITY, "default"

    if cli_torch is not None:
        torch_version = _parse_setting(parse_torch_version, cli_torch, "--torch-version")
        torch_source = "--torch-version"
    elif config_torch is not None:
        torch_version = _parse_setting(parse_torch_version, config_torch, "[tool.advise] torch-version")
        torch_source = "pyproject.toml"
    else:
        pinned = project_torch()
        if pinned is not None:
            torch_version, torch_source = pinned
        else:
            torch_version, torch_source = _installed_or_default(installed_torch())

    return Target(capability, cc_source, torch_version, torch_source, gpu_name)


def _parse_setting(parse, value: str, where: str):
    try:
        return parse(value)
    except TargetError as exc:
        raise TargetError(f"{where}: {exc}") from None


def _installed_or_default(version: Optional[str]) -> tuple[tuple[int, int], str]:
    if version:
        try:
            return parse_torch_version(version), "installed torch"
        except TargetError:
            pass
    return DEFAULT_TORCH_VERSION, "default"
