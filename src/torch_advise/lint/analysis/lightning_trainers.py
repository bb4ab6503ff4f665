"""Where a project's Lightning Trainers train, as their settings in code and the project's
configuration files say: the loader hooks and LightningModules of one module are trained by a
Trainer built in another, often from a YAML file (`Trainer(**config.trainer)`).

Read with the stdlib ast, and only when a rule asks. Every answer errs towards "not known".
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Optional

from torch_advise.lint.analysis.frameworks import GPU_ACCELERATORS, TRAINER_FACTORIES, gpu_arm, is_lightning, trainer_device
from torch_advise.lint.analysis.importers import dotted_name, read_file
from torch_advise.lint.analysis.syntax import NOT_LITERAL
from torch_advise.lint.project_files import project_files

# A Trainer whose settings come from a mapping the code spreads (`Trainer(**config.trainer)`).
CONFIGURED = "configured"
CONFIG_SUFFIXES = (".yaml", ".yml")
# Settings a configuration file gives a Trainer, where their values are literals: `accelerator:
# gpu`, `gpus: -1`, `gpus: [0, 1]`; and those that keep it on the CPU.
GPU_SETTING = re.compile(
    rb"^\s*(?:accelerator:\s*['\"]?(?:gpu|cuda)['\"]?|gpus:\s*(?:-?[1-9]\d*|['\"]\s*\d[\d,\s]*['\"]|\[\s*\d[^\]]*\]))\s*(?:#.*)?$", re.M
)
CPU_SETTING = re.compile(rb"^\s*(?:accelerator:\s*['\"]?cpu['\"]?|gpus:\s*(?:0|null|~|['\"]0?['\"]|\[\s*\]))\s*(?:#.*)?$", re.M)
TEST_FOLDERS = {"test", "tests", "testing"}
DEVICE_SETTINGS = {"accelerator", "gpus"}


def trainer_devices(tree: ast.Module, qualified: Callable[[str], str], defaults: Mapping[str, object]) -> list[Optional[str]]:
    """Where each Lightning Trainer the module builds trains: "gpu", "cpu", CONFIGURED, or None
    where its settings do not say (non-literal values; none at all, whose meaning changed with
    Lightning 2.0's `accelerator="auto"`; `Trainer.from_argparse_args(args)` alone). `defaults`: the
    module's command-line options' defaults, by attribute (`gpus=args.num_gpus`)."""
    found: list[Optional[str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = qualified(dotted_name(node.func) or "")
        owner, _, method = name.rpartition(".")
        if is_lightning(owner, "Trainer") and method.startswith("from_"):
            # Built from what the command line or a file says, but the keywords it is also given
            # override that: `Trainer.from_argparse_args(args, gpus=1)` trains on CUDA.
            keywords = {k.arg for k in node.keywords}
            found.append(_device(node, defaults) if method in TRAINER_FACTORIES and keywords & DEVICE_SETTINGS else None)
        elif is_lightning(name, "Trainer"):
            found.append(_device(node, defaults))
    return found


def _device(call: ast.Call, defaults: Mapping[str, object]) -> Optional[str]:
    keywords = {k.arg: k.value for k in call.keywords if k.arg is not None}
    accelerator = _accelerator(keywords["accelerator"]) if "accelerator" in keywords else None
    gpus = keywords.get("gpus")
    count = (len(gpus.elts) if isinstance(gpus, (ast.List, ast.Tuple)) else _literal(gpus)) if gpus is not None else None
    if isinstance(gpus, ast.IfExp):
        count = gpu_arm([_literal(gpus.body), _literal(gpus.orelse)])
    if isinstance(gpus, ast.Attribute) and isinstance(gpus.value, ast.Name):
        count = defaults.get(gpus.attr, NOT_LITERAL)  # `--num_gpus` defaulting to 1 when not given
    device = trainer_device(accelerator, count)
    if device is not None or ("accelerator" in keywords or "gpus" in keywords):
        return device
    spread = any(k.arg is None for k in call.keywords) or any(isinstance(a, ast.Starred) for a in call.args)
    return CONFIGURED if spread else None


def _literal(node: ast.expr) -> object:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return NOT_LITERAL


def _accelerator(value: ast.expr) -> object:
    """As frameworks._accelerator reads it: a choice between literals one of which is "gpu"
    can train on CUDA."""
    if isinstance(value, ast.IfExp):
        return "gpu" if {_literal(value.body), _literal(value.orelse)} & GPU_ACCELERATORS else NOT_LITERAL
    return _literal(value)


@lru_cache(maxsize=64)
def configuration_device(folder: str, beside: str) -> Optional[str]:
    """"gpu" where the project's configuration files under the folder `beside` (the module's that
    builds the Trainer) put Trainers on CUDA and none keeps one on the CPU; None otherwise
    (nothing said, interpolated values, or both)."""
    under = os.path.join(beside, "")
    texts = [read_file(path) or b"" for path in project_files(folder, CONFIG_SUFFIXES) if path.startswith(under)]
    if any(CPU_SETTING.search(text) for text in texts):
        return None
    return "gpu" if any(GPU_SETTING.search(text) for text in texts) else None


def is_test_module(path: str, folder: str) -> bool:
    """A test of the project: what device its Trainers use says nothing of its training."""
    parts = os.path.relpath(path, folder).split(os.sep)
    name = parts[-1]
    return bool(TEST_FOLDERS & set(parts[:-1])) or name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py"
