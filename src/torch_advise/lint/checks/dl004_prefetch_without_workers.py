"""DL004: prefetch_factor given to a DataLoader that may have no workers, which raises."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    Edit,
    ReplaceNode,
)
from torch_advise.lint.analysis.values import (
    is_int,
    is_zero,
    positive_test,
    possible_values,
    repeatable,
)


def check(ctx: CheckContext) -> None:
    # Reported only at a value this file gives prefetch_factor, as a keyword or a dict key, so
    # the name is in its text; without it the loaders need not be found.
    if "prefetch_factor" not in ctx.model.module.code:
        return
    for loader in ctx.facts.dataloaders:
        prefetch = loader.argument("prefetch_factor")
        if not loader.settable("prefetch_factor", "num_workers") or prefetch is None:
            continue
        scope = loader.site.scope
        prefetched = possible_values(ctx.model, prefetch, scope)
        # Before torch 2.0 the default was 2 and only another value raised.
        allowed = None if ctx.target.torch_at_least(2, 0) else 2
        # What "no prefetch_factor" is spelled as: None from torch 2.0, the default 2 before it.
        no_prefetch = "None" if allowed is None else "2"
        if not all(is_int(v) and v != allowed for v in prefetched):
            continue
        workers = loader.argument("num_workers")
        edits: tuple[Edit, ...]
        if workers is None:
            when, edits = "num_workers is 0 by default", (ReplaceNode(prefetch, no_prefetch),)
        elif is_zero(loader.literal("num_workers", 0)):
            when, edits = "num_workers=0", (ReplaceNode(prefetch, no_prefetch),)
        elif any(is_zero(v) for v in possible_values(ctx.model, workers, scope)):
            when = f"{ctx.model.module.code_for_node(workers)} can be 0"
            edits = ()
            if repeatable(ctx.model, workers, scope):
                value = ctx.model.module.code_for_node(prefetch)
                edits = (ReplaceNode(prefetch, f"{value} if {positive_test(ctx.model, workers)} else {no_prefetch}"),)
        else:
            continue
        ctx.report(
            prefetch,
            f"prefetch_factor is set but {when}: DataLoader raises ValueError when there are no "
            "workers; pass prefetch_factor only when num_workers > 0",
            edits,
        )
