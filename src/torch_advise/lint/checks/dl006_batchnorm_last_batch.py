"""DL006: a shuffled training loader that may end on a batch of one for a BatchNorm1d model."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Optional

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    SetKeyword,
)
from torch_advise.lint.analysis.facts import (
    DataLoaderCall,
)
from torch_advise.lint.analysis.model import (
    ClassInfo,
    FunctionInfo,
    LoopInfo,
    Scope,
    TrainingModel,
)
from torch_advise.lint.analysis.syntax import (
    keyword_args,
    literal_value,
    positional_args,
)
from torch_advise.lint.analysis.values import is_int, possible_values
from torch_advise.lint.syntax_tree import nodes as cst

BATCHNORM_1D = {
    "torch.nn.BatchNorm1d",
    "torch.nn.LazyBatchNorm1d",
    "torch.nn.modules.batchnorm.BatchNorm1d",
    "torch.nn.modules.batchnorm.LazyBatchNorm1d",
}

# After these, BatchNorm1d sees (N, C, L): one sample still gives L values per channel.
CONV_1D = {
    "torch.nn.Conv1d",
    "torch.nn.ConvTranspose1d",
    "torch.nn.LazyConv1d",
    "torch.nn.modules.conv.Conv1d",
    "torch.nn.modules.conv.ConvTranspose1d",
}

SEQUENTIAL = {"torch.nn.Sequential", "torch.nn.modules.container.Sequential"}

MODEL_WRAPPERS = {
    "torch.compile",
    "torch.nn.DataParallel",
    "torch.nn.parallel.DataParallel",
    "torch.nn.parallel.DistributedDataParallel",
    "torch.nn.SyncBatchNorm.convert_sync_batchnorm",
}

# Methods that return the module they are called on.
MODULE_METHODS = {"to", "cuda", "train", "float", "double", "bfloat16", "requires_grad_"}

# Datasets of a size fixed by their files: (training split, test split).
FIXED_SIZES = {
    "torchvision.datasets.MNIST": (60000, 10000),
    "torchvision.datasets.FashionMNIST": (60000, 10000),
    "torchvision.datasets.KMNIST": (60000, 10000),
    "torchvision.datasets.CIFAR10": (50000, 10000),
    "torchvision.datasets.CIFAR100": (50000, 10000),
}
# Batch sizes tried for a dataset of known size when the script's batch size cannot be seen.
LARGEST_BATCH = 4096

SHUFFLING_SAMPLERS = {
    "torch.utils.data.RandomSampler",
    "torch.utils.data.sampler.RandomSampler",
    "torch.utils.data.DistributedSampler",
    "torch.utils.data.distributed.DistributedSampler",
}


def _shuffles(ctx: CheckContext, loader: DataLoaderCall) -> bool:
    if loader.literal("shuffle", False) is True:
        return True
    sampler = loader.argument("sampler")
    if sampler is None:
        return False
    for origin in ctx.model.origins(sampler, loader.site.scope):
        node = origin.expr
        if isinstance(node, cst.Call) and ctx.model.qualname(node.func, origin.scope) in SHUFFLING_SAMPLERS:
            shuffle = keyword_args(node).get("shuffle")
            if shuffle is None or literal_value(shuffle) is True:
                return True
    return False


class _BatchNormModels:
    """Which models of a file contain BatchNorm1d on (N, C) input: classes of the file,
    `nn.Sequential(...)` and the wrappers and `.to(...)` calls around them. A model that also
    builds a Conv1d is left out: its BatchNorm1d most likely normalises (N, C, L) features."""

    def __init__(self, ctx: CheckContext) -> None:
        self.model = ctx.model
        self.classes = self._classes_with_batchnorm()

    def _classes_with_batchnorm(self) -> set[ClassInfo]:
        found: set[ClassInfo] = set()
        changed = True
        while changed:
            changed = False
            for cls in self.model.classes:
                if cls in found:
                    continue
                lineage = self.model.class_lineage(cls)
                sites = [s for s in self.model.calls if s.function is not None and s.function.cls in lineage]
                if any(self.model.call_name(s) in CONV_1D for s in sites):
                    continue
                if any(k in found for k in lineage[1:]) or any(self._builds(s.node, s.scope, found) for s in sites):
                    found.add(cls)
                    changed = True
        return found

    def _builds(self, call: cst.Call, scope: Scope, classes: set[ClassInfo]) -> bool:
        if self.model.qualname(call.func, scope) in BATCHNORM_1D:
            return True
        return self.model.callee(call, scope) in classes

    def contains(self, expr: cst.CSTNode, scope: Scope, depth: int = 0) -> bool:
        if depth > 6:
            return False
        for origin in self.model.origins(expr, scope):
            node = origin.expr
            if not isinstance(node, cst.Call):
                continue
            name = self.model.qualname(node.func, origin.scope)
            if self._builds(node, origin.scope, self.classes):
                return True
            if name in SEQUENTIAL and any(self.contains(a.value, origin.scope, depth + 1) for a in node.args):
                layers = (a.value for a in node.args)
                if not any(isinstance(layer, cst.Call) and self.model.qualname(layer.func, origin.scope) in CONV_1D for layer in layers):
                    return True
            if name in MODEL_WRAPPERS and positional_args(node):
                if self.contains(positional_args(node)[0], origin.scope, depth + 1):
                    return True
            if isinstance(node.func, cst.Attribute) and node.func.attr.value in MODULE_METHODS:
                if self.contains(node.func.value, origin.scope, depth + 1):
                    return True
        return False


def _models_called(model: TrainingModel, loop: LoopInfo) -> Iterator[tuple[cst.BaseExpression, Scope]]:
    """Objects called like functions in the loop or in the functions of this file it runs."""
    sites = list(loop.calls)
    for function in model.reachable_functions(
        [c for c in (model.callee(s.node, s.scope) for s in loop.calls) if isinstance(c, FunctionInfo)]
    ):
        sites.extend(function.calls)
    for site in sites:
        func = site.node.func
        if model.callee(site.node, site.scope) is not None:
            continue
        if isinstance(func, cst.Name) or (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
            yield func, site.scope


def _sizes(ctx: CheckContext, loader: DataLoaderCall) -> Optional[set[int]]:
    """How many samples the loader's dataset may hold, where the dataset's files fix it."""
    dataset = loader.argument("dataset")
    if dataset is None:
        return None
    found: set[int] = set()
    for origin in ctx.model.origins(dataset, loader.site.scope):
        call = origin.expr
        name = ctx.model.qualname(call.func, origin.scope) if isinstance(call, cst.Call) else None
        if name not in FIXED_SIZES or not isinstance(call, cst.Call):
            return None
        train, test = FIXED_SIZES[name]
        positional = positional_args(call)
        split = keyword_args(call).get("train") or (positional[1] if len(positional) > 1 else None)
        chosen = True if split is None else literal_value(split)
        found |= {train} if chosen is True else {test} if chosen is False else {train, test}
    return found or None


def _ends_on_one(ctx: CheckContext, loader: DataLoaderCall) -> bool:
    """Whether the last batch may hold one sample: always, unless the dataset's size is fixed
    (MNIST's 60000: no batch size from 2 to 4096 leaves one over) and no batch size the script
    may use leaves one over."""
    sizes = _sizes(ctx, loader)
    if sizes is None:
        return True
    batch = loader.argument("batch_size")
    values = possible_values(ctx.model, batch, loader.site.scope) if batch is not None else [1]
    known = [value for value in values if isinstance(value, int) and is_int(value)]
    batch_sizes = known if len(known) == len(values) else range(2, LARGEST_BATCH + 1)
    return any(size % batch_size == 1 for size in sizes for batch_size in batch_sizes if batch_size > 1)


def check(ctx: CheckContext) -> None:
    models: Optional[_BatchNormModels] = None
    for loader in ctx.facts.dataloaders:
        # A library's loader collates its own way: a batch of one graph holds many nodes.
        if loader.opaque or loader.library or loader.argument("batch_sampler") is not None:
            continue
        if loader.literal("drop_last", False) is not False or not _shuffles(ctx, loader):
            continue
        batch_size = loader.literal("batch_size", 1)
        if batch_size is None or batch_size == 1:
            continue
        if not _ends_on_one(ctx, loader):
            continue
        models = models or _BatchNormModels(ctx)
        if not models.classes and not any(
            ctx.model.call_name(s) in BATCHNORM_1D for s in ctx.model.calls
        ):
            return
        training = [e.loop for e in ctx.facts.loader_loops.get(loader, []) if ctx.model.loop_trains(e.loop)]
        if not any(models.contains(func, scope) for loop in training for func, scope in _models_called(ctx.model, loop)):
            continue
        ctx.report(
            loader.argument("drop_last") or loader.node,
            "the model has BatchNorm1d and this shuffled training DataLoader keeps a short last batch: "
            "a last batch of one sample raises 'Expected more than 1 value per channel when training'; "
            "set drop_last=True",
            (SetKeyword(loader.node, "drop_last", "True"),),
        )
