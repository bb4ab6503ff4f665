"""A file name is the checked project's to choose, and a hostile pull request chooses one that
would forge a finding, restyle the terminal or inject a workflow command: no report format
lets it, and the machine formats still carry the true name."""

from __future__ import annotations

import json
import os
from pathlib import Path
from urllib.parse import unquote

import pytest

from conftest import BAD_SCRIPT, run_advise

# A newline that starts a forged finding for another file, an escape sequence that turns the
# terminal red, and a GitHub workflow command.
HOSTILE = "evil\nforged.py:1:1: DL001 forged finding \x1b[31m::error file=other.py::forged.py"
SELECT = ["--select", "DL002,OPT001", "--target", "a100", "--torch-version", "2.13", "--no-cache"]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / HOSTILE).write_text(BAD_SCRIPT)
    return tmp_path


def test_text_output_shows_the_name_escaped_on_the_finding_lines_it_belongs_to(project):
    result = run_advise(".", *SELECT, cwd=project)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    escaped = "evil\\nforged.py:1:1: DL001 forged finding \\x1b[31m::error file=other.py::forged.py"
    findings = [line for line in lines if ": DL" in line or ": OPT" in line]
    assert len(findings) == 2 and all(line.startswith(escaped + ":") for line in findings)
    assert not any(line.startswith("forged.py") for line in lines)
    assert "\x1b" not in result.stdout


def test_full_format_escapes_the_source_line_and_keeps_the_carets_under_the_flagged_code(tmp_path):
    (tmp_path / "train.py").write_text(BAD_SCRIPT.replace("batch_size=32", 'batch_size=32, prefix="\x1b[2J"'))
    result = run_advise("train.py", "--format", "full", *SELECT, cwd=tmp_path)
    assert "\x1b" not in result.stdout
    lines = result.stdout.splitlines()
    source = next(line for line in lines if line.startswith("6 | "))
    carets = lines[lines.index(source) + 1]
    flagged = 'DataLoader(dataset, batch_size=32, prefix="\\x1b[2J", num_workers=4)'
    assert source.endswith(flagged)
    assert carets.index("^") == source.index(flagged) and carets.endswith("^" * len(flagged))


def test_github_annotations_are_one_line_each_with_nothing_a_runner_would_act_on(project):
    result = run_advise(".", "--format", "github", *SELECT, cwd=project)
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and all(line.startswith("::warning file=") for line in lines)
    assert "\x1b" not in result.stdout
    # GitHub splits properties at ',' and ends them at '::': the name carries neither, but their encoding, which GitHub decodes.
    file = lines[0].split(" ", 1)[1].split(",")[0]
    assert file == "file=evil%0Aforged.py%3A1%3A1%3A DL001 forged finding \\x1b[31m%3A%3Aerror file=other.py%3A%3Aforged.py"


def test_json_carries_the_true_name(project):
    document = json.loads(run_advise(".", "--format", "json", *SELECT, cwd=project).stdout)
    assert {finding["path"] for finding in document["findings"]} == {HOSTILE}


def test_sarif_carries_the_true_name(project):
    document = json.loads(run_advise(".", "--format", "sarif", *SELECT, cwd=project).stdout)
    uris = {result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for result in document["runs"][0]["results"]}
    assert {unquote(uri) for uri in uris} == {HOSTILE}


def test_diff_headers_are_escaped(project):
    result = run_advise(HOSTILE, "--diff", "--unsafe-fixes", *SELECT, cwd=project)
    assert result.returncode == 1
    assert "\x1b" not in result.stdout
    assert "--- a/evil\\nforged.py:1:1: DL001 forged finding \\x1b[31m::error file=other.py::forged.py" in result.stdout.splitlines()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_message_that_names_a_file_is_escaped_too(tmp_path):
    """A FIFO named *.py is reported (E902) with its name in the message, not only in the path."""
    os.mkfifo(tmp_path / HOSTILE)
    result = run_advise(".", *SELECT, cwd=tmp_path)
    assert result.returncode == 2
    finding = [line for line in result.stdout.splitlines() if " E902 " in line]
    assert len(finding) == 1 and finding[0].endswith("\\x1b[31m::error file=other.py::forged.py: not a regular file")
    assert "\x1b" not in result.stdout


def test_an_error_naming_a_path_is_one_escaped_line(tmp_path):
    result = run_advise("\x1b[31mmissing\n.py", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "advise: error: \\x1b[31mmissing\\n.py: No such file or directory\n"


def test_a_warning_naming_a_path_is_one_escaped_line(tmp_path):
    (tmp_path / "data\n\x1b[31m").mkdir()
    result = run_advise("data\n\x1b[31m", cwd=tmp_path)
    assert result.stderr == "advise: warning: no Python files found under the given path(s): data\\n\\x1b[31m\n"
