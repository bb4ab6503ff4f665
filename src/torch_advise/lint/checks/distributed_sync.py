"""DIST002: DistributedDataParallel all-reducing gradients on micro-steps that do not step."""

from __future__ import annotations

from typing import Iterator


from torch_advise.lint.checks import CheckContext, Violation, check
from torch_advise.lint.checks.accumulation import accumulations

DDP = {"torch.nn.parallel.DistributedDataParallel", "torch.nn.parallel.distributed.DistributedDataParallel"}
# Either turns the all-reduce off for a micro-step; nanoGPT sets the attribute directly.
SYNC_SWITCHES = {"no_sync", "require_backward_grad_sync"}


@check("DIST002")
def accumulation_without_no_sync(ctx: CheckContext) -> Iterator[Violation]:
    model = ctx.model
    if not any(model.call_name(site) in DDP for site in model.calls):
        return
    if ctx.facts.identifiers & SYNC_SWITCHES:
        return
    seen: set[int] = set()
    for accumulation in accumulations(ctx):
        backward = accumulation.backwards[0].site.node
        if id(backward) in seen:
            continue
        seen.add(id(backward))
        count = accumulation.count_text(model.module)
        yield Violation(
            "DIST002",
            backward,
            f"with DistributedDataParallel every backward() all-reduces the gradients, also on the "
            f"micro-steps that only accumulate (all but one in {count}): run those under "
            "`with model.no_sync():`",
        )
