"""`advise -` as editors and pre-commit call it: the source on standard input, checked as the
path --stdin-filename names, and never written anywhere but standard output."""

from __future__ import annotations

import ast

from conftest import run_advise

DEPRECATED = "import torch\n\nwith torch.cuda.amp.autocast():  # keep this comment\n    pass\n"
CONFIG = '[tool.advise]\nexclude = ["vendored"]\nextend-select = ["AMP001"]\n[tool.advise.per-file-ignores]\n"scripts/*" = ["AMP001"]\n'


def test_findings_name_the_stdin_filename(tmp_path):
    result = run_advise("-", "--stdin-filename", "src/train.py", "--extend-select", "AMP001", "--no-cache", cwd=tmp_path, stdin=DEPRECATED)
    assert result.returncode == 1
    assert "src/train.py:3:6: AMP001 torch.cuda.amp.autocast is deprecated" in result.stdout
    assert not (tmp_path / "src").exists()


def test_without_a_filename_findings_name_stdin(tmp_path):
    result = run_advise("-", "--format", "json", "--extend-select", "AMP001", cwd=tmp_path, stdin=DEPRECATED)
    assert '"path": "-"' in result.stdout and result.returncode == 1


def test_fix_writes_the_fixed_source_to_stdout_and_findings_to_stderr(tmp_path):
    (tmp_path / "train.py").write_text(DEPRECATED)
    result = run_advise("-", "--stdin-filename", "train.py", "--fix", "--extend-select", "AMP001", cwd=tmp_path, stdin=DEPRECATED)
    assert result.returncode == 0, result.stderr
    fixed = 'import torch\n\nwith torch.amp.autocast("cuda", dtype=torch.float16, cache_enabled=True):  # keep this comment\n    pass\n'
    assert result.stdout == fixed
    ast.parse(result.stdout)
    assert "Fixed 1 finding in 1 file." in result.stderr
    assert (tmp_path / "train.py").read_text() == DEPRECATED


def test_the_configuration_of_the_named_path_applies(tmp_path):
    (tmp_path / "pyproject.toml").write_text(CONFIG)
    ignored = run_advise("-", "--stdin-filename", "scripts/train.py", cwd=tmp_path, stdin=DEPRECATED)
    assert ignored.returncode == 0 and "AMP001" not in ignored.stdout
    excluded = run_advise("-", "--stdin-filename", "vendored/train.py", "--force-exclude", "--fix", cwd=tmp_path, stdin=DEPRECATED)
    assert excluded.returncode == 0 and excluded.stdout == DEPRECATED


def test_a_source_that_does_not_parse_is_reported_and_echoed_unchanged(tmp_path):
    broken = "def f(:\n    pass\n"
    result = run_advise("-", "--stdin-filename", "train.py", "--fix", cwd=tmp_path, stdin=broken)
    assert result.returncode == 1 and result.stdout == broken
    assert "train.py:1:7: E999" in result.stderr


def test_stdin_is_one_file(tmp_path):
    result = run_advise("-", "train.py", cwd=tmp_path, stdin=DEPRECATED)
    assert result.returncode == 2
    assert result.stderr == "advise: error: '-' reads one file from standard input; name no other path with it\n"
    alone = run_advise("train.py", "--stdin-filename", "x.py", cwd=tmp_path)
    assert alone.returncode == 2 and "pass '-' as the path" in alone.stderr


def test_a_buffer_named_under_a_folder_that_does_not_exist_is_checked(tmp_path):
    code = 'import torch\nmodel = torch.load("m.pt")\nmodel.eval()\nscaler = torch.cuda.amp.GradScaler()\n'
    flags = ("--stdin-filename", "new/folder/train.py", "--select", "AMP001,CKPT001", "--torch-version", "2.13")
    result = run_advise("-", *flags, cwd=tmp_path, stdin=code)
    # The project cannot be read, so CKPT001 cannot know whether it allows the load: it stays quiet.
    assert result.returncode == 1 and "new/folder/train.py:4:10: AMP001" in result.stdout and "CKPT001" not in result.stdout
