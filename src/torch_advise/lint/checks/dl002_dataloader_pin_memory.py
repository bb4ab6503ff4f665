"""DL002: DataLoader batches copied to CUDA from pageable memory."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    SetKeyword,
)
from torch_advise.lint.analysis.syntax import keyword_args


def check(ctx: CheckContext) -> None:
    for loader in ctx.facts.dataloaders:
        if loader.opaque or loader.literal("pin_memory", False) is not False:
            continue
        if ctx.facts.dataset_kind(loader) in ("on-device", "in-memory") or ctx.facts.collation(loader) == "tokenized":
            continue  # nothing to pin, or batches of token ids: a few KB, where pinning saves microseconds
        entries = ctx.facts.loader_loops.get(loader, [])
        if not any(ctx.facts.batch_moves_to_cuda(entry) for entry in entries):
            continue
        ctx.report(
            loader.argument("pin_memory") or loader.node,
            "DataLoader batches are copied to CUDA from pageable memory: set pin_memory=True "
            "(pinned host-to-device copies are up to 8x faster and can overlap compute)",
            # A pin_memory given by position would be given twice: reported without a fix.
            () if loader.argument("pin_memory") is not None and "pin_memory" not in keyword_args(loader.node)
            else (SetKeyword(loader.node, "pin_memory", "True"),),
        )
