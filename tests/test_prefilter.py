"""The pre-filter skips files that cannot hold a finding, and never one that can."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from torch_advise import records
from torch_advise.catalogue import load_catalogue
from torch_advise.config import Settings
from torch_advise.lint.options import LintOptions
from torch_advise.lint.prefilter import Prefilter
from torch_advise.lint.runner import lint_files

from conftest import FIXTURES, make_target

CATALOGUE = load_catalogue()
EXPECTED = sorted((FIXTURES / "lint").rglob("*.expected"))
_FINDING_LINE = re.compile(r"\d+:\d+: ([A-Z]+\d+) ")


@pytest.mark.parametrize("rule", [r for r in CATALOGUE if r.example], ids=lambda r: r.code)
def test_every_catalogue_example_passes_its_rules_test(rule):
    assert Prefilter([rule]).may_match(rule.example.encode()), (
        f"{rule.code}'s example lacks every word its page `needs`: extend the page's needs"
    )


@pytest.mark.parametrize("expected", EXPECTED, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_every_fixture_finding_passes_its_rules_test(expected: Path):
    source = expected.with_suffix(".py").read_bytes()
    for code in _FINDING_LINE.findall(expected.read_text()):
        assert Prefilter([CATALOGUE.get(code)]).may_match(source), f"the pre-filter would hide {code} in {expected.with_suffix('.py').name}"


def test_a_rule_that_names_no_words_parses_every_file():
    unlisted = records.replace(CATALOGUE.get("DL001"), code="NEW001", needs=())
    assert Prefilter([unlisted]).may_match(b"x = 1\n")
    assert Prefilter([CATALOGUE.get("DL001"), unlisted]).may_match(b"x = 1\n")


def test_words_match_whole_names_only():
    amp = Prefilter([CATALOGUE.get("AMP001")])
    assert not amp.may_match(b"y = x.clamp(0, 1)\nexample = 'ramp'\n")
    assert amp.may_match(b"from torch.cuda import amp\n")
    assert amp.may_match(b"with torch.autocast('cuda'):\n    pass\n")
    assert not Prefilter([CATALOGUE.get("DL001")]).may_match(b"loader = make_loader()\n")


def test_every_catalogue_page_names_the_words_it_needs():
    # A page without words is safe but turns the pre-filter off for every run that selects it.
    unlisted = [rule.code for rule in CATALOGUE if not rule.needs]
    assert not unlisted, f"give {unlisted} a `needs` list in the front matter"


def _lint(paths: list[str], root: Path):
    options = LintOptions(CATALOGUE, frozenset(CATALOGUE.codes()), make_target())
    return list(lint_files(paths, Settings(root=root), options))


def test_walked_file_without_torch_words_is_not_parsed(tmp_path, parses):
    (tmp_path / "util.py").write_text("def add(a, b):\n    return a + b\n")
    (tmp_path / "broken.py").write_text("def (:\n")
    results = _lint([str(tmp_path)], tmp_path)
    assert parses == []
    assert [r.findings for r in results] == [[], []]


def test_named_file_is_always_parsed_so_syntax_errors_show(tmp_path, parses):
    broken = tmp_path / "broken.py"
    broken.write_text("def (:\n")
    results = _lint([str(broken)], tmp_path)
    assert parses == ["broken.py"]
    assert [f.code for f in results[0].findings] == ["E999"]
