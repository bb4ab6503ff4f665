"""OPT003: gradient accumulation that clears the gradients on every micro-step."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext


def check(ctx: CheckContext) -> None:
    model = ctx.model
    if not any(site.method == "zero_grad" for site in model.calls):
        return
    guards = ctx.steps.guards
    seen: set[int] = set()
    for accumulation in ctx.steps.accumulations:
        count = accumulation.count_text(model.module)
        for call in ctx.steps.iteration(accumulation.loop):
            site = call.site
            if site.method != "zero_grad" or not call.at_loop_level or call.guarded(guards) or id(site.node) in seen:
                continue
            seen.add(id(site.node))
            ctx.report(
                site.node,
                f"zero_grad() runs on every micro-step but the optimizer steps only every {count}: "
                "each step sees the gradient of the last micro-batch alone; call zero_grad() "
                "right after optimizer.step(), under the same condition",
            )
