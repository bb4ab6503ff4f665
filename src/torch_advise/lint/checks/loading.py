"""DataLoader rules about settings that interact: workers kept across epochs, prefetching,
non-blocking copies, and the size of the last batch."""

from __future__ import annotations

from typing import Iterator, Optional

import libcst as cst

from torch_advise.lint.checks import CheckContext, Violation, check
from torch_advise.lint.fixes import ReplaceNode, SetKeyword
from torch_advise.lint.model import (
    NOT_LITERAL,
    ClassInfo,
    FunctionInfo,
    LoopInfo,
    Scope,
    TrainingModel,
    dotted,
    keyword_args,
    literal_value,
    positional_args,
    string_value,
)
from torch_advise.lint.patterns import DataLoaderCall, non_blocking_flag

# How far up the chain of same-file callers a loop is looked for: `main -> fit -> run_epoch`.
CALLER_DEPTH = 4
# Calls that may be repeated in a fix without changing what the program does.
PURE_CALLS = {"min", "max", "int", "len", "abs", "os.cpu_count"}
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
SHUFFLING_SAMPLERS = {
    "torch.utils.data.RandomSampler",
    "torch.utils.data.sampler.RandomSampler",
    "torch.utils.data.DistributedSampler",
    "torch.utils.data.distributed.DistributedSampler",
}


# ---- values of loader arguments --------------------------------------------------------


def _argparse_defaults(model: TrainingModel, expr: cst.CSTNode, scope: Scope) -> Optional[list[cst.CSTNode]]:
    """`args.workers` where `args = parser.parse_args()`: the defaults of the matching
    `add_argument` calls (a literal `False` for store_true); None when `expr` is not such a read."""
    if not isinstance(expr, cst.Attribute):
        return None
    if not any(
        isinstance(o.expr, cst.Call) and isinstance(o.expr.func, cst.Attribute) and o.expr.func.attr.value == "parse_args"
        for o in model.origins(expr.value, scope)
    ):
        return None
    defaults: list[cst.CSTNode] = []
    for site in model.calls:
        if site.method != "add_argument" or _argparse_dest(site.node) != expr.attr.value:
            continue
        keywords = keyword_args(site.node)
        if "default" in keywords:
            defaults.append(keywords["default"])
        elif string_value(keywords.get("action", cst.Name("None"))) == "store_true":
            defaults.append(cst.Name("False"))
        else:
            defaults.append(cst.Name("None"))
    return defaults or None


def _argparse_dest(call: cst.Call) -> Optional[str]:
    dest = keyword_args(call).get("dest")
    if dest is not None:
        return string_value(dest)
    flags = [string_value(arg) for arg in positional_args(call)]
    flags = [flag for flag in flags if flag]
    chosen = next((f for f in flags if f.startswith("--")), flags[0] if flags else None)
    return chosen.lstrip("-").replace("-", "_") if chosen else None


def _possible_values(ctx: CheckContext, expr: cst.BaseExpression, scope: Scope) -> list[object]:
    """The literal values an expression may hold; NOT_LITERAL stands for any value we cannot see."""
    values: list[object] = []
    for origin in ctx.model.origins(expr, scope):
        defaults = _argparse_defaults(ctx.model, origin.expr, origin.scope)
        if defaults is not None:
            values.extend(literal_value(d) for d in defaults)
        else:
            values.append(literal_value(origin.expr))
    return values or [NOT_LITERAL]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_zero(value: object) -> bool:
    return _is_int(value) and value == 0


def _positive(ctx: CheckContext, expr: cst.BaseExpression, scope: Scope) -> bool:
    """Always more than 0: `4`, `os.cpu_count()`, `min(8, os.cpu_count() or 1)`."""
    origins = ctx.model.origins(expr, scope)
    return bool(origins) and all(_positive_value(ctx, o.expr, o.scope) for o in origins)


def _positive_value(ctx: CheckContext, expr: cst.CSTNode, scope: Scope) -> bool:
    value = literal_value(expr)
    if _is_int(value):
        return value > 0  # type: ignore[operator]
    if isinstance(expr, cst.BooleanOperation) and isinstance(expr.operator, cst.Or):
        return _positive(ctx, expr.left, scope) and _positive(ctx, expr.right, scope)
    if isinstance(expr, cst.Call):
        name = ctx.model.qualname(expr.func, scope) or dotted(expr.func)
        arguments = [a.value for a in expr.args if not a.star]
        if name == "os.cpu_count":
            # None only where the count is unknown, and then `min`/`or` around it decide.
            return True
        if name == "min" and arguments and len(arguments) == len(expr.args):
            return all(_positive(ctx, a, scope) for a in arguments)
        if name == "max" and arguments:
            return any(_positive(ctx, a, scope) for a in arguments)
    return False


def _repeatable(ctx: CheckContext, expr: cst.BaseExpression, scope: Scope) -> bool:
    """An expression a fix may write a second time: names, attributes, literals, arithmetic and
    calls without side effects such as `min(8, os.cpu_count())`."""
    if isinstance(expr, (cst.Name, cst.Integer, cst.SimpleString)):
        return True
    if isinstance(expr, (cst.Attribute, cst.Subscript)):
        return _repeatable(ctx, expr.value, scope)
    if isinstance(expr, cst.BinaryOperation):
        return _repeatable(ctx, expr.left, scope) and _repeatable(ctx, expr.right, scope)
    if isinstance(expr, cst.BooleanOperation):
        return _repeatable(ctx, expr.left, scope) and _repeatable(ctx, expr.right, scope)
    if isinstance(expr, cst.IfExp):
        return all(_repeatable(ctx, part, scope) for part in (expr.test, expr.body, expr.orelse))
    if isinstance(expr, cst.Comparison):
        return _repeatable(ctx, expr.left, scope) and all(_repeatable(ctx, c.comparator, scope) for c in expr.comparisons)
    if isinstance(expr, cst.Call):
        name = ctx.model.qualname(expr.func, scope) or dotted(expr.func)
        return name in PURE_CALLS and not any(a.star for a in expr.args) and all(
            _repeatable(ctx, a.value, scope) for a in expr.args
        )
    return False


def _positive_test(ctx: CheckContext, workers: cst.BaseExpression) -> str:
    """`<workers> > 0` as source, parenthesised where the expression binds more loosely."""
    text = ctx.model.module.code_for_node(workers)
    if not isinstance(workers, (cst.Name, cst.Attribute, cst.Subscript, cst.Call, cst.Integer)):
        text = f"({text})"
    return f"{text} > 0"


# ---- where loops run --------------------------------------------------------------------


def _loops_around(model: TrainingModel, function: FunctionInfo, depth: int = 0) -> list[LoopInfo]:
    """Loops that a call to `function` sits in, in its callers and their callers."""
    found: list[LoopInfo] = []
    if depth >= CALLER_DEPTH:
        return found
    for site in model.calls_to(function):
        found.extend(site.loops)
        if site.function is not None and site.function is not function:
            found.extend(_loops_around(model, site.function, depth + 1))
    return found


def _enclosing_loops(model: TrainingModel, loop: LoopInfo) -> list[LoopInfo]:
    found = list(loop.parents)
    if loop.function is not None:
        found.extend(_loops_around(model, loop.function))
    return found


def _built_in(model: TrainingModel, loader: DataLoaderCall) -> set[LoopInfo]:
    """Loops in which the DataLoader is constructed again on every iteration."""
    loops = set(loader.site.loops)
    if loader.site.function is not None:
        loops.update(_loops_around(model, loader.site.function))
    return loops


def _epoch_loop(ctx: CheckContext, loader: DataLoaderCall) -> Optional[LoopInfo]:
    """A training loop around a loop over `loader`, with the loader built outside it: each of
    its iterations starts the loader's iteration, and so its workers, again."""
    model = ctx.model
    rebuilt = _built_in(model, loader)
    for entry in ctx.facts.loader_loops.get(loader, []):
        for outer in _enclosing_loops(model, entry.loop):
            if outer not in rebuilt and outer is not entry.loop and model.loop_trains(outer):
                return outer
    return None


# ---- DL003 ------------------------------------------------------------------------------


@check("DL003")
def workers_restarted_every_epoch(ctx: CheckContext) -> Iterator[Violation]:
    for loader in ctx.facts.dataloaders:
        if loader.opaque or loader.literal("persistent_workers", False) is not False:
            continue
        workers = loader.argument("num_workers")
        if workers is None:
            continue
        values = _possible_values(ctx, workers, loader.site.scope)
        if all(_is_zero(v) for v in values):
            continue
        if _epoch_loop(ctx, loader) is None:
            continue
        if _positive(ctx, workers, loader.site.scope):
            setting = "True"
        elif _repeatable(ctx, workers, loader.site.scope):
            # persistent_workers=True with no workers raises ValueError, so tie it to the count.
            setting = _positive_test(ctx, workers)
        else:
            setting = None
        yield Violation(
            "DL003",
            loader.argument("persistent_workers") or loader.node,
            "DataLoader workers are shut down after every epoch and started again for the next "
            f"(0.24-0.38 s per epoch measured): set persistent_workers={setting or 'True when there are workers'}",
            (SetKeyword(loader.node, "persistent_workers", setting),) if setting else (),
        )


# ---- DL004 ------------------------------------------------------------------------------


@check("DL004")
def prefetch_without_workers(ctx: CheckContext) -> Iterator[Violation]:
    for loader in ctx.facts.dataloaders:
        prefetch = loader.argument("prefetch_factor")
        if loader.opaque or prefetch is None:
            continue
        scope = loader.site.scope
        prefetched = _possible_values(ctx, prefetch, scope)
        # Before torch 2.0 the default was 2 and only another value raised.
        allowed = None if ctx.target.torch_at_least(2, 0) else 2
        if not all(_is_int(v) and v != allowed for v in prefetched):
            continue
        workers = loader.argument("num_workers")
        if workers is None:
            when, edits = "num_workers is 0 by default", (ReplaceNode(prefetch, "None"),)
        elif _is_zero(loader.literal("num_workers", 0)):
            when, edits = "num_workers=0", (ReplaceNode(prefetch, "None"),)
        elif any(_is_zero(v) for v in _possible_values(ctx, workers, scope)):
            when = f"{ctx.model.module.code_for_node(workers)} can be 0"
            edits = ()
            if _repeatable(ctx, workers, scope):
                value = ctx.model.module.code_for_node(prefetch)
                edits = (ReplaceNode(prefetch, f"{value} if {_positive_test(ctx, workers)} else None"),)
        else:
            continue
        yield Violation(
            "DL004",
            prefetch,
            f"prefetch_factor is set but {when}: DataLoader raises ValueError when there are no "
            "workers; pass prefetch_factor only when num_workers > 0",
            edits,
        )


# ---- DL005 ------------------------------------------------------------------------------


@check("DL005")
def non_blocking_from_pageable_memory(ctx: CheckContext) -> Iterator[Violation]:
    seen: set[int] = set()
    for loader in ctx.facts.dataloaders:
        if loader.opaque or loader.literal("pin_memory", False) is not False:
            continue
        for entry in ctx.facts.loader_loops.get(loader, []):
            for site in ctx.facts.batch_moves_to_cuda(entry):
                flag = non_blocking_flag(site.node)
                if flag is None or literal_value(flag) is not True or id(flag) in seen:
                    continue
                seen.add(id(flag))
                yield Violation(
                    "DL005",
                    flag,
                    "non_blocking=True gains nothing here: the batch comes from a DataLoader without "
                    "pin_memory=True, so the copy from pageable memory blocks anyway (10.2 ms against "
                    "9.9 ms blocking measured); set pin_memory=True on the DataLoader",
                )


# ---- DL006 ------------------------------------------------------------------------------


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
                if not any(isinstance(l, cst.Call) and self.model.qualname(l.func, origin.scope) in CONV_1D for l in layers):
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


@check("DL006")
def batchnorm_last_batch_of_one(ctx: CheckContext) -> Iterator[Violation]:
    models: Optional[_BatchNormModels] = None
    for loader in ctx.facts.dataloaders:
        if loader.opaque or loader.argument("batch_sampler") is not None:
            continue
        if loader.literal("drop_last", False) is not False or not _shuffles(ctx, loader):
            continue
        batch_size = loader.literal("batch_size", 1)
        if batch_size is None or batch_size == 1:
            continue
        models = models or _BatchNormModels(ctx)
        if not models.classes and not any(
            ctx.model.call_name(s) in BATCHNORM_1D for s in ctx.model.calls
        ):
            return
        training = [e.loop for e in ctx.facts.loader_loops.get(loader, []) if ctx.model.loop_trains(e.loop)]
        if not any(models.contains(func, scope) for loop in training for func, scope in _models_called(ctx.model, loop)):
            continue
        yield Violation(
            "DL006",
            loader.argument("drop_last") or loader.node,
            "the model has BatchNorm1d and this shuffled training DataLoader keeps a short last batch: "
            "a last batch of one sample raises 'Expected more than 1 value per channel when training'; "
            "set drop_last=True",
            (SetKeyword(loader.node, "drop_last", "True"),),
        )
