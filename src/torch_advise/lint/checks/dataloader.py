"""DataLoader rules: how batches are loaded and handed to the GPU."""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from torch_advise.lint.checks import CheckContext, Violation, check
from torch_advise.lint.fixes import EnsureImport, SetKeyword
from torch_advise.lint.model import ClassInfo, Scope, dotted
from torch_advise.lint.patterns import DataLoaderCall

IN_MEMORY_DATASETS = {"torch.utils.data.TensorDataset"}
ITERABLE_DATASETS = {"torch.utils.data.IterableDataset", "torch.utils.data.dataset.IterableDataset"}


def _dataset_kind(ctx: CheckContext, loader: DataLoaderCall) -> str:
    """'on-device' for data already on the GPU (worker processes cannot use CUDA once the parent
    has, and CUDA tensors cannot be pinned): CUDA tensors in a list, a zip or a TensorDataset, or
    a dataset class of this file that returns them; 'in-memory' for a TensorDataset; 'local' for
    a dataset class defined inside a function (workers started by spawn or forkserver cannot
    unpickle it); 'iterable' for an IterableDataset of this file; else ''."""
    dataset = loader.argument("dataset")
    if dataset is None:
        return ""
    model = ctx.model
    if _holds_cuda_tensors(ctx, dataset, loader.site.scope):
        return "on-device"
    for origin in model.origins(dataset, loader.site.scope):
        if not isinstance(origin.expr, cst.Call):
            continue
        if model.qualname(origin.expr.func, origin.scope) in IN_MEMORY_DATASETS:
            return "in-memory"
        built = model.callee(origin.expr, origin.scope)
        if isinstance(built, ClassInfo):
            lineage = model.class_lineage(built)
            if any(_moves_to_cuda(ctx, klass) for klass in lineage):
                return "on-device"
            if built.scope.parent is not None and built.scope.parent.kind == "function":
                return "local"
            for klass in lineage:
                if any(model.qualname(base, klass.scope.parent or klass.scope) in ITERABLE_DATASETS for base in klass.bases):
                    return "iterable"
    return ""


def _holds_cuda_tensors(ctx: CheckContext, expr: cst.BaseExpression, scope: Scope, depth: int = 0) -> bool:
    """`list(zip(ids.to(device), mask.to(device)))`, `TensorDataset(x.cuda(), y.cuda())`."""
    model = ctx.model
    for origin in model.origins(expr, scope):
        node = origin.expr
        if not isinstance(node, cst.Call):
            continue
        site = model.call_site(node)
        if site is not None and ctx.facts.moves_to_cuda(site):
            return True
        name = model.qualname(node.func, origin.scope)
        container = name in IN_MEMORY_DATASETS or (name is None and dotted(node.func) in ("list", "tuple", "zip"))
        if container and depth < 3 and any(_holds_cuda_tensors(ctx, a.value, origin.scope, depth + 1) for a in node.args):
            return True
    return False


def _moves_to_cuda(ctx: CheckContext, dataset: ClassInfo) -> bool:
    """Whether the dataset's item or iteration methods put tensors on the GPU."""
    for name in ("__getitem__", "__getitems__", "__iter__", "__next__"):
        method = ctx.model.method(dataset, name)
        if method is not None and any(ctx.facts.moves_to_cuda(site) for site in method.calls):
            return True
    return False


@check("DL001")
def dataloader_without_workers(ctx: CheckContext) -> Iterator[Violation]:
    for loader in ctx.facts.dataloaders:
        if loader.opaque or loader.literal("num_workers", 0) != 0:
            continue
        if not ctx.facts.loader_trains(loader) or _dataset_kind(ctx, loader):
            continue
        yield Violation(
            "DL001",
            loader.argument("num_workers") or loader.node,
            "DataLoader feeds a training loop but loads every batch in the main process "
            "(num_workers=0), so the GPU waits on input: set num_workers",
            (SetKeyword(loader.node, "num_workers", "min(8, os.cpu_count() or 1)"), EnsureImport("os")),
        )


@check("DL002")
def dataloader_without_pinned_memory(ctx: CheckContext) -> Iterator[Violation]:
    for loader in ctx.facts.dataloaders:
        if loader.opaque or loader.literal("pin_memory", False) is not False:
            continue
        if _dataset_kind(ctx, loader) == "on-device":
            continue
        entries = ctx.facts.loader_loops.get(loader, [])
        if not any(ctx.facts.batch_moves_to_cuda(entry) for entry in entries):
            continue
        yield Violation(
            "DL002",
            loader.argument("pin_memory") or loader.node,
            "DataLoader batches are copied to CUDA from pageable memory: set pin_memory=True "
            "(pinned host-to-device copies are up to 8x faster and can overlap compute)",
            (SetKeyword(loader.node, "pin_memory", "True"),),
        )
