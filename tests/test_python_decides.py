"""What the running Python refuses is E999 and never written; what it accepts is never E999; and
a file whose syntax tree would not fit in the memory one file may use is named as not checked,
never parsed into an abort."""

from __future__ import annotations

import resource
import sys

import pytest

from torch_advise.lint import memory_budget

from conftest import codes_of, lint_text, run_advise

PYTHON = f"Python {sys.version_info.major}.{sys.version_info.minor}"
DEPRECATED = "with torch.cuda.amp.autocast():\n    pass\n"


def _nested_fstrings(depth: int) -> str:
    return "x = " + 'f"{' * depth + "1" + '}"' * depth + "\n"


def test_a_file_python_refuses_but_libcst_reads_is_e999_and_never_written(tmp_path):
    source = "import torch\n" + _nested_fstrings(150) + DEPRECATED
    (tmp_path / "train.py").write_text(source)
    result = run_advise("train.py", "--fix", "--no-cache", cwd=tmp_path)
    assert result.returncode == 1
    [line] = [line for line in result.stdout.splitlines() if line.startswith("train.py:")]
    assert line.startswith("train.py:2:") and " E999 " in line and f"({PYTHON} refuses it)" in line
    assert (tmp_path / "train.py").read_text() == source


@pytest.mark.parametrize(
    "source",
    [
        b"# -*- coding: latin-1 -*-\rimport torch\rname = 'caf\xe9'\rwith torch.cuda.amp.autocast():\r    pass\r",
        b"#!/usr/bin/env python\r# coding: latin-1\rimport torch\rname = 'caf\xe9'\rwith torch.cuda.amp.autocast():\r    pass\r",
    ],
    ids=["cookie-on-line-1", "cookie-on-line-2"],
)
def test_a_file_with_bare_cr_line_endings_and_a_coding_cookie_is_checked_and_fixed_in_its_encoding(tmp_path, source):
    compile(source, "train.py", "exec")  # Python runs it
    (tmp_path / "train.py").write_bytes(source)
    result = run_advise("train.py", "--fix", "--extend-select", "AMP001", "--no-cache", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    assert "E999" not in result.stdout
    fixed = (tmp_path / "train.py").read_bytes()
    assert fixed == source.replace(b"torch.cuda.amp.autocast()", b'torch.amp.autocast("cuda", dtype=torch.float16, cache_enabled=True)')


def test_valid_python_that_libcst_cannot_read_is_checked_and_never_written():
    # A continuation line between a block's header and its body: Python reads it, libcst (which
    # fixes are written with) does not.
    source = "import torch\nscaler = torch.cuda.amp.GradScaler()\nif True:\n\\\n    x = 1\n"
    assert codes_of(lint_text(source, select=["AMP001"])) == ["AMP001"]
    result = lint_text(source, select=["AMP001"], fix="safe")
    assert codes_of(result) == ["AMP001", "E904"] and not result.changed
    assert result.findings[0].fix is None
    assert f"{PYTHON} accepts the file but the parser fixes are written with cannot read it" in result.findings[1].message


def _one_line_table(entries: int) -> str:
    return "table = [" + ", ".join(str(i) for i in range(entries)) + "]\n"


def test_a_file_whose_tree_would_not_fit_the_budget_is_named_as_not_checked(monkeypatch):
    monkeypatch.setattr(memory_budget, "CAP", 50 * 1024**2)
    table = lint_text(_one_line_table(20_000))
    assert codes_of(table) == ["E903"]
    assert "its syntax tree would take about" in table.findings[0].message
    # The same bytes as ordinary code have a tenth of the nodes: the shape decides, not the size.
    code = "".join(f"value_{i} = {i}  # {'-' * 60}\n" for i in range(2_000))
    assert len(code) > len(_one_line_table(20_000))
    assert codes_of(lint_text(code)) == []


def _limit_memory(limit: int):
    def set_limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return set_limit


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS is enforced on Linux")
def test_under_a_memory_limit_a_file_too_big_for_it_is_reported_and_the_rest_of_the_run_too(tmp_path):
    """libcst's parser aborts the process when an allocation fails (SIGABRT, no report): the
    budget must see the limit and refuse the file first."""
    import subprocess

    (tmp_path / "table.py").write_text(_one_line_table(150_000))
    (tmp_path / "train.py").write_text("import torch\n" + DEPRECATED)
    for paths in (["table.py"], ["table.py", "train.py"]):
        result = subprocess.run(
            [sys.executable, "-m", "torch_advise", *paths, "--extend-select", "AMP001", "--no-cache"],
            cwd=tmp_path, capture_output=True, text=True, preexec_fn=_limit_memory(900 * 1024**2), timeout=300,
        )
        assert result.returncode == 1, result.stderr
        assert "table.py:1:1: E903 file not checked: its syntax tree would take about" in result.stdout
        assert ("train.py:" in result.stdout) == ("train.py" in paths)
