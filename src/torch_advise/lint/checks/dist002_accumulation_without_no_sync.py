"""DIST002: DistributedDataParallel all-reducing gradients on micro-steps that do not step."""

from __future__ import annotations

from typing import Optional

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.facts import DDP
from torch_advise.lint.analysis.model import Scope
from torch_advise.lint.analysis.scaler_trace import CLIPS
from torch_advise.lint.analysis.steps import Accumulation, every_iteration
from torch_advise.lint.analysis.syntax import keyword_args, literal_value
from torch_advise.lint.analysis.values import argparse_defaults, is_int, possible_values
from torch_advise.lint.syntax_tree import nodes as cst

# Either turns the all-reduce off for a micro-step; nanoGPT sets the attribute directly.
SYNC_SWITCHES = {"no_sync", "require_backward_grad_sync"}


def _static_graph(ctx: CheckContext) -> bool:
    """DDP told its graph is static (`static_graph=True`, `model._set_static_graph()`): there
    no_sync() fails an internal assert in current torch (pytorch/pytorch#143580)."""
    if "_set_static_graph" in ctx.facts.identifiers:
        return True
    return any(
        ctx.model.call_name(site) in DDP and literal_value(keyword_args(site.node).get("static_graph", cst.Name("False"))) is True
        for site in ctx.model.calls
    )


def _gradients_used_every_micro_step(ctx: CheckContext, accumulation: Accumulation) -> bool:
    """Gradients clipped or unscaled on every micro-step, not only where the optimizer steps
    (BERT distillation's clip_grad_norm_ after each backward): under no_sync() each rank would
    clip its own partial gradients, and the update would change."""
    # The arms inside the loop that the update runs under (`if (i + 1) % k == 0:`): a clip that
    # shares none of them runs on every micro-step.
    around_the_loop = set(accumulation.loop.branches)
    stepping = {branch for step in accumulation.steps for branch in step.branches} - around_the_loop
    return any(
        (site.method == "unscale_" or ctx.model.call_name(site) in CLIPS) and not stepping & set(site.branches)
        for site in accumulation.loop.calls
    )


def check(ctx: CheckContext) -> None:
    model = ctx.model
    if not any(model.call_name(site) in DDP for site in model.calls):
        return
    if ctx.facts.identifiers & SYNC_SWITCHES or _static_graph(ctx):
        return
    seen: set[int] = set()
    guards = ctx.steps.guards
    for accumulation in ctx.steps.accumulations:
        # The backward every micro-step runs: one under a condition (a first-step-only
        # estimate, a debug branch) is not where the all-reduce repeats, unless each arm of the
        # condition has its own (apex's scaled backward or a plain one).
        every_step = every_iteration(accumulation.backwards, guards)
        if not every_step:
            continue
        backward = every_step[0].site.node
        if id(backward) in seen:
            continue
        seen.add(id(backward))
        if _gradients_used_every_micro_step(ctx, accumulation):
            continue
        ones = _count_of_one(ctx, accumulation, every_step[0].site.scope)
        if ones == "written":
            continue  # a count of 1 accumulates nothing
        count = accumulation.count_text(model.module)
        if ones == "default":
            count += ", 1 by default: this costs only where it is set higher"
        ctx.report(
            backward,
            f"with DistributedDataParallel every backward() all-reduces the gradients, also on the "
            f"micro-steps that only accumulate (all but one in {count}): run those under "
            "`with model.no_sync():`",
        )


def _count_of_one(ctx: CheckContext, accumulation: Accumulation, scope: Scope) -> Optional[str]:
    """"written" where the accumulation count can only be 1, "default" where it is a command-line
    option whose default is 1 (a run that sets it higher accumulates); None otherwise."""
    if accumulation.count is None:
        return None
    values = possible_values(ctx.model, accumulation.count, scope)
    if not values or not all(is_int(value) and value == 1 for value in values):
        return None
    origins = ctx.model.origins(accumulation.count, scope)
    from_options = any(argparse_defaults(ctx.model, origin.expr, origin.scope) is not None for origin in origins)
    return "default" if from_options else "written"
