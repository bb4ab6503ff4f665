"""What start-up imports: --help and --version stay light, linting imports neither torch nor
libcst (which only writing or showing a fix needs), a run that writes nothing imports nothing
that writes files, and a run that the cache answers entirely imports no worker pool's machinery."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES, REPO

# Modules a light run must not pay for: libcst, torch, the process pool (concurrent.futures, some
# 12 ms) and importlib.metadata (some 25 ms, to learn that torch is not installed).
HEAVY = ("libcst", "torch", "concurrent.futures", "importlib.metadata")
# What only writing a file needs: some 3 ms.
WRITING = ("tempfile", "secrets")

# Runs the CLI in-process, then prints which heavy packages it imported.
PROBE = f"""
import json, sys
from torch_advise.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(set(sys.modules) & set({HEAVY + WRITING!r}))), file=sys.stderr)
"""


def heavy_imports(*args: str, cwd: Path = REPO) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )
    return json.loads(done.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["check", "--help"]], ids=" ".join)
def test_help_and_version_import_neither_libcst_nor_torch(args):
    assert heavy_imports(*args) == []


def test_linting_imports_neither_torch_nor_libcst_and_a_run_that_writes_nothing_no_writer():
    assert heavy_imports(str(FIXTURES / "lint" / "core"), "--no-cache", "-j", "1") == []


def test_showing_a_fix_imports_libcst(tmp_path):
    (tmp_path / "train.py").write_text((FIXTURES / "lint" / "core" / "trainer_class.py").read_text())
    assert heavy_imports("train.py", "--diff", "--extend-select", "AMP001", "--no-cache", cwd=tmp_path) == ["libcst"]


def test_fully_cached_run_imports_neither_the_worker_pool_nor_what_writes_entries(tmp_path):
    (tmp_path / "train.py").write_text((FIXTURES / "lint" / "core" / "zero_grad.py").read_text())
    (tmp_path / "util.py").write_text("def add(a, b):\n    return a + b\n")
    assert heavy_imports(".", "--target", "a100", "-j", "2", cwd=tmp_path) == ["concurrent.futures", "tempfile"]
    assert heavy_imports(".", "--target", "a100", "-j", "2", cwd=tmp_path) == []
