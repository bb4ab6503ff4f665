"""AMP007: autocast or autograd context managers joined with `and`/`or` in a `with` item."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import ReplaceNode
from torch_advise.lint.analysis.facts import AUTOCASTS
from torch_advise.lint.analysis.steps import GRAD_OFF, SET_GRAD_ENABLED, disables_autograd
from torch_advise.lint.syntax_tree import nodes as cst

CONTEXT_MANAGERS = AUTOCASTS | GRAD_OFF | SET_GRAD_ENABLED | {"torch.enable_grad", "torch.autograd.enable_grad"}


def _operands(expr: cst.BaseExpression, operator: type) -> list[cst.BaseExpression]:
    """`a and b and c` -> [a, b, c] for cst.And; [] where the chain mixes `and` and `or`."""
    if isinstance(expr, cst.BooleanOperation):
        if not isinstance(expr.operator, operator):
            return []
        left, right = _operands(expr.left, operator), _operands(expr.right, operator)
        return [*left, *right] if left and right else []
    return [expr]


def _is_context_manager(ctx: CheckContext, call: cst.Call) -> bool:
    site = ctx.model.call_site(call)
    return site is not None and ctx.model.call_name(site) in CONTEXT_MANAGERS


def _changes_nothing(ctx: CheckContext, call: cst.Call) -> bool:
    """A dropped `no_grad()` (or `inference_mode()`, `set_grad_enabled(False)`) where autograd is
    already off, under an enclosing block or decorator: entering it would change nothing."""
    site = ctx.model.call_site(call)
    if site is None:
        return False
    return disables_autograd(ctx.model.call_name(site), call) and ctx.steps.grad_mode.site_off(site)


def check(ctx: CheckContext) -> None:
    module = ctx.model.module
    # Each flagged item holds a call to a context manager, so the `with` statements worth
    # reading are those of the file's calls: no walk over the whole tree.
    statements = {id(site.statement): site.statement for site in ctx.model.calls if isinstance(site.statement, cst.With)}
    for statement in statements.values():
        assert isinstance(statement, cst.With)
        for item in statement.items:
            joined = item.item
            if not isinstance(joined, cst.BooleanOperation):
                continue
            # A context manager object is always true: `and` evaluates to the last operand,
            # `or` to the first, and `with` enters only that one.
            keyword = "and" if isinstance(joined.operator, cst.And) else "or"
            operands = _operands(joined, type(joined.operator))
            dropped = operands[:-1] if keyword == "and" else operands[1:]
            skipped = [
                operand
                for operand in dropped
                if isinstance(operand, cst.Call) and _is_context_manager(ctx, operand) and not _changes_nothing(ctx, operand)
            ]
            if not operands or not skipped:
                continue
            edits: tuple[ReplaceNode, ...] = ()
            if item.asname is None and all(isinstance(operand, cst.Call) for operand in operands):
                edits = (ReplaceNode(joined, ", ".join(module.code_for_node(operand) for operand in operands)),)
            ctx.report(
                joined,
                f"`{keyword}` joins the context managers into one expression and `with` enters only its "
                f"{'last' if keyword == 'and' else 'first'} operand, so {module.code_for_node(skipped[0].func)}() "
                "is built but never entered: separate them with a comma",
                edits,
            )
