"""PERF003: torch.compile called on every iteration of a training loop."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.model import (
    CallSite,
    LoopInfo,
    TrainingModel,
)
from torch_advise.lint.analysis.syntax import (
    keyword_args,
    positional_args,
)
from torch_advise.lint.syntax_tree import nodes as cst

COMPILES = {"torch.compile", "torch._dynamo.optimize"}


def _compiles_fresh_model(model: TrainingModel, site: CallSite, loop: LoopInfo) -> bool:
    """`torch.compile(Net())`, or of a name assigned a new object in the loop body (or in the
    function that compiles it) rather than only the compiled model itself."""
    arguments: Sequence[Optional[cst.BaseExpression]] = positional_args(site.node)[:1] or [keyword_args(site.node).get("model")]
    argument = arguments[0]
    if isinstance(argument, cst.Call):
        return model.qualname(argument.func, site.scope) not in COMPILES
    if not isinstance(argument, cst.Name):
        return False
    if site.scope is loop.scope:
        values: Sequence[Optional[cst.BaseExpression]] = loop.assigned.get(argument.value, [])
    else:
        values = [b.value for b in model.lookup(argument.value, site.scope) if b.kind == "assign"]
    return any(isinstance(v, cst.Call) and model.qualname(v.func, site.scope) not in COMPILES for v in values)


def check(ctx: CheckContext) -> None:
    model = ctx.model
    compiles = [s for s in model.calls if model.call_name(s) in COMPILES]
    if not compiles:
        return
    guards = ctx.steps.guards
    targets = {id(s.node) for s in compiles}
    seen: set[int] = set()
    for loop in model.training_loops():
        for call in ctx.steps.iteration(loop):
            if id(call.site.node) not in targets or id(call.site.node) in seen or call.guarded(guards):
                continue
            if _compiles_fresh_model(model, call.site, loop):
                continue  # a model built anew each time (one per fold, per run) needs compiling each time
            seen.add(id(call.site.node))
            where = "in a function that the training loop calls on every iteration" if call.via else "on every iteration of the training loop"
            ctx.report(
                call.site.node,
                f"torch.compile() runs {where}: each call wraps the model again "
                "and may recompile (4-7 s per compile measured); compile once, before the loop",
            )
