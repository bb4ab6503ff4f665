"""DIST002: DistributedDataParallel all-reducing gradients on micro-steps that do not step."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.gpu_work import (
    DDP,
)

# Either turns the all-reduce off for a micro-step; nanoGPT sets the attribute directly.
SYNC_SWITCHES = {"no_sync", "require_backward_grad_sync"}


def check(ctx: CheckContext) -> None:
    model = ctx.model
    if not any(model.call_name(site) in DDP for site in model.calls):
        return
    if ctx.facts.identifiers & SYNC_SWITCHES:
        return
    seen: set[int] = set()
    for accumulation in ctx.steps.accumulations:
        backward = accumulation.backwards[0].site.node
        if id(backward) in seen:
            continue
        seen.add(id(backward))
        count = accumulation.count_text(model.module)
        ctx.report(
            backward,
            f"with DistributedDataParallel every backward() all-reduces the gradients, also on the "
            f"micro-steps that only accumulate (all but one in {count}): run those under "
            "`with model.no_sync():`",
        )
