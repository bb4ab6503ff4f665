"""For programs nobody wrote by hand, hypothesmith's, each joined to a catalogue example so that
rules fire and fixes apply: the lint never fails, every finding points into the file, and
--fix gives a file that parses and that a second --fix leaves as it is."""

from __future__ import annotations

import ast
import os

import hypothesmith
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from torch_advise.catalogue import load_catalogue

from conftest import lint_text

EXAMPLES = [rule.example for rule in load_catalogue().rules]
# Bounded so that CI stays fast; ADVISE_PROPERTY_EXAMPLES=2000 for a longer search.
EXAMPLE_COUNT = int(os.environ.get("ADVISE_PROPERTY_EXAMPLES", "40"))
# Built once: hypothesmith compiles the Python grammar each time a strategy is made.
GENERATED = hypothesmith.from_grammar()


def _compiles(source: str) -> bool:
    try:
        compile(source, "generated.py", "exec")
    except (SyntaxError, ValueError):
        return False
    return True


@st.composite
def programs(draw) -> str:
    generated = draw(GENERATED)
    example = draw(st.sampled_from(EXAMPLES))
    joined = draw(st.sampled_from([generated.rstrip("\n") + "\n" + example, example + "\n" + generated]))
    assume(_compiles(joined))
    return joined


@pytest.mark.filterwarnings("ignore::SyntaxWarning")
@settings(max_examples=EXAMPLE_COUNT, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
@given(programs())
def test_lint_fix_and_a_second_fix_keep_every_promise(source):
    lines = source.splitlines()
    checked = lint_text(source)
    for finding in checked.findings:
        assert 1 <= finding.line <= max(len(lines), 1) and finding.col >= 1, finding
    fixed = lint_text(source, fix="unsafe")
    if not fixed.changed:
        return
    assert fixed.fixed_source is not None
    ast.parse(fixed.fixed_source)
    again = lint_text(fixed.fixed_source.decode(), fix="unsafe")
    assert not again.changed, "a second --fix changed the file"
