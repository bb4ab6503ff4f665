"""AMP004: GradScaler calls in the wrong order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional, Union

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    SwapStatements,
)
from torch_advise.lint.analysis.scaler_trace import BACKWARDS, STEPS, Event, between, nearest, scaled_by, test_key
from torch_advise.lint.analysis.syntax import (
    keyword_args,
    positional_args,
)
from torch_advise.lint.analysis.walk import descendants
from torch_advise.lint.syntax_tree import nodes as cst


def _statement_pairs(node: cst.CSTNode) -> set[tuple[int, int]]:
    """Consecutive statements of every block under `node`, by node identity."""
    blocks: list[Union[cst.Module, cst.IndentedBlock]] = descendants(node, (cst.Module, cst.IndentedBlock))
    return {
        (id(first), id(second))
        for block in blocks
        for first, second in zip(block.body, block.body[1:])
    }


def _stepped_before(trace: list[Event], event: Event) -> Optional[Event]:
    """A scaler.step() that runs with `event` with no backward in between on its own path: the
    `if amp:` arm steps through the scaler, and a step after the `if` runs on both paths."""
    for stepped in reversed(trace[: event.position]):
        if stepped.kind != "scaler-step" or not stepped.compatible(event):
            continue
        between = trace[stepped.position + 1 : event.position]
        if not any(e.kind in BACKWARDS and e.compatible(stepped) and e.compatible(event) for e in between):
            return stepped
    return None


def _steps_same_optimizer(ctx: CheckContext, scaler_step: Event, optimizer_step: Event) -> bool:
    """`scaler.step(opt)` and `opt.step()` name the same optimizer."""
    arguments: Sequence[Optional[cst.BaseExpression]] = (
        positional_args(scaler_step.site.node)[:1] or [keyword_args(scaler_step.site.node).get("optimizer")]
    )
    receiver = optimizer_step.site.receiver
    if arguments[0] is None or receiver is None:
        return False
    code = ctx.model.module.code_for_node
    return code(arguments[0]) == code(receiver)


def _scalers_of(ctx: CheckContext, backward: Event) -> set[str]:
    """How the code spells the scalers whose `scale(loss)` a scaled backward runs on."""
    receiver = backward.site.receiver
    if receiver is None:
        return set()
    code = ctx.model.module.code_for_node
    return {code(scaler) for scaler in scaled_by(ctx.model, receiver, backward.site.scope)}


def _where_no_scaler(ctx: CheckContext, step: Event, backward: Event) -> bool:
    """The step runs only where the scaler that scaled the loss is None (`if scaler is None:`,
    `if not scaler:`, the `else:` of `if scaler is not None:`): there no loss was scaled. A
    GradScaler defines no truth value of its own, so `not scaler` means there is none."""
    # Negated tests come as the test they negate with the other arm (scaler_trace._positive).
    absent = set()
    for scaler in _scalers_of(ctx, backward):
        absent |= {(test_key(f"{scaler} is None"), "body"), (test_key(scaler), "orelse")}
    return any(test in absent for test in step.tests)


def check(ctx: CheckContext) -> None:
    seen: set[int] = set()
    for trace in ctx.steps.scaler_traces:
        for event in trace:
            if id(event.site.node) in seen:
                continue
            if event.kind == "scaler-update":
                step = nearest(trace, event, {"scaler-step"}, after=True, same_scaler=True)
                done = nearest(trace, event, {"scaler-step", "scaled-backward"}, after=False, same_scaler=True)
                if step is None or (done is not None and done.kind == "scaler-step"):
                    continue
                edits: tuple = ()
                if step.depth == event.depth == 0 and isinstance(event.site.statement, cst.SimpleStatementLine):
                    function = event.site.function
                    pairs = _statement_pairs(function.node if function is not None else ctx.model.module)
                    if (id(event.site.statement), id(step.site.statement)) in pairs:
                        assert step.site.statement is not None  # a pair holds two statements
                        edits = (SwapStatements(event.site.statement, step.site.statement),)
                seen.add(id(event.site.node))
                ctx.report(
                    event.site.node,
                    "scaler.update() runs before scaler.step(optimizer): the step finds no inf checks "
                    "and raises AssertionError; call scaler.step(optimizer) first, then scaler.update()",
                    edits,
                )
            elif event.kind == "optimizer-step":
                backward = nearest(trace, event, BACKWARDS, after=False)
                stepped = _stepped_before(trace, event)
                if stepped is not None and _steps_same_optimizer(ctx, stepped, event):
                    seen.add(id(event.site.node))
                    ctx.report(
                        event.site.node,
                        "optimizer.step() runs again after scaler.step(optimizer) already stepped it for "
                        "this backward: the parameters move twice per batch, the second time with "
                        "unchecked gradients; step once, through the scaler when it is in use",
                    )
                elif (
                    backward is not None
                    and backward.kind == "scaled-backward"
                    and not between(trace, backward, event, "scaler-step")
                    and not _where_no_scaler(ctx, event, backward)
                ):
                    seen.add(id(event.site.node))
                    ctx.report(
                        event.site.node,
                        "optimizer.step() is called directly after scaler.scale(loss).backward(): it steps "
                        "with gradients still scaled and skips the inf checks; use scaler.step(optimizer)",
                    )
            elif event.kind == "backward":
                step = nearest(trace, event, STEPS, after=True)
                if step is not None and step.kind == "scaler-step":
                    seen.add(id(event.site.node))
                    ctx.report(
                        event.site.node,
                        "backward() runs on the unscaled loss while scaler.step() is used: "
                        "call scaler.scale(loss).backward()",
                    )
