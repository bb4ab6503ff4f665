"""DL001: a DataLoader feeding a training loop that loads every batch in the main process."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    EnsureImport,
    SetKeyword,
)


def check(ctx: CheckContext) -> None:
    for loader in ctx.facts.dataloaders:
        if loader.opaque or loader.literal("num_workers", 0) != 0:
            continue
        if not ctx.steps.loader_trains(loader) or ctx.facts.dataset_kind(loader) or ctx.facts.collation(loader):
            continue
        if ctx.facts.iterated_on_import(loader):
            continue  # workers started by spawn would re-run the script: it needs a __main__ guard first
        ctx.report(
            loader.argument("num_workers") or loader.node,
            "DataLoader feeds a training loop but loads every batch in the main process "
            "(num_workers=0), so the GPU waits on input: set num_workers",
            (SetKeyword(loader.node, "num_workers", "min(8, os.cpu_count() or 1)"), EnsureImport("os")),
        )
