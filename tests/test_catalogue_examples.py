"""Every catalogue page's examples are tests: Example triggers exactly its rule, Fixed triggers
nothing, and fixing Example gives Fixed. The documentation cannot drift from the behaviour."""

from __future__ import annotations

import ast
import pkgutil

import pytest

import torch_advise.lint.checks as checks_package
from torch_advise.catalogue import load_catalogue
from torch_advise.lint.checks import load_checks, module_name
from torch_advise.target import parse_target

from conftest import codes_of, lint_text, make_target

RULES = load_catalogue().rules


def test_every_rule_has_a_check_and_every_check_a_rule():
    assert sorted(load_checks()) == sorted(rule.code for rule in RULES)


def test_each_check_module_is_named_like_its_page():
    modules = {module.name for module in pkgutil.iter_modules(checks_package.__path__)}
    assert modules == {module_name(rule.code, rule.slug) for rule in RULES}


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_page_has_the_sections_users_read(rule):
    for section in ("What it flags", "Why it matters", "Example", "Fixed", "When to ignore it", "References"):
        assert rule.sections.get(section, "").strip(), f"{rule.path.name}: empty '{section}'"
    assert rule.example and rule.fixed


def _target(rule):
    """The page's example-target (a GPU the rule's advice depends on), else the tests' sm_80."""
    return make_target(parse_target(rule.example_target)[0]) if rule.example_target else None


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_example_triggers_exactly_this_rule(rule):
    found = set(codes_of(lint_text(rule.example, target=_target(rule))))
    assert found == {rule.code}


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_fixed_triggers_nothing(rule):
    ast.parse(rule.fixed)
    assert codes_of(lint_text(rule.fixed, target=_target(rule))) == []


@pytest.mark.parametrize("rule", [r for r in RULES if r.fix != "none"], ids=lambda r: r.code)
def test_fixing_the_example_gives_fixed(rule):
    result = lint_text(rule.example, select=[rule.code], fix="unsafe", target=_target(rule))
    assert result.fixed_source is not None
    assert result.fixed_source.decode() == rule.fixed
