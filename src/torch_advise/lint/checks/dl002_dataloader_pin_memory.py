"""DL002: DataLoader batches copied to CUDA from pageable memory."""

from __future__ import annotations

from typing import Optional

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    SetKeyword,
)
from torch_advise.lint.analysis.facts import DataLoaderCall
from torch_advise.lint.analysis.frameworks import (
    LIGHTNING_EVALUATION_HOOKS,
    LIGHTNING_LOADER_HOOKS,
    accelerate_prepared,
    lightning_fit_loaders,
)
from torch_advise.lint.analysis.importers import EVERY_NAME
from torch_advise.lint.analysis.syntax import NOT_LITERAL, has_star_args, keyword_args, next_source
from torch_advise.lint.analysis.values import possible_values
from torch_advise.lint.syntax_tree import nodes as cst


class _FrameworkCopies:
    """The loaders whose batches a framework copies to CUDA itself: those handed to the `fit` of a
    Lightning Trainer built for CUDA or to `accelerator.prepare`, and those a loader hook of a
    LightningModule or LightningDataModule returns (`test_dataloader` too, whose batches
    `trainer.test` copies) where such a Trainer fits it, or where every Trainer of the project
    trains on CUDA. Each framework's calls are read once per file."""

    def __init__(self, ctx: CheckContext) -> None:
        self.ctx = ctx
        self.handed = lightning_fit_loaders(ctx.model, on_gpu=True) + accelerate_prepared(ctx.model)

    def copy(self, loader: DataLoaderCall) -> bool:
        facts = self.ctx.facts
        if any(loader in facts.loaders_in(handed, site.scope) for site, handed in self.handed):
            return True
        hooks = {**LIGHTNING_LOADER_HOOKS, **LIGHTNING_EVALUATION_HOOKS}
        if facts.lightning_hook_on_gpu(loader, hooks) is not None:
            return True
        # Handed to a Lightning class of another module that returns it from a hook.
        return facts.handed_to_a_lightning_class(loader, hooks) is not None and self.ctx.project.lightning_on_gpu()


def _parameter_left_false(ctx: CheckContext, loader: DataLoaderCall) -> Optional[str]:
    """The function whose parameter `pin_memory=pin_memory` passes on, when that parameter can
    only be False: its default, with no call of this file giving another value, no call through
    `*args` or `**kwargs`, and no other module of the project importing the function."""
    value, function = loader.argument("pin_memory"), loader.site.function
    if not isinstance(value, cst.Name) or function is None or function.cls is not None:
        return None
    if value.value not in [param.name.value for param in function.params]:
        return None
    if any(has_star_args(site.node) for site in ctx.model.calls_to(function)):
        return None
    if not all(v is False for v in possible_values(ctx.model, value, loader.site.scope)):
        return None
    taken = ctx.project.names_imported_by_other_modules()
    if taken is None or EVERY_NAME in taken or function.name in taken:
        return None
    return function.name


def _drawn_by_a_step_function(ctx: CheckContext, loader: DataLoaderCall) -> bool:
    """`batch = next(batches).to(device)` in a function that every training step runs and that
    has no loop of its own (`def train(it):` called by the step loop): the loader's batches are
    copied to CUDA there, one a step."""
    each_step = ctx.steps.functions_each_step_runs
    for site in ctx.model.calls:
        source = next_source(site.node)
        function = site.function
        if source is None or site.loops or function is None or function not in each_step:
            continue
        if loader not in ctx.facts.loaders_in(source, site.scope):
            continue
        for move in ctx.facts.copies_of_drawn_batch(site, function.calls):
            receiver = move.receiver
            # `batch.pin_memory().to(device)`: pinned by the step itself.
            if not (isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Attribute) and receiver.func.attr.value == "pin_memory"):
                return True
    return False


def check(ctx: CheckContext) -> None:
    frameworks: Optional[_FrameworkCopies] = None
    for loader in ctx.facts.dataloaders:
        if not loader.settable("pin_memory"):
            continue
        pinned = loader.literal("pin_memory", False)
        function = _parameter_left_false(ctx, loader) if pinned is NOT_LITERAL else None
        if pinned is not False and function is None:
            continue
        if ctx.facts.dataset_kind(loader) in ("on-device", "in-memory") or ctx.facts.collation(loader) in ("tokenized", "graphs", "unpinnable"):
            # Nothing to pin; batches of token ids, a few KB, where pinning saves microseconds;
            # or graphs, or objects without pin_memory, that torch's pinning leaves as they are.
            continue
        entries = ctx.facts.loader_loops.get(loader, [])
        if not any(ctx.facts.batch_moves_to_cuda(entry) for entry in entries):
            frameworks = frameworks or _FrameworkCopies(ctx)
            if not frameworks.copy(loader) and not any(
                ctx.facts.moved_to_cuda_by(handed) for handed in ctx.facts.handed_to_iteration(loader)
            ) and not ctx.facts.copied_to_cuda_by_constructor(loader) and not _drawn_by_a_step_function(ctx, loader) and not (
                ctx.facts.copied_to_cuda_where_returned(loader)
            ):
                continue
        if function is not None:
            # The value is the parameter's: a keyword written over it would ignore what callers pass.
            ctx.report(
                loader.argument("pin_memory") or loader.node,
                "DataLoader batches are copied to CUDA from pageable memory: pin_memory comes from "
                f"{function}()'s pin_memory, False by default and in every call: pass pin_memory=True "
                "or make it the default (pinned host-to-device copies are up to 8x faster and can overlap compute)",
            )
            continue
        ctx.report(
            loader.argument("pin_memory") or loader.node,
            "DataLoader batches are copied to CUDA from pageable memory: set pin_memory=True "
            "(pinned host-to-device copies are up to 8x faster and can overlap compute)",
            # A pin_memory given by position would be given twice: reported without a fix.
            () if loader.argument("pin_memory") is not None and "pin_memory" not in keyword_args(loader.node)
            else (SetKeyword(loader.node, "pin_memory", "True"),),
        )
