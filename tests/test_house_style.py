"""The package's own code is linted with ruff and type-checked with mypy, both configured in
pyproject.toml, so the README's test command keeps the house as clean as it keeps the rules."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import REPO


def _run(tool: str, *args: str) -> subprocess.CompletedProcess:
    pytest.importorskip(tool, reason=f"{tool} comes with the dev extra: pip install -e '.[dev]'")
    return subprocess.run([sys.executable, "-m", tool, *args], cwd=REPO, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing():
    result = _run("ruff", "check", "--no-cache", "--output-format", "concise")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing_in_src():
    result = _run("mypy", "--no-incremental")
    assert result.returncode == 0, result.stdout + result.stderr
