from __future__ import annotations

import subprocess
import sys
from importlib import metadata

import pytest

from torch_advise.target import (
    DEFAULT_COMPUTE_CAPABILITY,
    DEFAULT_TORCH_VERSION,
    Target,
    TargetError,
    parse_nvidia_smi_output,
    parse_target,
    parse_torch_version,
    resolve_target,
)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("8.0", ((8, 0), None)),
        ("sm_80", ((8, 0), None)),
        ("sm80", ((8, 0), None)),
        ("SM_90a", ((9, 0), None)),
        ("90", ((9, 0), None)),
        ("100", ((10, 0), None)),
        ("7.5", ((7, 5), None)),
        ("v100", ((7, 0), "V100")),
        ("T4", ((7, 5), "T4")),
        ("a10g", ((8, 6), "A10G")),
        ("A100", ((8, 0), "A100")),
        ("l4", ((8, 9), "L4")),
        ("l40s", ((8, 9), "L40S")),
        ("H100", ((9, 0), "H100")),
        ("h200", ((9, 0), "H200")),
        ("b200", ((10, 0), "B200")),
        ("rtx4090", ((8, 9), "RTX 4090")),
        ("RTX 4090", ((8, 9), "RTX 4090")),
        ("3090", ((8, 6), "RTX 3090")),
        ("NVIDIA GeForce RTX 3090 Ti", ((8, 6), "RTX 3090 Ti")),
        ("NVIDIA A100-SXM4-80GB", ((8, 0), "A100")),
        ("Tesla V100-SXM2-16GB", ((7, 0), "V100")),
    ],
)
def test_parse_target(text, expected):
    assert parse_target(text) == expected


@pytest.mark.parametrize("text", ["", "gtx9000", "h", "sm_", "8.x", "a1000x"])
def test_parse_target_rejects_with_accepted_forms(text):
    with pytest.raises(TargetError) as raised:
        parse_target(text)
    message = str(raised.value)
    assert "sm_80" in message and "h100" in message and "\n" not in message


@pytest.mark.parametrize(
    "text, expected",
    [("1.13", (1, 13)), ("2.6.0+cu124", (2, 6)), ("2.13.0.dev2026", (2, 13)), ("2.1.0a0+git7", (2, 1)), ("2", (2, 0))],
)
def test_parse_torch_version(text, expected):
    assert parse_torch_version(text) == expected


@pytest.mark.parametrize("text", ["", "latest", "2.x", "two"])
def test_parse_torch_version_rejects(text):
    with pytest.raises(TargetError):
        parse_torch_version(text)


def no_gpu():
    return None


def no_torch():
    return None


def test_defaults_without_gpu_or_torch():
    target = resolve_target(query_gpu=no_gpu, installed_torch=no_torch)
    assert target.compute_capability == DEFAULT_COMPUTE_CAPABILITY
    assert target.torch_version == DEFAULT_TORCH_VERSION
    assert target.describe() == "target sm_80 (default), torch 2.13 (default)"


def test_machine_is_used_when_nothing_is_configured():
    target = resolve_target(query_gpu=lambda: ((9, 0), "H200"), installed_torch=lambda: "2.6.0+cu124")
    assert target.describe() == "target sm_90 (H200, nvidia-smi), torch 2.6 (installed torch)"


def test_unparsable_installed_version_falls_back_to_default():
    target = resolve_target(query_gpu=no_gpu, installed_torch=lambda: "weird")
    assert (target.torch_version, target.torch_source) == (DEFAULT_TORCH_VERSION, "default")


def test_config_beats_machine_and_cli_beats_config():
    def gpu_must_not_be_asked():
        raise AssertionError("nvidia-smi asked although a target was given")

    from_config = resolve_target(
        config_target="t4", config_torch="1.13", query_gpu=gpu_must_not_be_asked, installed_torch=lambda: "2.6"
    )
    assert from_config.describe() == "target sm_75 (T4, pyproject.toml), torch 1.13 (pyproject.toml)"
    from_cli = resolve_target(
        cli_target="sm_90", cli_torch="2.4", config_target="t4", config_torch="1.13", query_gpu=gpu_must_not_be_asked
    )
    assert from_cli.describe() == "target sm_90 (--target), torch 2.4 (--torch-version)"


def test_invalid_values_name_their_source():
    with pytest.raises(TargetError, match="^--target: unknown target 'zz'"):
        resolve_target(cli_target="zz", query_gpu=no_gpu, installed_torch=no_torch)
    with pytest.raises(TargetError, match=r"^\[tool.advise\] torch-version: invalid torch version"):
        resolve_target(config_torch="new", query_gpu=no_gpu, installed_torch=no_torch)


def test_bf16_and_torch_version_questions():
    volta = Target((7, 0), "--target", (1, 13), "--torch-version", "V100")
    hopper = Target((9, 0), "--target", (2, 13), "default")
    assert not volta.supports_bf16 and hopper.supports_bf16
    assert Target((8, 0), "default", (2, 0), "default").supports_bf16
    assert not volta.torch_at_least(2) and volta.torch_at_least(1, 13)
    assert hopper.torch_at_least(2, 6) and not hopper.torch_at_least(3)


def test_nvidia_smi_output_first_gpu_wins():
    assert parse_nvidia_smi_output("NVIDIA H200, 9.0\nTesla T4, 7.5\n") == ((9, 0), "H200")
    assert parse_nvidia_smi_output("NVIDIA Future GPU 9000, 13.0\n") == ((13, 0), "Future GPU 9000")
    assert parse_nvidia_smi_output("") is None
    assert parse_nvidia_smi_output("NVIDIA H200, [N/A]\n") is None


def test_target_module_does_not_import_torch():
    import subprocess
    import sys

    code = "import sys, torch_advise.target as t; t.resolve_target(); print('torch' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_installed_torch_version_matches_package_metadata():
    from importlib import metadata

    from torch_advise.target import installed_torch_version

    try:
        expected = metadata.version("torch")
    except metadata.PackageNotFoundError:
        expected = None
    assert installed_torch_version() == expected


@pytest.mark.parametrize("distribution", ["libcst", "click", "torch-advise", "no-such-distribution-here"])
def test_installed_version_agrees_with_importlib_metadata(distribution):
    from importlib import metadata

    from torch_advise.versions import installed_version

    try:
        expected = metadata.version(distribution)
    except metadata.PackageNotFoundError:
        expected = None
    assert installed_version(distribution) == expected


def test_installed_torch_version_is_read_without_importlib_metadata():
    """Its import and search cost every lint run some 15 ms; the dist-info folder name suffices."""
    probe = (
        "import sys; from torch_advise.versions import installed_version; "
        "print(installed_version('torch'), installed_version('libcst'), 'importlib.metadata' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    torch_version, libcst_version, imported = done.stdout.split()
    assert (torch_version, libcst_version, imported) == (metadata.version("torch"), metadata.version("libcst"), "False")


def test_a_distribution_not_installed_is_known_without_importlib_metadata(tmp_path):
    """Where torch is not installed (a pre-commit hook's virtualenv) every run asks for it."""
    probe = (
        "import sys; from torch_advise.versions import installed_version; "
        "print(installed_version('no-such-distribution-here'), 'importlib.metadata' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["None", "False"]


def test_a_distribution_in_a_zip_on_the_path_is_still_found(tmp_path):
    import zipfile

    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("zipped_dist-1.2.3.dist-info/METADATA", "Metadata-Version: 2.1\nName: zipped-dist\nVersion: 1.2.3\n")
    probe = (
        f"import sys; sys.path.append({str(archive)!r}); "
        "from torch_advise.versions import installed_version; print(installed_version('zipped-dist'))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["1.2.3"]


def test_a_distribution_in_an_egg_folder_on_the_path_is_still_found(tmp_path):
    egg = tmp_path / "egged_dist-4.5.6-py3.11.egg"
    (egg / "EGG-INFO").mkdir(parents=True)
    (egg / "EGG-INFO" / "PKG-INFO").write_text("Metadata-Version: 1.1\nName: egged-dist\nVersion: 4.5.6\n")
    probe = (
        f"import sys; sys.path.append({str(egg)!r}); "
        "from torch_advise.versions import installed_version; print(installed_version('egged-dist'))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["4.5.6"]
