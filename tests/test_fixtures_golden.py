"""Golden tests over fixtures/lint: whole outputs compared.

For each fixtures/lint/**/NAME.py:
- NAME.expected holds every finding, one `line:col: CODE message` per line (empty: none);
- NAME.fixed.py, when any finding is fixable, holds the file after `--fix --unsafe-fixes`.
A first line `# advise-test: --target v100 --torch-version 1.13` sets the target for that file.
Set ADVISE_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change, then review the diff.
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import pytest

from torch_advise.target import parse_target, parse_torch_version

from conftest import FIXTURES, lint_text, make_target

LINT = FIXTURES / "lint"
SOURCES = sorted(p for p in LINT.rglob("*.py") if not p.name.endswith(".fixed.py"))
UPDATE = os.environ.get("ADVISE_UPDATE_GOLDEN") == "1"


def _target_for(text: str):
    match = re.match(r"# advise-test:(.*)", text)
    capability, torch_version = (8, 0), (2, 13)
    if match:
        words = match.group(1).split()
        for flag, value in zip(words[::2], words[1::2]):
            if flag == "--target":
                capability = parse_target(value)[0]
            elif flag == "--torch-version":
                torch_version = parse_torch_version(value)
    return make_target(capability, torch_version)


def _render(findings) -> str:
    return "".join(f"{f.line}:{f.col}: {f.code} {f.message}\n" for f in findings)


def _compare(path: Path, actual: str) -> None:
    if UPDATE:
        if actual or path.suffix == ".expected":
            path.write_text(actual)
        elif path.exists():
            path.unlink()
        return
    assert path.exists(), f"missing golden file {path.relative_to(FIXTURES)}"
    assert actual == path.read_text()


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: str(p.relative_to(LINT)))
def test_findings_match_golden(source: Path):
    text = source.read_text()
    result = lint_text(text, target=_target_for(text), path=source.name)
    _compare(source.with_suffix(".expected"), _render(result.findings))


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: str(p.relative_to(LINT)))
def test_fix_matches_golden_parses_and_is_idempotent(source: Path):
    text = source.read_text()
    target = _target_for(text)
    result = lint_text(text, target=target, fix="unsafe", path=source.name)
    fixed_path = source.with_name(source.stem + ".fixed.py")
    if not result.changed:
        assert not fixed_path.exists() or UPDATE, "nothing is fixable, so there should be no .fixed.py"
        if UPDATE and fixed_path.exists():
            fixed_path.unlink()
        return
    fixed = result.fixed_source.decode()
    ast.parse(fixed)
    again = lint_text(fixed, target=target, fix="unsafe", path=source.name)
    assert not again.changed, "a second --fix changed the file again"
    assert all(f.fix is None for f in again.findings), "fixable findings remain after --fix"
    comments = [line.strip() for line in text.splitlines() if line.strip().startswith("#")]
    assert all(comment in fixed for comment in comments), "a comment was lost"
    _compare(fixed_path, fixed)
