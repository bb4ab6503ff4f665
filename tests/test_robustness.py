"""Bad input as users produce it: one clear line and a documented exit code, never a traceback,
a hang or a crash, and nothing the user had is lost."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest

from conftest import REPO, run_advise

TRAIN = '''import torch
from torch.utils.data import DataLoader


def train(model, dataset, optimizer):
    loader = DataLoader(dataset, batch_size=32)
    for x, y in loader:
        optimizer.zero_grad(set_to_none=False)  # réinitialise
        loss = torch.nn.functional.mse_loss(model(x.cuda()), y.cuda())
        loss.backward()
        optimizer.step()
'''
FIXED_LINE = "optimizer.zero_grad(set_to_none=True)"
CORE = ["--target", "a100", "--torch-version", "2.13", "--select", "DL001,DL002,OPT001", "--no-cache", "-j", "1"]


def one_line_error(result: subprocess.CompletedProcess) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def without_dac_override(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """The CLI as a user for whom file permissions hold (root keeps CAP_DAC_OVERRIDE)."""
    command = [sys.executable, "-m", "torch_advise", *args]
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("needs setpriv to drop root's override of file permissions")
        drop = "-dac_override,-dac_read_search"
        command = ["setpriv", "--bounding-set", drop, "--inh-caps", drop, "--", *command]
    env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(REPO / "src")}
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    "source",
    [
        pytest.param("x = " + "(" * 2000 + "1" + ")" * 2000 + "\n", id="parentheses-2000-deep"),
        pytest.param("x = " + "[" * 300 + "]" * 300 + "\n", id="lists-300-deep"),
    ],
)
def test_nesting_python_refuses_is_a_syntax_error_not_a_crash(tmp_path, source):
    (tmp_path / "deep.py").write_text(source)
    result = run_advise("deep.py", *CORE, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "deep.py:1:205: E999" in result.stdout and "too many nested parentheses" in result.stdout


@pytest.mark.parametrize(
    "source",
    [
        pytest.param("x = " + "[" * 199 + "]" * 199 + "\n", id="lists-199-deep"),
        pytest.param("x = 1" + " + 1" * 1500 + "\n", id="sum-of-1500-terms"),
    ],
)
def test_deep_code_python_accepts_is_checked(tmp_path, source):
    (tmp_path / "deep.py").write_text(source + TRAIN)
    result = run_advise("deep.py", *CORE, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "DL001" in result.stdout and "internal error" not in result.stderr


@pytest.mark.parametrize("special", ["fifo", "device"])
def test_a_named_path_that_is_not_a_regular_file_is_refused_not_read_forever(tmp_path, special):
    if special == "fifo":
        os.mkfifo(tmp_path / "pipe.py")
        name = "pipe.py"
    else:
        name = os.devnull
    result = run_advise(name, *CORE, cwd=tmp_path)
    assert result.returncode == 2
    assert one_line_error(result) == f"advise: error: {name}: not a regular file"


def test_a_folder_that_cannot_be_listed_is_one_line_not_an_internal_error(tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    closed = tmp_path / "closed"
    closed.mkdir()
    closed.chmod(0)
    try:
        result = without_dac_override(".", *CORE, cwd=tmp_path)
    finally:
        closed.chmod(0o755)
    assert result.returncode == 2
    assert one_line_error(result) == "advise: error: closed: Permission denied"


def test_a_pyproject_whose_tool_is_not_a_table_is_not_an_internal_error(tmp_path):
    (tmp_path / "pyproject.toml").write_text('tool = 3\nname = "advise"\n')
    (tmp_path / "train.py").write_text(TRAIN)
    result = run_advise("train.py", *CORE, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "train.py:6:14: DL001" in result.stdout


def test_a_pyproject_that_is_not_utf_8_is_a_configuration_error(tmp_path):
    (tmp_path / "pyproject.toml").write_bytes(b"\xff\xfe[tool.advise]\n")
    (tmp_path / "train.py").write_text(TRAIN)
    result = run_advise("train.py", *CORE, cwd=tmp_path)
    assert result.returncode == 2
    assert one_line_error(result).startswith("advise: error: pyproject.toml: invalid TOML:")
