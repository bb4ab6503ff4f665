"""The lint's parse skips libcst's per-node checks: the tree must be the same, and everything
built afterwards (a fix's nodes) must still be checked."""

from __future__ import annotations

import libcst as cst
import pytest

from torch_advise.lint.trusted_parse import parse_trusted

from conftest import FIXTURES

SOURCES = sorted(p for p in (FIXTURES / "lint").rglob("*.py"))


@pytest.mark.parametrize("source", SOURCES[::7], ids=lambda p: p.name)
def test_the_tree_is_the_one_libcst_builds(source):
    code = source.read_bytes()
    trusted = parse_trusted(code)
    assert trusted.deep_equals(cst.parse_module(code))
    assert trusted.bytes == cst.parse_module(code).bytes


def test_nodes_built_after_the_parse_are_still_checked():
    parse_trusted(b"x = 1\n")
    with pytest.raises(cst.CSTValidationError):
        cst.Name("")


def test_a_file_that_does_not_parse_leaves_the_checks_on():
    with pytest.raises(cst.ParserSyntaxError):
        parse_trusted(b"def f(:\n")
    with pytest.raises(cst.CSTValidationError):
        cst.Name("")
