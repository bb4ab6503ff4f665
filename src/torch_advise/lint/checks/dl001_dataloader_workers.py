"""DL001: a DataLoader feeding a training loop that loads every batch in the main process."""

from __future__ import annotations

from typing import Optional

from torch_advise.lint.analysis.constants import truth
from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    EnsureImport,
    SetKeyword,
)
from torch_advise.lint.analysis.facts import DataLoaderCall
from torch_advise.lint.analysis.frameworks import LIGHTNING_LOADER_HOOKS
from torch_advise.lint.analysis.model import Scope, TrainingModel
from torch_advise.lint.analysis.syntax import NOT_LITERAL, device_argument, literal_value, string_value
from torch_advise.lint.syntax_tree import nodes as cst


def check(ctx: CheckContext) -> None:
    for loader in ctx.facts.dataloaders:
        if not loader.settable("num_workers", "collate_fn"):
            continue
        workers = loader.literal("num_workers", 0)
        option = None
        if workers is NOT_LITERAL:
            option = _option_left_at_zero(ctx, loader)
            if option is None and not _bound_to_zero(ctx, loader):
                continue
        elif workers != 0:
            continue
        trainer = None
        if not (ctx.steps.loader_trains(loader) or _trained_by_lightning(ctx, loader)):
            trainer = _trained_where_handed(ctx, loader)
            if trainer is None:
                continue
        feeds = f"the training loop of {trainer}" if trainer is not None else "a training loop"
        # Graphs, and objects that cannot be pinned, batch in worker processes as well as anything
        # (DGL's loaders use them too).
        if ctx.facts.dataset_kind(loader) or ctx.facts.collation(loader) not in ("", "graphs", "unpinnable"):
            continue
        if ctx.facts.iterated_on_import(loader):
            continue  # workers started by spawn would re-run the script: it needs a __main__ guard first
        if _trains_on_the_cpu(ctx):
            continue  # no GPU waits on its input
        if option is not None:
            # The option is what to change: a keyword written over it would ignore the flag.
            ctx.report(
                loader.argument("num_workers") or loader.node,
                f"DataLoader feeds {feeds} but loads every batch in the main process, so the "
                f"GPU waits on input: num_workers is {option}, 0 by default, and no launch script, "
                f"guide or configuration of the project sets it: give {option} a default above 0",
            )
            continue
        ctx.report(
            loader.argument("num_workers") or loader.node,
            f"DataLoader feeds {feeds} but loads every batch in the main process "
            "(num_workers=0), so the GPU waits on input: set num_workers",
            (SetKeyword(loader.node, "num_workers", "min(8, os.cpu_count() or 1)"), EnsureImport("os")),
        )


def _trained_by_lightning(ctx: CheckContext, loader: DataLoaderCall) -> bool:
    """The loader a LightningModule's or LightningDataModule's `train_dataloader` returns, where
    a Trainer built for CUDA fits it: Lightning's fit loop trains on its batches."""
    return ctx.facts.lightning_hook_on_gpu(loader) == LIGHTNING_LOADER_HOOKS["train_dataloader"]


def _trained_where_handed(ctx: CheckContext, loader: DataLoaderCall) -> Optional[str]:
    """The function of another module that trains on the loader's batches, where the dataset is
    one this file builds: one from elsewhere (`context["tensor_train_data"]`) may hold tensors
    already on the GPU, which workers would not help."""
    dataset = loader.argument("dataset")
    origins = ctx.model.origins(dataset, loader.site.scope) if dataset is not None else []
    if not origins or not all(isinstance(origin.expr, cst.Call) for origin in origins):
        return None
    return ctx.facts.trained_where_handed(loader)


def _bound_to_zero(ctx: CheckContext, loader: DataLoaderCall) -> bool:
    """`num_workers=num_workers` where every value the name can hold is 0 (`num_workers = 0` a
    line above, or a module's `NUM_WORKERS = 0`): the literal, spelled through a name. Not a
    parameter, whose callers may pass more, nor an option's default, which a launch script may
    set (_option_left_at_zero decides those)."""
    argument = loader.arguments["num_workers"]
    if not isinstance(argument, cst.Name):
        return False
    bindings = ctx.model.lookup(argument.value, loader.site.scope)
    return bool(bindings) and all(
        binding.kind == "assign" and binding.index is None and binding.value is not None
        and (value := literal_value(binding.value)) == 0 and not isinstance(value, bool) and value is not NOT_LITERAL
        for binding in bindings
    )


def _option_left_at_zero(ctx: CheckContext, loader: DataLoaderCall) -> Optional[str]:
    """The flag of the command-line option `num_workers=args.workers` reads, when its default
    is 0 and nothing in the project sets it (`--workers`); None otherwise."""
    read = ctx.facts.command_line_option(loader.arguments["num_workers"], loader.site.scope)
    if read is None:
        return None
    option, declaring = read
    # Whether a run sets it is asked last: it reads the project's launch files.
    if option.default != 0 or isinstance(option.default, bool) or ctx.project.sets_option(option, declaring):
        return None
    return next((flag for flag in option.flags if flag.startswith("--")), option.flags[0])


def _trains_on_the_cpu(ctx: CheckContext) -> bool:
    """The file names no CUDA (a DistributedDataParallel aside, which also runs on gloo) and
    moves its work to the CPU by name (`DEVICE = torch.device("cpu")` ... `model.to(DEVICE)`)."""
    facts = ctx.facts
    if facts.names_cuda(ddp_counts=False) or any(facts.moves_to_cuda(site) for site in ctx.model.calls if site.method == "to"):
        return False
    model = ctx.model
    for site in model.calls:
        if site.method != "to":
            continue
        device = device_argument(site.node)
        if device is None:
            continue  # `.to(dtype=torch.float16)`
        origins = model.origins(device, site.scope)
        if origins and all(_names_the_cpu(model, origin.expr, origin.scope) for origin in origins):
            return True
    return False


def _names_the_cpu(model: TrainingModel, expr: cst.CSTNode, scope: Scope) -> bool:
    """`"cpu"`, or `torch.device("cpu")`, also as the arm a constant test always takes
    (`torch.device("cuda" if use_cuda else "cpu")` with `use_cuda = False`)."""
    if isinstance(expr, cst.IfExp):
        taken = truth(model, expr.test, scope)
        return taken is not None and _names_the_cpu(model, expr.body if taken else expr.orelse, scope)
    if string_value(expr) == "cpu":
        return True
    return (
        isinstance(expr, cst.Call)
        and model.qualname(expr.func, scope) == "torch.device"
        and bool(expr.args)
        and _names_the_cpu(model, expr.args[0].value, scope)
    )
