"""Golden tests over fixtures/projects: small multi-module projects whose findings depend on more
than one file. Each folder is copied into a repository of its own and checked whole; its
`expected.txt` holds every finding line (`path:line:col: CODE message`) advise prints, with the
target H100 and torch 2.13, or the flags its `flags.txt` gives instead of `--torch-version`.
Set ADVISE_UPDATE_GOLDEN=1 to rewrite them after a deliberate change, then review the diff."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import FIXTURES, run_advise

PROJECTS = sorted(p for p in (FIXTURES / "projects").iterdir() if p.is_dir())
UPDATE = os.environ.get("ADVISE_UPDATE_GOLDEN") == "1"


@pytest.mark.parametrize("project", PROJECTS, ids=lambda p: p.name)
def test_findings_of_a_whole_project_match_golden(project: Path, tmp_path: Path):
    root = tmp_path / project.name
    shutil.copytree(project, root, ignore=shutil.ignore_patterns("expected.txt", "flags.txt"))
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    # torch 2.13 unless the project's flags.txt says otherwise (empty: its own pins decide).
    flags = (project / "flags.txt").read_text().split() if (project / "flags.txt").exists() else ["--torch-version", "2.13"]
    result = run_advise(".", "--select", "ALL", "--target", "h100", *flags, "--no-cache", cwd=root)
    findings = "".join(line + "\n" for line in result.stdout.splitlines() if ": " in line and line.split(":")[0].endswith(".py"))
    golden = project / "expected.txt"
    if UPDATE:
        golden.write_text(findings)
        return
    assert findings == golden.read_text()
