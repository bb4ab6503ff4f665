"""AMP009: GradScaler.unscale_ on every micro-step of gradient accumulation."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.syntax import dotted


def check(ctx: CheckContext) -> None:
    # Reported only at an `unscale_()` call of this file: without one, the training loops
    # (a sixth of a cold run when this rule asked for them first) need not be read.
    if not ctx.model.calls_named("unscale_"):
        return
    seen: set[int] = set()
    for accumulation in ctx.steps.accumulations:
        for call in ctx.steps.iteration(accumulation.loop):
            site = call.site
            if site.method != "unscale_" or site.receiver is None or id(site.node) in seen:
                continue
            if not call.at_loop_level or call.guarded(ctx.steps.guards):
                continue  # only under the step's condition: once per update, as it should be
            text = (dotted(site.receiver) or "").lower()
            if not (ctx.facts.is_scaler(site.receiver, site.scope) or text.endswith("scaler")):
                continue
            seen.add(id(site.node))
            ctx.report(
                site.node,
                f"unscale_() runs on every micro-step, but the optimizer steps every "
                f"{accumulation.count_text(ctx.model.module)} of them: the second call before "
                "update() raises RuntimeError; unscale (and clip) only in the branch that calls "
                "scaler.step(optimizer)",
            )
