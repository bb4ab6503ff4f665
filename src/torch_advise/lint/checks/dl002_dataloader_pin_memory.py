"""DL002: DataLoader batches copied to CUDA from pageable memory."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    SetKeyword,
)
from torch_advise.lint.analysis.facts import DataLoaderCall
from torch_advise.lint.analysis.frameworks import accelerate_prepared, lightning_fit_loaders, lightning_loader_hook, lightning_models_on_gpu
from torch_advise.lint.analysis.syntax import keyword_args


def _prepared_by_accelerate(ctx: CheckContext, loader: DataLoaderCall) -> bool:
    """Handed to `accelerator.prepare`, whose loader copies every batch to the accelerator's device."""
    return any(loader in ctx.facts.loaders_in(handed, site.scope) for site, handed in accelerate_prepared(ctx.model))


def _fitted_on_gpu(ctx: CheckContext, loader: DataLoaderCall) -> bool:
    """Handed to the `fit` of a Lightning Trainer built for CUDA, which copies every batch there,
    or returned by a loader hook of a LightningModule such a Trainer fits."""
    if any(loader in ctx.facts.loaders_in(handed, site.scope) for site, handed in lightning_fit_loaders(ctx.model, on_gpu=True)):
        return True
    function = loader.site.function
    if function is None or function.cls is None or lightning_loader_hook(ctx.model, function) is None:
        return False
    fitted = lightning_models_on_gpu(ctx.model)
    return any(function.cls in ctx.model.class_lineage(cls) for cls in fitted) and any(
        loader in ctx.facts.loaders_in(r, function.scope) for r in function.returns
    )


def check(ctx: CheckContext) -> None:
    for loader in ctx.facts.dataloaders:
        if loader.opaque or loader.literal("pin_memory", False) is not False:
            continue
        if ctx.facts.dataset_kind(loader) in ("on-device", "in-memory") or ctx.facts.collation(loader) == "tokenized":
            continue  # nothing to pin, or batches of token ids: a few KB, where pinning saves microseconds
        entries = ctx.facts.loader_loops.get(loader, [])
        moved = any(ctx.facts.batch_moves_to_cuda(entry) for entry in entries)
        if not (moved or _fitted_on_gpu(ctx, loader) or _prepared_by_accelerate(ctx, loader)):
            continue
        ctx.report(
            loader.argument("pin_memory") or loader.node,
            "DataLoader batches are copied to CUDA from pageable memory: set pin_memory=True "
            "(pinned host-to-device copies are up to 8x faster and can overlap compute)",
            # A pin_memory given by position would be given twice: reported without a fix.
            () if loader.argument("pin_memory") is not None and "pin_memory" not in keyword_args(loader.node)
            else (SetKeyword(loader.node, "pin_memory", "True"),),
        )
