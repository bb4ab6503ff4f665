"""What a condition is before the program runs: `if num_gpus > 1:` with `num_gpus = 1` above it
is never taken, and `run_epoch(loader, mode="valid")` never enters `if mode == "train":`.

Only what the file itself fixes is read: literals, names every assignment of which binds the
same literal, and parameters bound to literals at one call. Anything else is unknown, and an
unknown condition is always treated as one that may go either way.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any, Optional

from torch_advise.lint.analysis.model import Branch, Scope, TrainingModel
from torch_advise.lint.analysis.syntax import NOT_LITERAL, literal_value
from torch_advise.lint.syntax_tree import nodes as cst

UNKNOWN = NOT_LITERAL

_COMPARISONS: dict[type, Callable[[Any, Any], Any]] = {
    cst.Equal: operator.eq,
    cst.NotEqual: operator.ne,
    cst.LessThan: operator.lt,
    cst.LessThanEqual: operator.le,
    cst.GreaterThan: operator.gt,
    cst.GreaterThanEqual: operator.ge,
    cst.Is: operator.is_,
    cst.IsNot: operator.is_not,
    cst.In: lambda left, right: operator.contains(right, left),
    cst.NotIn: lambda left, right: not operator.contains(right, left),
}


def truth(model: TrainingModel, test: cst.BaseExpression, scope: Scope, bound: Mapping[str, object] = {}) -> Optional[bool]:
    """True or False when `test` is decided by the file alone (with the parameters in `bound`
    fixed to those values); None when it depends on anything the run decides."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = truth(model, test.expression, scope, bound)
        return None if inner is None else not inner
    if isinstance(test, cst.BooleanOperation):
        left = truth(model, test.left, scope, bound)
        right = truth(model, test.right, scope, bound)
        if isinstance(test.operator, cst.And):
            return False if False in (left, right) else (True if left and right else None)
        return True if True in (left, right) else (False if left is False and right is False else None)
    value = value_of(model, test, scope, bound)
    if value is UNKNOWN:
        return None
    try:
        return bool(value)
    except Exception:  # noqa: BLE001 - a literal whose truth raises decides nothing
        return None


def value_of(model: TrainingModel, expr: cst.BaseExpression, scope: Scope, bound: Mapping[str, object] = {}) -> object:
    """The value `expr` always has, or UNKNOWN."""
    if isinstance(expr, cst.Comparison):
        return _compare(model, expr, scope, bound)
    if isinstance(expr, (cst.Tuple, cst.List, cst.Set)):
        values = [value_of(model, e.value, scope, bound) for e in expr.elements if not isinstance(e, cst.StarredElement)]
        if len(values) != len(expr.elements) or UNKNOWN in values:
            return UNKNOWN
        return tuple(values)
    literal = literal_value(expr)
    if literal is not NOT_LITERAL:
        return literal
    if isinstance(expr, cst.Name):
        return _name_value(model, expr.value, scope, bound)
    return UNKNOWN


def _compare(model: TrainingModel, expr: cst.Comparison, scope: Scope, bound: Mapping[str, object]) -> object:
    left = value_of(model, expr.left, scope, bound)
    for target in expr.comparisons:
        right = value_of(model, target.comparator, scope, bound)
        compare = _COMPARISONS.get(type(target.operator))
        if left is UNKNOWN or right is UNKNOWN or compare is None:
            return UNKNOWN
        try:
            holds = compare(left, right)
        except Exception:  # noqa: BLE001 - `1 < "a"` raises at run time; it decides nothing here
            return UNKNOWN
        if not holds:
            return False
        left = right
    return True


def _name_value(model: TrainingModel, name: str, scope: Scope, bound: Mapping[str, object]) -> object:
    bindings = model.lookup(name, scope)
    if not bindings or name in model.rebound_names:
        return UNKNOWN
    if all(b.kind == "param" for b in bindings):
        return bound.get(name, UNKNOWN) if bindings[0].scope is scope else UNKNOWN
    values = set()
    for binding in bindings:
        if binding.kind != "assign" or binding.index is not None or binding.value is None:
            return UNKNOWN
        value = literal_value(binding.value)
        if value is NOT_LITERAL:
            return UNKNOWN
        values.add((type(value), value))
    return next(iter(values))[1] if len(values) == 1 else UNKNOWN


def arm_dead(model: TrainingModel, branch: Branch, scope: Scope, bound: Mapping[str, object] = {}) -> bool:
    """An arm of an `if` that never runs: the body of a condition that is always false, or the
    else of one that is always true."""
    if not isinstance(branch.owner, cst.If) or branch.arm not in ("body", "orelse"):
        return False
    decided = truth(model, branch.owner.test, scope, bound)
    return decided is (branch.arm == "orelse")
