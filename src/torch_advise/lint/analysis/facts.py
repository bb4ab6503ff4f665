"""PyTorch knowledge the checks share: which calls build loaders, optimizers and scalers, which
loops consume a loader, what a batch is, and whether a device can be CUDA.

Every answer errs towards "unknown": a value we cannot see is never assumed to be wrong.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cached_property
from typing import NamedTuple, Optional

from torch_advise.lint.analysis.backward_elsewhere import project_classes_called
from torch_advise.lint.analysis.command_line import Option
from torch_advise.lint.analysis.constants import truth
from torch_advise.lint.analysis.frameworks import LIGHTNING_LOADER_HOOKS, lightning_class, lightning_loader_hook, lightning_models_on_gpu
from torch_advise.lint.analysis.in_memory_datasets import ARRAY_CONVERSIONS, ARRAY_VIEWS, CONVERTING_METHODS
from torch_advise.lint.analysis.inline import MAX_CALL_DEPTH
from torch_advise.lint.analysis.loader_subclasses import DATALOADER_PARAMS, WORKER_SETTINGS, LoaderForwarding
from torch_advise.lint.analysis.model import Binding, Branch, CallSite, ClassInfo, FunctionInfo, LoopInfo, Origin, Scope, TrainingModel
from torch_advise.lint.analysis.project import ITERATION_WRAPPERS, FunctionFacts, Project
from torch_advise.lint.analysis.syntax import (
    argument_for,
    device_argument,
    dotted,
    has_star_args,
    item_key,
    iterator_source,
    keyword_args,
    literal_value,
    next_source,
    positional_args,
    root_name,
    string_value,
    target_names,
)
from torch_advise.lint.analysis.values import argparse_declarations, argparse_defaults, declared_default, options_parsed_elsewhere
from torch_advise.lint.analysis.walk import descendants
from torch_advise.lint.syntax_tree import nodes as cst
from torch_advise.records import dataclass, field

FLOAT16 = {"torch.float16", "torch.half"}
# FSDP's precision settings (FSDP1 and FSDP2).
FSDP_PRECISIONS = {"MixedPrecision", "MixedPrecisionPolicy"}
# torch 0.x's autograd Variable, whose call hands back the tensor it wraps.
AUTOGRAD_VARIABLE = frozenset({"torch.autograd.Variable", "torch.autograd.variable.Variable"})
OPTIMIZER_NAME = re.compile(r"(optimizer|optim|opt)(_\w+)?|\w+_(optimizer|optim|opt)")
DATALOADER = "torch.utils.data.DataLoader"
# Libraries' DataLoader subclasses that hand their keyword arguments (num_workers, pin_memory,
# persistent_workers) to torch's unchanged, each with its own positional parameters.
_PYG_LOADER_PARAMS = ("dataset", "batch_size", "shuffle", "follow_batch", "exclude_keys")
LIBRARY_LOADERS = {
    "monai.data.DataLoader": ("dataset", "num_workers"),
    "monai.data.dataloader.DataLoader": ("dataset", "num_workers"),
    "torch_geometric.loader.DataLoader": _PYG_LOADER_PARAMS,
    "torch_geometric.loader.dataloader.DataLoader": _PYG_LOADER_PARAMS,
    "torch_geometric.data.DataLoader": _PYG_LOADER_PARAMS,
    # PyG's loaders for dense batches and for DataParallel's lists, with the same parameters.
    "torch_geometric.loader.DenseDataLoader": _PYG_LOADER_PARAMS,
    "torch_geometric.loader.dense_data_loader.DenseDataLoader": _PYG_LOADER_PARAMS,
    "torch_geometric.data.DenseDataLoader": _PYG_LOADER_PARAMS,
    "torch_geometric.loader.DataListLoader": _PYG_LOADER_PARAMS,
    "torch_geometric.loader.data_list_loader.DataListLoader": _PYG_LOADER_PARAMS,
    "torch_geometric.data.DataListLoader": _PYG_LOADER_PARAMS,
}
IN_MEMORY_DATASETS = {"torch.utils.data.TensorDataset"}
# torch.cuda calls that seeding helpers copied into scripts that run on the CPU make too; asking
# whether there is a GPU (`is_available`) still counts: code asks where it means to use one.
CUDA_WITHOUT_WORK = {"torch.cuda.manual_seed", "torch.cuda.manual_seed_all"}
# Calls that pick items of the dataset they are handed, which holds the data: its first argument.
DATASET_VIEWS = {"torch.utils.data.Subset", "torch.utils.data.random_split"}
MAX_DATASET_VIEWS = 3  # views of views followed
GRAPH_LIBRARIES = {"dgl", "dgllife"}
DDP = {"torch.nn.parallel.DistributedDataParallel", "torch.nn.parallel.distributed.DistributedDataParallel"}
DATA_PARALLEL = {
    "torch.nn.DataParallel",
    "torch.nn.parallel.DataParallel",
    "torch.nn.parallel.data_parallel.DataParallel",
}

ITERABLE_DATASETS = {"torch.utils.data.IterableDataset", "torch.utils.data.dataset.IterableDataset"}
CONV2D = {"torch.nn.Conv2d", "torch.nn.modules.conv.Conv2d"}
# Other layers cuDNN runs, in TF32 by default (torch.backends.cudnn.allow_tf32), with what to call them.
CUDNN_LAYERS = {
    **{f"torch.nn.{name}": "convolutions" for name in ("Conv1d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d")},
    **{f"torch.nn.{name}": "recurrent layers" for name in ("LSTM", "GRU", "RNN")},
}

# torchvision builders of convolutional networks (`torchvision.models.resnet50()`).
TORCHVISION_CNNS = (
    "alexnet", "convnext", "densenet", "efficientnet", "googlenet", "inception", "mnasnet",
    "mobilenet", "regnet", "resnet", "resnext", "shufflenet", "squeezenet", "vgg", "wide_resnet",
)
BINARY_CROSS_ENTROPY = {"torch.nn.BCELoss", "torch.nn.modules.loss.BCELoss", "torch.nn.functional.binary_cross_entropy"}
GRAD_SCALERS = {"torch.amp.GradScaler", "torch.cuda.amp.GradScaler"}
CUDA_AUTOCAST = "torch.cuda.amp.autocast"
CPU_AUTOCAST = "torch.cpu.amp.autocast"
AUTOCASTS = {"torch.amp.autocast", CUDA_AUTOCAST, CPU_AUTOCAST}
NOT_OPTIMIZERS = ("torch.optim.lr_scheduler.", "torch.optim.swa_utils.")
# Optimizers outside torch.optim whose step() is the optimizer step: by name, and by module
# (every public class of these modules is an optimizer).
OTHER_OPTIMIZERS = {
    "transformers.AdamW", "transformers.Adafactor", "transformers.optimization.AdamW", "transformers.optimization.Adafactor",
    "lion_pytorch.Lion",
}
OTHER_OPTIMIZER_MODULES = ("bitsandbytes.optim.", "apex.optimizers.", "deepspeed.ops.adam.", "deepspeed.ops.lamb.", "torch_optimizer.")
TORCH_LOADS = {"torch.load", "torch.serialization.load"}
# Calls that pass their argument's items through: `for i, b in enumerate(tqdm(loader))`.
# `metric_logger.log_every(loader, 10)`: the logging iterator of the DeiT/MAE/DETR family.


class AutocastArguments(NamedTuple):
    device: Optional[cst.BaseExpression]  # None for torch.cuda.amp.autocast, or when not given
    dtype: Optional[cst.BaseExpression]
    cuda_only: bool  # the torch.cuda.amp spelling, which runs on CUDA only
    enabled: Optional[cst.BaseExpression]  # None when not given (on)

    @property
    def switched_off(self) -> bool:
        """`enabled=False` written as a literal, by name or in its place (`autocast(False)`)."""
        return self.enabled is not None and literal_value(self.enabled) is False


@dataclass(eq=False)
class DataLoaderCall:
    site: CallSite
    arguments: dict[str, cst.BaseExpression]
    opaque: bool  # **kwargs or *args: its settings cannot be known
    # A library's or the project's subclass (LIBRARY_LOADERS, loader_subclasses.py): torch's
    # worker and memory settings, its own collation.
    library: bool = False
    # Worker settings the subclass decides itself, which this call cannot set.
    decided: frozenset[str] = frozenset()

    def settable(self, *names: str) -> bool:
        """Whether the call's arguments decide these settings, as the rules read them."""
        return not self.opaque and self.decided.isdisjoint(names)

    @property
    def node(self) -> cst.Call:
        return self.site.node

    def argument(self, name: str) -> Optional[cst.BaseExpression]:
        return self.arguments.get(name)

    def literal(self, name: str, default: object) -> object:
        """The argument's literal value, `default` when absent, NOT_LITERAL when computed."""
        value = self.arguments.get(name)
        return default if value is None else literal_value(value)


@dataclass(eq=False)
class LoaderLoop:
    """A loop that takes batches from a loader, with the names its batches are bound to."""

    loop: LoopInfo
    batch_names: set[str] = field(default_factory=set)
    iterated: bool = False  # `for batch in loader` (else only `next(it)` calls take batches)
    nexts: list[CallSite] = field(default_factory=list)  # the `next(it)` calls that take them


class HandedLoader(NamedTuple):
    """A call that hands a loader to another module's function, which iterates it as `param`."""

    site: CallSite
    function: str  # as this file names it: `engine.train_one_epoch`
    facts: FunctionFacts
    param: str
    argument: cst.BaseExpression  # what the call hands as `param`


class Facts:
    """Answers about one model, computed once per file and shared by all checks."""

    def __init__(self, model: TrainingModel, project: Optional[Project] = None) -> None:
        self.model = model
        self.project = project
        self._handed_memo: dict[int, list[HandedLoader]] = {}  # by id of the loader: DL002 and DL003 both ask
        self._loaders_memo: dict[tuple[int, int], list[DataLoaderCall]] = {}

    # ---- loaders --------------------------------------------------------------------------

    @cached_property
    def dataloaders(self) -> list[DataLoaderCall]:
        found = []
        for site in self.model.calls:
            name = self.model.call_name(site)
            params = DATALOADER_PARAMS if name == DATALOADER else LIBRARY_LOADERS.get(name or "")
            if params is None:
                forwarding = self._loader_subclass(site, name)
                if forwarding is not None:
                    found.append(_subclass_call(site, forwarding))
                continue
            call = site.node
            spread = self._spread_keywords(site) if has_star_args(call) else {}
            arguments = dict(zip(params, positional_args(call)))
            arguments.update(spread or {})
            arguments.update(keyword_args(call))
            found.append(DataLoaderCall(site, arguments, opaque=spread is None, library=name != DATALOADER))
        return found

    def _spread_keywords(self, site: CallSite) -> Optional[dict[str, cst.BaseExpression]]:
        """The keyword arguments a call's `**params` spread, where each `params` is a dict
        literal with string keys, bound once and read nowhere but in `**` spreads:
        `DataLoader(ds, **train_params)` after `train_params = {"batch_size": 8, "num_workers": 4}`.
        None where any spread cannot be read so (a `*args`, a dict built or changed elsewhere)."""
        found: dict[str, cst.BaseExpression] = {}
        for argument in site.node.args:
            if not argument.star:
                continue
            if argument.star != "**" or not isinstance(argument.value, cst.Name):
                return None
            bindings = self.model.lookup(argument.value.value, site.scope)
            if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].index is not None:
                return None
            literal = _on_cuda_arm(bindings[0].value)
            if not isinstance(literal, cst.Dict) or not _only_spread(bindings[0].scope.node, argument.value.value, bindings[0].node):
                return None
            for element in literal.elements:
                key = string_value(element.key) if isinstance(element, cst.DictElement) else None
                if key is None:
                    return None
                found[key] = element.value
        return found

    def lightning_hook_on_gpu(self, loader: DataLoaderCall, hooks: Mapping[str, str] = LIGHTNING_LOADER_HOOKS) -> Optional[str]:
        """How often Lightning iterates the loader (one of `hooks`), where a loader hook of a
        LightningModule or LightningDataModule returns it and a Trainer built for CUDA fits
        the hook's class: in this file, or every Trainer of the project."""
        model = self.model
        function = loader.site.function
        hook = lightning_loader_hook(model, function, hooks)
        if hook is None or function is None or function.cls is None:
            return None
        if not any(loader in self.loaders_in(value, function.scope) for value in function.returns):
            return None
        return hook if self.lightning_fitted_on_gpu(function.cls) else None

    def handed_to_a_lightning_class(self, loader: DataLoaderCall, hooks: Mapping[str, str] = LIGHTNING_LOADER_HOOKS) -> Optional[str]:
        """How often Lightning iterates the loader (one of `hooks`), where it is handed to a
        Lightning class of another module of the project whose hook returns what it was handed:
        `System(model, optimizer, train_loader=loader)`."""
        if self.project is None:
            return None
        for site in self.model.calls:
            name = self.model.call_name(site)
            facts = self.project.lightning_class(name) if name else None
            if facts is None:
                continue
            handed = [*enumerate(positional_args(site.node)), *keyword_args(site.node).items()]
            for key, value in handed:
                if loader not in self.loaders_in(value, site.scope):
                    continue
                param = facts.init_params[key] if isinstance(key, int) and key < len(facts.init_params) else str(key)
                hook = facts.hooked_params.get(param)
                if hook is not None and hook in hooks:
                    return hooks[hook]
        return None

    @cached_property
    def _lightning_models_on_gpu(self) -> list[ClassInfo]:
        return lightning_models_on_gpu(self.model)

    def lightning_fitted_on_gpu(self, cls: ClassInfo) -> bool:
        """A Lightning class a Trainer built for CUDA fits: one of this file fits it (or a
        subclass of it), or every Trainer of the project that may fit it trains on CUDA."""
        if any(cls in self.model.class_lineage(built) for built in self._lightning_models_on_gpu):
            return True
        return lightning_class(self.model, cls) and self.project is not None and self.project.lightning_on_gpu()

    def _loader_subclass(self, site: CallSite, name: Optional[str]) -> Optional[LoaderForwarding]:
        """The project's DataLoader subclass a call builds, in this module or another."""
        # Only names that say they are loaders are looked up: other modules are not parsed for
        # every call of the file.
        callee = self.model.callee(site.node, site.scope)
        spelled = callee.name if isinstance(callee, ClassInfo) else (name or "").rpartition(".")[2]
        if self.project is None or "loader" not in spelled.lower():
            return None
        if isinstance(callee, ClassInfo):
            own = self.project.own_summary
            facts = own.classes.get(callee.name) if own is not None and callee.scope.parent is self.model.module_scope else None
            return facts.loader if facts is not None else None
        return self.project.loader_subclass(name) if callee is None and name is not None and "." in name else None

    def loader_of(self, origin: Origin) -> Optional[DataLoaderCall]:
        for loader in self.dataloaders:
            if loader.node is origin.expr:
                return loader
        return None

    def loaders_in(
        self, expr: cst.BaseExpression, scope: Scope, visiting: Optional[set[tuple[int, int]]] = None
    ) -> list[DataLoaderCall]:
        """Loaders whose batches `expr` yields when iterated."""
        if visiting is None:
            # Several checks ask about every argument of every call: each is followed once.
            key = (id(expr), id(scope))
            if key not in self._loaders_memo:
                self._loaders_memo[key] = self.loaders_in(expr, scope, set())
            return self._loaders_memo[key]
        # `pbar = tqdm(pbar)` wraps a name in itself: each expression is followed once.
        if (id(expr), id(scope)) in visiting:
            return []
        visiting.add((id(expr), id(scope)))
        found: list[DataLoaderCall] = []
        for inner in self._unwrap_iteration(expr, scope):
            for origin in self.model.origins(inner, scope):
                loader = self.loader_of(origin)
                if loader is not None and loader not in found:
                    found.append(loader)
                elif isinstance(origin.expr, cst.Call) and origin.expr is not inner:
                    for nested in self._unwrap_iteration(origin.expr, origin.scope):
                        if nested is not origin.expr:
                            found.extend(
                                loader for loader in self.loaders_in(nested, origin.scope, visiting) if loader not in found
                            )
        return found

    def _unwrap_iteration(self, expr: cst.BaseExpression, scope: Scope) -> Iterator[cst.BaseExpression]:
        if isinstance(expr, cst.Call):
            callee = self.model.callee(expr, scope)
            if isinstance(callee, FunctionInfo):
                passed = _passed_through(callee, expr)
                if passed is not None:
                    yield from self._unwrap_iteration(passed, scope)
                    return
        # `loader.__iter__()`; `iter(loader)` is an iteration wrapper, below.
        made_of = iterator_source(expr) if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) else None
        if made_of is not None:
            yield from self._unwrap_iteration(made_of, scope)
            return
        if isinstance(expr, cst.Call) and self.model.callee(expr, scope) is None:
            passed = self._passed_through_elsewhere(expr, scope)
            if passed is not None:
                yield from self._unwrap_iteration(passed, scope)
                return
            name = dotted(expr.func)
            if name is not None and name.split(".")[-1] in ITERATION_WRAPPERS:
                arguments = positional_args(expr)
                if name.split(".")[-1] not in ("zip", "chain"):
                    arguments = arguments[:1]
                for argument in arguments:
                    yield from self._unwrap_iteration(argument, scope)
                return
        yield expr

    def _passed_through_elsewhere(self, call: cst.Call, scope: Scope) -> Optional[cst.BaseExpression]:
        """The argument a generator of another module of the project yields the items of
        (`infiniteloop(loader)` with `def infiniteloop(dataloader): while True: for x, _ in
        iter(dataloader): yield x`), as _passed_through reads one of this file."""
        if self.project is None or has_star_args(call):
            return None
        qualname = self.model.qualname(call.func, scope)
        function = self.project.function_facts(qualname)
        if function is None or not function.yields:
            return None
        arguments = positional_args(call)
        for index, name in enumerate(function.params):
            if name in function.iterated_params:
                return arguments[index] if index < len(arguments) else keyword_args(call).get(name)
        return None

    @cached_property
    def loader_loops(self) -> dict[DataLoaderCall, list[LoaderLoop]]:
        """For each loader, the loops that take batches from it: `for b in loader` and
        `while ...: b = next(it)` with `it = iter(loader)`."""
        result: dict[DataLoaderCall, list[LoaderLoop]] = {loader: [] for loader in self.dataloaders}
        if not self.dataloaders:
            return result
        for loop in self.model.loops:
            feeds: dict[DataLoaderCall, LoaderLoop] = {}
            if isinstance(loop.node, cst.For):
                for loader in self._loaders_iterated(loop):
                    entry = feeds.setdefault(loader, LoaderLoop(loop))
                    entry.batch_names.update(target_names(loop.node.target))
                    entry.iterated = True
            for site in loop.calls:
                source = next_source(site.node)
                if source is not None:
                    for loader in self.loaders_in(source, site.scope):
                        entry = feeds.setdefault(loader, LoaderLoop(loop))
                        entry.batch_names.update(site.assigned_names)
                        entry.nexts.append(site)
            for loader, entry in feeds.items():
                if not _inner_loop_of(loop, [e.loop for e in result[loader]]):
                    result[loader].append(entry)
        return result

    def _loaders_iterated(self, loop: LoopInfo) -> list[DataLoaderCall]:
        """The loaders a `for` loop takes batches from. A name bound in the other arm of an `if`
        the loop sits in holds another value there (`t = tqdm(train_loader)` in the training arm,
        `t = tqdm(test_loader)` in the testing one), where no loop around that `if` lets an
        earlier pass's binding reach it."""
        assert isinstance(loop.node, cst.For)
        iterable = loop.node.iter
        unwrapped = list(self._unwrap_iteration(iterable, loop.scope))
        name = unwrapped[0] if len(unwrapped) == 1 else None
        if not isinstance(name, cst.Name):
            return self.loaders_in(iterable, loop.scope)
        bindings = self.model.lookup(name.value, loop.scope)
        reaching = [binding for binding in bindings if not _other_arm(binding, loop)]
        if len(reaching) == len(bindings) or any(b.kind != "assign" or b.value is None or b.index is not None for b in reaching):
            return self.loaders_in(iterable, loop.scope)
        found: list[DataLoaderCall] = []
        for binding in reaching:
            assert binding.value is not None
            found.extend(loader for loader in self.loaders_in(binding.value, binding.scope) if loader not in found)
        return found

    def handed_to_iteration(self, loader: DataLoaderCall) -> list[HandedLoader]:
        """The calls that hand the loader to a function of another module of the project that
        iterates the parameter it takes it as: `train_one_epoch(model, loader, device)` with
        `for images, targets in loader:` in engine.py."""
        if self.project is None:
            return []
        if id(loader.node) not in self._handed_memo:
            self._handed_memo[id(loader.node)] = self._handed_to_iteration(loader)
        return self._handed_memo[id(loader.node)]

    def _handed_to_iteration(self, loader: DataLoaderCall) -> list[HandedLoader]:
        assert self.project is not None
        found = []
        for site in self._calls_handing(loader):
            name = self.model.call_name(site)
            facts = self.project.function_facts(name)
            reached = [(name or "", facts)] if facts is not None else list(self._methods_reached(site))
            for function, facts in reached:
                for index, param in enumerate(facts.params):
                    if param not in facts.iterated_params:
                        continue
                    handed = argument_for(site.node, param, index)
                    if handed is not None and loader in self.loaders_handed(handed, site.scope):
                        found.append(HandedLoader(site, function, facts, param, handed))
        return found

    def _calls_handing(self, loader: DataLoaderCall) -> Iterator[CallSite]:
        """The calls of this file that hand the loader to what the file does not define. The
        project is asked only about these: its modules are parsed then."""
        for site in self.model.calls:
            if not site.node.args or has_star_args(site.node) or self.model.callee(site.node, site.scope) is not None:
                continue
            if any(loader in self.loaders_handed(arg.value, site.scope) for arg in site.node.args):
                yield site

    def loaders_handed(self, expr: cst.BaseExpression, scope: Scope) -> list[DataLoaderCall]:
        """Loaders an argument hands on: those it yields batches of, or those of a list, tuple or
        dict literal it is (`evaluate(model, [test_loader])`, `{"train": a, "val": b}`), whose
        items the function it is handed to iterates in turn (project.py's iterated parameters)."""
        found = list(self.loaders_in(expr, scope))
        for origin in self.model.origins(expr, scope):
            if isinstance(origin.expr, (cst.List, cst.Tuple, cst.Set)):
                items = [e.value for e in origin.expr.elements if not isinstance(e, cst.StarredElement)]
            elif isinstance(origin.expr, cst.Dict):
                items = [e.value for e in origin.expr.elements if isinstance(e, cst.DictElement)]
            else:
                continue
            found.extend(loader for item in items for loader in self.loaders_in(item, origin.scope) if loader not in found)
        return found

    def _methods_reached(self, site: CallSite) -> Iterator[tuple[str, FunctionFacts]]:
        """The methods of the project's classes the call may run (`trainer.train_epoch(loader)`
        where `trainer = Trainer(...)`), each named `Class.method`."""
        assert self.project is not None
        if site.method is None:
            return
        for cls, methods in project_classes_called(self.model, site):
            for method in methods:
                facts = self.project.method_facts(cls, method)
                if facts is not None:
                    yield f"{cls}.{method}", facts

    def copied_to_cuda_by_constructor(self, loader: DataLoaderCall) -> bool:
        """The loader is handed to the constructor of a class of another module of the project,
        which stores it and copies its batches to a device that can be CUDA in a method:
        `Trainer(train_loader, val_loader, model)` with `for x, y in self.train_loader:
        x = x.to(self.device)` and `self.device = torch.device("cuda:0")` in that module."""
        if self.project is None:
            return False
        for site in self._calls_handing(loader):
            name = self.model.call_name(site)
            found = self.project.constructor_copies(name) if name else None
            if name is None or found is None:
                continue
            params, copied = found
            for index, param in enumerate(params):
                handed = argument_for(site.node, param, index) if param in copied else None
                if handed is None or loader not in self.loaders_in(handed, site.scope):
                    continue
                attribute = copied[param]
                if attribute is None or self.project.class_sets_cuda_attribute(name, attribute):
                    return True
        return False

    def moved_to_cuda_by(self, handed: HandedLoader) -> bool:
        """Whether the function the loader is handed to moves its batches to a device that can be
        CUDA: `.cuda()`, or `.to(device)` of a parameter this call fills with such a device, or
        leaves out where the function's default, or its own choice, can be one."""
        moved = handed.facts.moves
        if handed.param not in moved:
            return False
        device = moved[handed.param]
        if device is None:
            return True
        given = argument_for(handed.site.node, device, handed.facts.params.index(device))
        if given is None:
            return device in handed.facts.cuda_when_omitted
        return self.can_be_cuda(given, handed.site.scope)

    def returned_from(self, loader: DataLoaderCall) -> Optional[tuple[str, Optional[int]]]:
        """(function, index) when a module-level function returns the loader: as its value (index
        None) or as the index-th value of the tuple it returns."""
        function = loader.site.function
        if function is None or function.cls is not None:
            return None
        for returned in function.returns:
            values = [element.value for element in returned.elements] if isinstance(returned, cst.Tuple) else [returned]
            for index, value in enumerate(values):
                if loader in self.loaders_in(value, function.scope):
                    return function.name, index if isinstance(returned, cst.Tuple) else None
        return None

    def copied_to_cuda_where_returned(self, loader: DataLoaderCall) -> bool:
        """A module-level function returns the loader, and another module of the project hands
        it to a function that copies its batches to CUDA: `train_loader, test_loader =
        data_loader(...)` then `train(net, train_loader, ...)` with `inputs.cuda()` there."""
        returned = self.returned_from(loader)
        return returned is not None and self.project is not None and self.project.returned_copied_to_cuda(*returned)

    def trained_where_handed(self, loader: DataLoaderCall) -> Optional[str]:
        """Which function or method of another module of the project trains on the loader's
        items, said for a message: one this file hands it to (`Trainer.train()`, whose epoch loop
        runs `self.train_epoch(dataloader)`), or one another module hands it to, having got it
        from a function of this one that returns it (`train() (called at main.py:25)`)."""
        for handed in self.handed_to_iteration(loader):
            if handed.param in handed.facts.trained_params:
                return f"{handed.function}()"
        returned = self.returned_from(loader)
        trained = self.project.returned_trained_on(*returned) if returned is not None and self.project is not None else None
        return f"{trained[0]}() (called at {trained[1]})" if trained is not None else None

    def trains_in_another_module(self, site: CallSite) -> bool:
        """The call runs a function another module of the project defines, whose body trains
        (`train_one_epoch(...)` imported from engine.py)."""
        if self.project is None or self.model.callee(site.node, site.scope) is not None:
            return False
        name = self.model.call_name(site)
        return name is not None and self.project.trains(name)

    def trains_elsewhere(self, site: CallSite) -> bool:
        """The call runs what another module of the project defines to train: a function
        (`train_one_epoch(...)`), or a method of a project class (`agent.update(batch)` where
        `agent = Agent(...)`, `trainer.train_epoch(loader)`) whose body runs a backward or an
        optimizer step."""
        if self.trains_in_another_module(site):
            return True
        return self.project is not None and any(
            self.project.trains(cls, method) for cls, methods in project_classes_called(self.model, site) for method in methods
        )

    def iterated_on_import(self, loader: DataLoaderCall) -> bool:
        """A loop takes the loader's batches at the module's top level, outside
        `if __name__ == "__main__":`: a worker started by spawn or forkserver (macOS, Windows,
        and Linux from Python 3.14) imports the script again and would start training itself."""
        return any(
            entry.loop.function is None and not any(_is_main_guard(branch) for branch in entry.loop.branches)
            for entry in self.loader_loops.get(loader, [])
        )

    # ---- devices --------------------------------------------------------------------------

    def command_line_option(self, expr: cst.BaseExpression, scope: Scope) -> Optional[tuple[Option, str]]:
        """The command-line option `args.workers` reads, when `args` holds the options parsed
        here (`args = parser.parse_args()`), imported from a module of the project that parses
        them (`from param import args`) or handed back by a function or options class of one
        (`args = get_args()`, `TrainArgParser().parse_args()`), with the path of the module declaring it (for
        Project.sets_option). None where the read is not of one option or no project can be read."""
        if not isinstance(expr, cst.Attribute) or self.project is None:
            return None
        model = self.model
        declared = argparse_declarations(model, expr, scope)
        if declared:
            if len(declared) != 1:
                return None
            default = declared_default(declared[0])
            flags = tuple(flag for flag in (string_value(a) for a in positional_args(declared[0])) if flag)
            if isinstance(declared[0].func, cst.Attribute) and declared[0].func.attr.value.startswith("DEFINE_"):
                flags = (f"--{expr.attr.value}",)
            option = Option(None if default is None else literal_value(default), flags)
            declaring = str(self.project.path)
        else:
            qualname = model.qualname(expr.value, scope)
            found = self.project.option(qualname, expr.attr.value) if qualname is not None and "." in qualname else None
            if found is None:
                elsewhere = options_parsed_elsewhere(model, expr, scope)
                if elsewhere is None or len(elsewhere) != 1:
                    return None
                found = elsewhere[0]
            option, declaring = found
        return option, declaring

    def can_be_cuda(self, expr: cst.CSTNode, scope: Scope, seen: Optional[set] = None) -> bool:
        """True when one of the values the device expression may hold is a CUDA device."""
        seen = set() if seen is None else seen
        if id(expr) in seen:  # `device = torch.device(device)` refers to itself
            return False
        seen.add(id(expr))
        # A name an import binds traces to the import statement: asked by the name itself.
        if isinstance(expr, cst.Name) and self._imported_cuda_device(expr, scope):
            return True
        for origin in self.model.origins(expr, scope):
            node = origin.expr
            if id(node) in self._dead_choices:
                continue
            text = string_value(node)
            if text is not None and text.startswith("cuda"):
                return True
            if isinstance(node, cst.Integer):
                return True  # a device index names a CUDA device: `.to(0)`, `torch.device(args.gpu)`
            if isinstance(node, cst.FormattedString):
                head = node.parts[0] if node.parts else None
                if isinstance(head, cst.FormattedStringText) and head.value.startswith("cuda"):
                    return True
            if _cuda_text_built(node):
                return True
            if isinstance(node, cst.Call):
                name = self.model.qualname(node.func, origin.scope)
                # `str(device)` names the device it is given.
                builtin_str = isinstance(node.func, cst.Name) and node.func.value == "str" and not self.model.lookup("str", origin.scope)
                if (name == "torch.device" or (builtin_str and len(node.args) == 1)) and positional_args(node):
                    if self.can_be_cuda(positional_args(node)[0], origin.scope, seen):
                        return True
                if name == "torch.cuda.current_device":
                    return True
                if self._project_function_returns_cuda(name):
                    return True
            if isinstance(node, cst.Attribute) and self._imported_cuda_device(node, origin.scope):
                return True
            if isinstance(node, cst.Attribute) and self._device_attribute_can_be_cuda(node, origin.scope, seen):
                return True
            if isinstance(node, cst.Attribute) and self._set_to_cuda_by_project(node, origin.scope):
                return True
            if isinstance(node, cst.Attribute) and self._inherited_cuda_attribute(node, origin.scope):
                return True
            if isinstance(node, cst.Subscript) and self._configured_cuda_item(node, origin.scope):
                return True
            defaults = argparse_defaults(self.model, node, origin.scope) if isinstance(node, (cst.Attribute, cst.Call)) else None
            if defaults and any(self.can_be_cuda(default, origin.scope, seen) for default in defaults):
                return True  # `--device` defaulting to "cuda"
        if any(self._handed_cuda(function, name) for function, name in self._parameters_untraced_here(expr, scope, 0)):
            return True
        return any(
            self._handed_cuda_attribute(function, name, attribute)
            for function, name, attribute in self._attributes_of_untraced_parameters(expr, scope, 0)
        )

    def _imported_cuda_device(self, node: cst.CSTNode, scope: Scope) -> bool:
        """`device` of `from util import device` (or `util.device` of `import util`), where that
        module of the project assigns it a device that can be CUDA."""
        if self.project is None:
            return False
        qualname = self.model.qualname(node, scope)
        return qualname is not None and "." in qualname and not qualname.startswith("torch.") and self.project.module_name_can_be_cuda(qualname)

    def _project_function_returns_cuda(self, name: Optional[str]) -> bool:
        """`resolve_device()` imported from a module of the project whose function can return a
        CUDA device (`torch.device("cuda" if torch.cuda.is_available() else "cpu")`)."""
        if self.project is None:
            return False
        facts = self.project.function_facts(name)
        return facts is not None and facts.returns_cuda_device

    def _set_to_cuda_by_project(self, node: cst.Attribute, scope: Scope) -> bool:
        """`opt.device` of `opt = OptInit().get_args()`, where the project module OptInit comes
        from sets `.device` to a CUDA device on the options it builds."""
        if self.project is None:
            return False
        for origin in self.model.origins(node.value, scope):
            base = origin.expr
            while isinstance(base, (cst.Call, cst.Attribute)):
                base = base.func if isinstance(base, cst.Call) else base.value
            if base is origin.expr or not isinstance(origin.expr, cst.Call):
                continue
            name = self.model.qualname(base, origin.scope)
            if name is not None and "." in name and self.project.sets_cuda_attribute(name, node.attr.value):
                return True
        return False

    def _inherited_cuda_attribute(self, node: cst.Attribute, scope: Scope) -> bool:
        """`self.device` in a method of a class whose base, a class of another module of the
        project, sets it to a CUDA device (this file never sets it)."""
        if self.project is None:
            return False
        cls = self.model.enclosing_class(scope, node.value)
        if cls is None:
            return False
        for base in cls.bases:
            name = self.model.qualname(base, cls.scope)
            if name is not None and "." in name and self.project.class_sets_cuda_attribute(name, node.attr.value):
                return True
        return False

    def _configured_cuda_item(self, node: cst.Subscript, scope: Scope) -> bool:
        """`args["device"]` of settings handed in by a caller this file does not have (a
        parameter, `**kwargs`), where the project gives that setting a CUDA device somewhere: a
        YAML file's `device: cuda`, a configuration module's `device = "cuda:0" if ... else
        "cpu"`. The settings a run uses are built elsewhere, so the key is what joins them."""
        key = item_key(node)
        if self.project is None or key is None:
            return False
        handed = bool(self._parameters_untraced_here(node.value, scope, 0)) or any(
            binding.kind == "star" and binding.scope.function is not None and not self.model.calls_to(binding.scope.function)
            for binding in self._bindings_of(node.value, scope)
        )
        return handed and self.project.configures_cuda(key)

    def _parameters_untraced_here(self, expr: cst.CSTNode, scope: Scope, depth: int) -> list[tuple[FunctionInfo, str]]:
        """The parameters a value comes from that no call of this file fills: `device` of
        `def __init__(self, model, device)` behind `self.device`, where only another module
        builds the class."""
        if depth > 4:
            return []
        model = self.model
        if isinstance(expr, cst.IfExp):
            return self._parameters_untraced_here(expr.body, scope, depth + 1) + self._parameters_untraced_here(expr.orelse, scope, depth + 1)
        found = []
        for binding in self._bindings_of(expr, scope):
            function = binding.scope.function
            if binding.kind == "param" and function is not None and not model.calls_to(function):
                found.append((function, binding.name))
            elif binding.kind == "assign" and binding.index is None and binding.value is not None:
                found += self._parameters_untraced_here(binding.value, binding.scope, depth + 1)
        return found

    def _attributes_of_untraced_parameters(self, expr: cst.CSTNode, scope: Scope, depth: int) -> list[tuple[FunctionInfo, str, str]]:
        """The attributes read from parameters that no call of this file fills, each with its
        parameter: `args.device` of `def __init__(self, args)`, also behind `self.device =
        args.device`."""
        if depth > 4:
            return []
        found = []
        if isinstance(expr, cst.Attribute):
            found += [(function, name, expr.attr.value) for function, name in self._parameters_untraced_here(expr.value, scope, depth + 1)]
        for binding in self._bindings_of(expr, scope):
            if binding.kind == "assign" and binding.index is None and binding.value is not None:
                found += self._attributes_of_untraced_parameters(binding.value, binding.scope, depth + 1)
        return found

    def _bindings_of(self, expr: cst.CSTNode, scope: Scope) -> list[Binding]:
        """What binds a name, or the instance attribute `self.x`, where `expr` is one."""
        model = self.model
        if isinstance(expr, cst.Name):
            return model.lookup(expr.value, scope)
        if isinstance(expr, cst.Attribute):
            cls = model.enclosing_class(scope, expr.value)
            return model.class_attribute(cls, expr.attr.value) if cls is not None else []
        return []

    def _handed_cuda_attribute(self, function: FunctionInfo, name: str, attribute: str) -> bool:
        """Whether another module hands the parameter an object whose `attribute` can be CUDA."""
        project = self.project
        if project is None:
            return False
        return self._handed(function, name, lambda callee, param, index: project.cuda_attribute_passed_to(callee, param, index, attribute))

    def handed_cuda_parameters(self, expr: cst.BaseExpression, scope: Scope) -> bool:
        """`params` of `def build_optimizer(params, opt)`, which no call of this file fills and
        a call in the project's other modules fills with the parameters of a module moved to CUDA
        there."""
        if self.project is None:
            return False
        project = self.project
        untraced = self._parameters_untraced_here(expr, scope, 0)
        return bool(untraced) and all(self._handed(function, name, project.cuda_parameters_passed_to) for function, name in untraced)

    def _handed_cuda(self, function: FunctionInfo, name: str) -> bool:
        """Whether another module hands the parameter a CUDA device."""
        return self.project is not None and self._handed(function, name, self.project.cuda_passed_to)

    @staticmethod
    def _handed(function: FunctionInfo, name: str, question: Callable[[str, str, int], bool]) -> bool:
        """What `question` says of the calls other modules make of the parameter's function: a
        module-level function's, or the constructor's of a module-level class (those are what
        other modules can call)."""
        params = [p.name.value for p in function.params]
        if function.self_name is not None:
            params = params[1:]
        if name not in params:
            return False
        at_top = function.scope.parent is not None and function.scope.parent.kind == "module"
        if function.cls is None and at_top:
            return question(function.name, name, params.index(name))
        cls = function.cls
        if cls is not None and function.name == "__init__" and cls.scope.parent is not None and cls.scope.parent.kind == "module":
            return question(cls.name, name, params.index(name))
        return False

    def _device_attribute_can_be_cuda(self, node: cst.Attribute, scope: Scope, seen: set) -> bool:
        """`device.type` of a device that can be CUDA; `images.device` of a tensor this file
        moves to one (`images = batch.to(device)`)."""
        if node.attr.value == "type":
            return self.can_be_cuda(node.value, scope, seen)
        if node.attr.value != "device":
            return False
        for origin in self.model.origins(node.value, scope):
            site = self.model.call_site(origin.expr) if isinstance(origin.expr, cst.Call) else None
            if site is not None and self._moves_to_cuda(site, seen):
                return True
        return self._forward_input(node.value, scope) and self.names_cuda()

    def _forward_input(self, expr: cst.BaseExpression, scope: Scope) -> bool:
        """`x` of a module's `forward(self, x)`: the batch the model runs on, on the model's
        device, which in a file that puts work on CUDA can be a GPU."""
        if not isinstance(expr, cst.Name):
            return False
        bindings = self.model.lookup(expr.value, scope)
        return bool(bindings) and all(
            binding.kind == "param"
            and (function := binding.scope.function) is not None
            and function.name == "forward"
            and function.cls is not None
            and bool(function.cls.bases)
            and expr.value != function.self_name
            for binding in bindings
        )

    @cached_property
    def uses_cuda(self) -> bool:
        """The script puts work on a CUDA device somewhere: without that a sync costs nothing. It
        names CUDA itself, or moves something to a device that can be CUDA, as another module
        may decide (`x.to(opt.device)`)."""
        if self.names_cuda():
            return True
        return any(self.moves_to_cuda(site) for site in self.model.calls if site.method == "to") or any(
            self.moved_to_cuda_by_project(site) for site in self.model.calls if site.node.args
        )

    def names_cuda(self, ddp_counts: bool = True) -> bool:
        """`torch.cuda` calls, `.cuda()`, a string naming a CUDA device or NCCL, or (unless told
        otherwise) a DistributedDataParallel, which mostly runs on CUDA."""
        model = self.model
        for site in model.calls:
            name = model.call_name(site) or ""
            if name.startswith("torch.cuda.") and name not in CUDA_WITHOUT_WORK:
                return True
            if site.method == "cuda" or (ddp_counts and name in DDP):
                return True
        dead = self._dead_choices
        for node in model.cuda_strings:
            if id(node) in dead:
                continue  # `"cuda" if use_cuda else "cpu"` with `use_cuda = False`
            if isinstance(node, cst.FormattedStringText):
                if node.value.startswith("cuda"):
                    return True
            else:
                text = string_value(node) or ""
                if text.startswith("cuda") or text == "nccl":
                    return True
        return False

    @cached_property
    def _dead_choices(self) -> set[int]:
        """The strings in the arm of an `if`-expression its constant test never takes. Only the
        tests of choices with a string in an arm are decided: most choices have none."""
        dead: set[int] = set()
        strings = (cst.SimpleString, cst.FormattedStringText)
        for choice, scope in self.model.choices:
            body, orelse = descendants(choice.body, strings), descendants(choice.orelse, strings)
            if not (body or orelse):
                continue
            taken = truth(self.model, choice.test, scope)
            if taken is not None:
                dead.update(id(node) for node in (orelse if taken else body))
        return dead

    def moves_to_cuda(self, site: CallSite) -> bool:
        """`x.cuda()` or `x.to(<a device that can be CUDA>)`."""
        return self._moves_to_cuda(site, set())

    def _moves_to_cuda(self, site: CallSite, seen: set) -> bool:
        if site.method == "cuda":
            return True
        if site.method == "type":
            return self.casts_to_cuda_type(site)
        if site.method != "to":
            return False
        device = device_argument(site.node)
        return device is not None and self.can_be_cuda(device, site.scope, seen)

    def casts_to_cuda_type(self, site: CallSite, always: bool = False) -> bool:
        """`x.type(torch.cuda.FloatTensor)`, or `.type(dtype)` with `dtype = torch.cuda.FloatTensor`
        (under `if use_cuda` or not; `always`: with no other value): torch 0.x code's move, a
        CUDA tensor type copies the tensor to the GPU."""
        arguments = positional_args(site.node)
        if len(site.node.args) != 1 or len(arguments) != 1:
            return False
        cuda = [
            isinstance(o.expr, (cst.Attribute, cst.SimpleString))
            and _cuda_tensor_type(string_value(o.expr) or self.model.qualname(o.expr, o.scope))
            for o in self.model.origins(arguments[0], site.scope)
        ]
        if always:
            return bool(cuda) and all(cuda)
        return any(cuda)

    def batch_moves_to_cuda(self, entry: LoaderLoop, or_unknown: bool = False) -> list[CallSite]:
        """Calls that move something derived from the loop's batch to a CUDA device, in the loop
        or in a function of this file that the loop hands the batch to; not a copy of data the
        loop pinned itself (`x.pin_memory().to(device)`). `or_unknown`: also to a device this
        file cannot tell (`device = config["device"]`), for a question whose answer presumes GPU
        work anyway."""
        moves = self._moves(entry.loop.calls, entry.loop.assigned, entry.loop.node, set(entry.batch_names), 0, or_unknown)
        # `real = next(looper).to(device)`: the batch moved before it has a name.
        taken = {id(site.node) for site in entry.nexts}
        return moves + [
            site for site in entry.loop.calls
            if site.receiver is not None and id(site.receiver) in taken and self.moves_to_device(site, or_unknown) and site not in moves
        ]

    def copies_of_drawn_batch(self, draw: CallSite, calls: Iterable[CallSite], or_unknown: bool = False) -> Iterator[CallSite]:
        """The moves to a device, among `calls` (those of the scope `draw` is in), of what `draw`
        (`next(batches)`) took: itself (`next(batches).to(device)`) or a name it is bound to
        (`batch = next(batches)` ... `batch["x"].to(device)`)."""
        names = draw.assigned_names
        for move in calls:
            receiver = move.receiver
            if receiver is not None and (receiver is draw.node or root_name(receiver) in names) and self.moves_to_device(move, or_unknown):
                yield move

    def moves_to_device(self, site: CallSite, or_unknown: bool) -> bool:
        """A move to a device that can be CUDA; `or_unknown`: or to one this file cannot tell."""
        if self.moves_to_cuda(site):
            return True
        device = device_argument(site.node) if or_unknown and site.method == "to" else None
        return device is not None and self._unknown_device(device, site.scope)

    def _unknown_device(self, device: cst.BaseExpression, scope: Scope) -> bool:
        """A device some value of which this file cannot read: not a string, not a
        `torch.device(...)` of one."""
        origins = self.model.origins(device, scope)
        for origin in origins:
            node = origin.expr
            if string_value(node) is not None:
                continue
            if isinstance(node, cst.Call) and self.model.qualname(node.func, origin.scope) == "torch.device":
                arguments = positional_args(node)
                if arguments and string_value(arguments[0]) is not None:
                    continue
            return True
        return not origins

    def _moves(
        self, calls: list[CallSite], assigned: dict, node: cst.CSTNode, derived: set[str], depth: int, or_unknown: bool = False
    ) -> list[CallSite]:
        # Names assigned from batch data (`inputs = batch["x"]`, `inputs = to_float(batch["x"])`)
        # are batch data too.
        changed = True
        while changed:
            changed = False
            for name, values in assigned.items():
                if name not in derived and any(v is not None and _made_from(v, derived) for v in values):
                    derived.add(name)
                    changed = True
        # So are comprehension variables over it (`[t.to(dev) for t in batch]`), or over a
        # tuple or list of its parts (`[t.to(dev) for t in (inputs, targets)]`).
        for comprehension in _comprehension_fors(node):
            iterated = comprehension.iter
            parts = [element.value for element in iterated.elements] if isinstance(iterated, (cst.Tuple, cst.List)) else [iterated]
            if any(root_name(part) in derived for part in parts):
                derived.update(target_names(comprehension.target))
        moves = []
        for site in calls:
            receiver = site.receiver
            if receiver is not None and self._batch_data(receiver, site.scope, derived) and self.moves_to_device(site, or_unknown):
                if not _pinned(receiver, assigned):
                    moves.append(site)
            elif self._moved_by_project_function(site, derived) or self._moved_by_subclasses(site, derived):
                moves.append(site)
            elif depth < MAX_CALL_DEPTH:
                callee = self.model.callee(site.node, site.scope)
                if isinstance(callee, FunctionInfo):
                    received = _parameters_given(callee, site.node, derived)
                    if received:
                        values = {
                            name: [b.value for b in bindings if b.kind in ("assign", "loop")]
                            for name, bindings in callee.scope.bindings.items()
                        }
                        moves.extend(self._moves(callee.calls, values, callee.node, received, depth + 1, or_unknown))
        return moves

    def _batch_data(self, receiver: cst.BaseExpression, scope: Scope, derived: set[str]) -> bool:
        """The receiver is batch data: a part of it, or it wrapped as torch 0.x code does before
        moving it (`Variable(images).cuda()`). Not `torch.from_numpy(batch)`: a batch of arrays
        is one a pinning loader leaves unpinned."""
        if root_name(receiver) in derived:
            return True
        if isinstance(receiver, cst.Call) and self.model.qualname(receiver.func, scope) in AUTOGRAD_VARIABLE:
            arguments = positional_args(receiver)
            return bool(arguments) and root_name(arguments[0]) in derived
        return False

    def moved_to_cuda_by_project(self, site: CallSite) -> bool:
        """`x = maybe_cuda(x)`, `to_device(batch, device)`: a function of another module of the
        project that sends what it is handed to CUDA, or to its device parameter, here one that
        can be CUDA."""
        return self._moved_by_project_function(site, None)

    def _moved_by_project_function(self, site: CallSite, derived: Optional[set[str]]) -> bool:
        """`batch = to_device(batch, device)` with `to_device` from another module of the
        project, which sends the parameter it is handed the batch as (any, without `derived`) to
        its device parameter, here one that can be CUDA."""
        if self.project is None or has_star_args(site.node):
            return False
        if derived is not None and not any(root_name(arg.value) in derived for arg in site.node.args):
            return False
        name = self.model.call_name(site)
        if name is None or "." not in name or self.model.callee(site.node, site.scope) is not None:
            return False
        facts = self.project.function_facts(name)
        if facts is None:
            return False
        for data, device in facts.moves.items():
            handed = argument_for(site.node, data, facts.params.index(data))
            if handed is None or (derived is not None and root_name(handed) not in derived):
                continue
            if device is None:
                return True
            target = argument_for(site.node, device, facts.params.index(device))
            if target is not None and self.can_be_cuda(target, site.scope):
                return True
        return False

    def _moved_by_subclasses(self, site: CallSite, derived: set[str]) -> bool:
        """`loss = self.training_forward(batch)` in a class whose subclasses, in other modules of
        the project, override the method to move what it is handed to a device an attribute of
        the instance holds, here one that can be CUDA (`self.device = torch.device("cuda" if
        ... else "cpu")`): a base class's loop that leaves each step to its subclasses."""
        func = site.node.func
        if self.project is None or has_star_args(site.node) or not isinstance(func, cst.Attribute):
            return False
        if not isinstance(func.value, cst.Name) or func.value.value != "self":
            return False
        cls = self.model.enclosing_class(site.scope, func.value)
        if cls is None or cls.scope.parent is None or cls.scope.parent.kind != "module":
            return False
        for index, argument in enumerate(site.node.args):
            if argument.keyword is not None or root_name(argument.value) not in derived:
                continue
            for attribute in self.project.overrides_moving(cls.name, func.attr.value, index):
                bindings = self.model.class_attribute(cls, attribute)
                if any(binding.value is not None and self.can_be_cuda(binding.value, binding.scope) for binding in bindings):
                    return True
        return False

    def copies_wait_in_project(self, site: CallSite) -> bool:
        """`image, label = fetch_data(batch)` with `fetch_data` from another module of the project,
        which copies what it is handed to the GPU with copies that wait for the GPU's queue
        (`batch["image"].cuda()`, no `non_blocking=True`)."""
        if self.project is None or has_star_args(site.node) or self.model.callee(site.node, site.scope) is not None:
            return False
        facts = self.project.function_facts(self.model.call_name(site))
        return facts is not None and any(
            argument_for(site.node, param, facts.params.index(param)) is not None for param in facts.waiting_moves
        )

    def collation(self, loader: DataLoaderCall) -> str:
        """'tokenized' for a collator of already tokenized text (transformers'
        default_data_collator, a DataCollator*, tokenizer.pad): batches of token ids, small and
        cheap to stack; 'unpicklable' for a lambda, which worker processes started by spawn or
        forkserver (the default from Python 3.14) cannot receive; 'graphs' for a collate of a file
        that imports DGL; 'unpinnable' for one a class of the project provides whose instances
        have no `pin_memory` (`collate_fn=Batch.collate()`); else ''."""
        collate = loader.argument("collate_fn")
        if collate is None:
            return ""
        if isinstance(collate, cst.Lambda):
            return "unpicklable"
        if self._imports_graph_library:
            # DGL's batched graphs have only an in-place pin_memory_(), which torch's pinning
            # does not call: a loader's own collate in a DGL program batches graphs it leaves unpinned.
            return "graphs"
        for origin in self.model.origins(collate, loader.site.scope):
            expr = origin.expr
            name = self.model.qualname(expr.func if isinstance(expr, cst.Call) else expr, origin.scope) or ""
            text = dotted(expr.func if isinstance(expr, cst.Call) else expr) or ""
            # Only transformers' own collators are known to stack ready token ids; a project's
            # own Collator class may decode images or files per batch.
            if name.startswith("transformers.") or text.endswith("tokenizer.pad"):
                return "tokenized"
            if isinstance(expr, cst.Lambda):
                return "unpicklable"
            if isinstance(expr, cst.BaseExpression) and self._collates_unpinnable_class(expr, origin.scope):
                return "unpinnable"
        return ""

    def _returned_elements(self, name: cst.BaseExpression, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]]:
        """The names a function of this file returns in the tuple position that `name` is
        unpacked from (`a, b = f()` with `return x, y`)."""
        if not isinstance(name, cst.Name):
            return []
        found: list[tuple[cst.BaseExpression, Scope]] = []
        for binding in self.model.lookup(name.value, scope):
            if binding.kind != "assign" or binding.index is None or binding.value is None:
                continue
            for origin in self.model.origins(binding.value, binding.scope):
                if isinstance(origin.expr, cst.Tuple) and binding.index < len(origin.expr.elements):
                    element = origin.expr.elements[binding.index]
                    if isinstance(element, cst.Element) and isinstance(element.value, cst.Name):
                        found.append((element.value, origin.scope))
        return found

    def _collates_unpinnable_class(self, collate: cst.BaseExpression, scope: Scope) -> bool:
        """`Batch.collate()` or `Batch.from_list`: a collate a class of the project provides,
        which batches into instances of it, where that class has no `pin_memory` for torch's
        pinning to call."""
        function = collate.func if isinstance(collate, cst.Call) else collate
        if self.project is None or not isinstance(function, cst.Attribute):
            return False
        name = self.model.qualname(function.value, scope)
        return name is not None and "." in name and self.project.lacks_pin_memory(name)

    @cached_property
    def _imports_graph_library(self) -> bool:
        return not self.model.imported_packages().isdisjoint(GRAPH_LIBRARIES)

    def dataset_kind(self, loader: DataLoaderCall) -> str:
        """'on-device' for data already on the GPU (worker processes cannot use CUDA once the parent
        has, and CUDA tensors cannot be pinned): CUDA tensors in a list, a zip or a TensorDataset, or
        a dataset class of this file that returns them; 'in-memory' for a TensorDataset or a class
        of this file that only indexes the tensors it was given; 'local' for
        a dataset class defined inside a function (workers started by spawn or forkserver cannot
        unpickle it); 'iterable' for an IterableDataset of this file; else ''."""
        dataset = loader.argument("dataset")
        return self._dataset_kind(dataset, loader.site.scope, 0) if dataset is not None else ""

    def _dataset_kind(self, dataset: cst.BaseExpression, scope: Scope, depth: int) -> str:
        model = self.model
        if self._holds_cuda_tensors(dataset, scope):
            return "on-device"
        origins = model.origins(dataset, scope)
        # `Subset(data, indices)`, `train, val = random_split(data, ...)`: the items are the viewed data's.
        views: list[tuple[cst.CSTNode, Scope]] = [(origin.expr, origin.scope) for origin in origins]
        if isinstance(dataset, cst.Name):
            views += [
                (b.value, b.scope) for b in model.lookup(dataset.value, scope)
                if b.kind == "assign" and b.index is not None and b.value is not None
            ]
        for view, where in views:
            if isinstance(view, cst.Call) and depth < MAX_DATASET_VIEWS and view.args and model.qualname(view.func, where) in DATASET_VIEWS:
                kind = self._dataset_kind(view.args[0].value, where, depth + 1)
                if kind:
                    return kind
        # `train, val, test = prepare(data)`, where the function returns `train, val, test` it
        # took from random_split: the element is followed as a name of its own.
        for element, where in self._returned_elements(dataset, scope) if depth < MAX_DATASET_VIEWS else []:
            kind = self._dataset_kind(element, where, depth + 1)
            if kind:
                return kind
        # A Python list of samples (`[data[i:i + n] for i in starts]`, graphs appended in a loop):
        # indexing it loads nothing.
        if origins and all(isinstance(origin.expr, (cst.List, cst.ListComp, cst.Tuple)) for origin in origins):
            return "in-memory"
        for origin in origins:
            if not isinstance(origin.expr, cst.Call):
                continue
            name = model.qualname(origin.expr.func, origin.scope)
            if name is not None and self.project is not None and "." in name and self.project.dataset_on_device(name):
                return "on-device"
            if name in IN_MEMORY_DATASETS or (name is not None and self.project is not None and self.project.indexes_what_it_was_given(name)):
                return "in-memory"
            built = model.callee(origin.expr, origin.scope)
            if isinstance(built, ClassInfo):
                lineage = model.class_lineage(built)
                if any(self._dataset_moves_to_cuda(klass) for klass in lineage):
                    return "on-device"
                if _indexes_what_it_was_given(model, built):
                    return "in-memory"
                if built.scope.parent is not None and built.scope.parent.kind == "function":
                    return "local"
                for klass in lineage:
                    if any(model.qualname(base, klass.scope.parent or klass.scope) in ITERABLE_DATASETS for base in klass.bases):
                        return "iterable"
        return ""

    def _holds_cuda_tensors(self, expr: cst.BaseExpression, scope: Scope, depth: int = 0) -> bool:
        """`list(zip(ids.to(device), mask.to(device)))`, `TensorDataset(x.cuda(), y.cuda())`, or a
        list filled in a loop that moves data to the GPU (latents cached from an encoder)."""
        model = self.model
        if isinstance(expr, cst.Name) and self._filled_in_a_loop_on_cuda(expr.value, scope):
            return True
        for origin in model.origins(expr, scope):
            node = origin.expr
            if not isinstance(node, cst.Call):
                continue
            site = model.call_site(node)
            if site is not None and self.moves_to_cuda(site):
                return True
            name = model.qualname(node.func, origin.scope)
            container = name in IN_MEMORY_DATASETS or (name is None and dotted(node.func) in ("list", "tuple", "zip"))
            if container and depth < 3 and any(self._holds_cuda_tensors(a.value, origin.scope, depth + 1) for a in node.args):
                return True
            # `UCRDataset(x.to(device), y.to(device))`, a class of another module handed nothing
            # but CUDA tensors: its items are theirs.
            handed = [_before_casts(a.value) for a in node.args if a.star == ""]
            if depth == 0 and handed and len(handed) == len(node.args) and all(
                self._holds_cuda_tensors(value, origin.scope, depth + 1) for value in handed
            ):
                return True
        return False

    def _filled_in_a_loop_on_cuda(self, name: str, scope: Scope) -> bool:
        for site in self.model.calls:
            receiver = site.receiver
            if site.method not in ("append", "extend") or not site.loops or site.scope is not scope:
                continue
            if isinstance(receiver, cst.Name) and receiver.value == name:
                if any(self.moves_to_cuda(other) for other in site.loops[-1].calls):
                    return True
        return False

    def _dataset_moves_to_cuda(self, dataset: ClassInfo) -> bool:
        """Whether the dataset's item or iteration methods put tensors on the GPU."""
        for name in ("__getitem__", "__getitems__", "__iter__", "__next__"):
            method = self.model.method(dataset, name)
            if method is not None and any(self.moves_to_cuda(site) for site in method.calls):
                return True
        return False

    # ---- optimizers, scalers, autocast ------------------------------------------------------

    def is_optimizer_call(self, call: cst.Call, scope: Scope) -> bool:
        name = self.model.qualname(call.func, scope) or ""
        return name.startswith("torch.optim.") and not name.startswith(NOT_OPTIMIZERS) and name.count(".") == 2

    def builds_optimizer(self, call: cst.Call, scope: Scope) -> bool:
        """torch.optim's optimizers, and the other libraries' that training code steps the same way."""
        if self.is_optimizer_call(call, scope):
            return True
        name = self.model.qualname(call.func, scope) or ""
        return name in OTHER_OPTIMIZERS or name.startswith(OTHER_OPTIMIZER_MODULES)

    @cached_property
    def optimizer_names(self) -> frozenset[str]:
        """Names (and `self.` attribute names) that a torch.optim constructor is assigned to."""
        model = self.model
        names = set()
        scopes = [model.module_scope, *(f.scope for f in model.functions)]
        for scope in scopes:
            for name, bindings in scope.bindings.items():
                if any(isinstance(b.value, cst.Call) and self.is_optimizer_call(b.value, b.scope) for b in bindings):
                    names.add(name)
        for cls in model.classes:
            for name, bindings in cls.attributes.items():
                if any(isinstance(b.value, cst.Call) and self.is_optimizer_call(b.value, b.scope) for b in bindings):
                    names.add(name)
        return frozenset(names)

    def may_be_optimizer(self, expr: cst.BaseExpression) -> bool:
        """A cheap first test before is_optimizer: named like one, or like a name an optimizer
        is assigned to in this file."""
        last = (dotted(expr) or "").split(".")[-1]
        return bool(last) and (last in self.optimizer_names or OPTIMIZER_NAME.fullmatch(last) is not None)

    def is_optimizer(self, expr: cst.BaseExpression, scope: Scope) -> bool:
        """Built by a torch.optim constructor, or, for a parameter nobody in this file passes,
        named like one (`optimizer`, `opt`, `d_optim`): its name is all there is to go on."""
        origins = self.model.origins(expr, scope)
        if any(isinstance(o.expr, cst.Call) and self.is_optimizer_call(o.expr, o.scope) for o in origins):
            return True
        text = dotted(expr) or ""
        return not any(isinstance(o.expr, cst.Call) for o in origins) and OPTIMIZER_NAME.fullmatch(
            text.split(".")[-1]
        ) is not None

    def is_scaler(self, receiver: cst.BaseExpression, scope: Scope) -> bool:
        for origin in self.model.origins(receiver, scope):
            if isinstance(origin.expr, cst.Call) and self.model.qualname(origin.expr.func, origin.scope) in GRAD_SCALERS:
                return True
        return False

    @cached_property
    def float16_weights(self) -> bool:
        """Whether FSDP keeps parameters, gradients or their reduction in float16
        (`MixedPrecision(param_dtype=torch.float16)`): then loss scaling is needed whatever
        dtype autocast runs in."""
        for site in self.model.calls:
            name = self.model.call_name(site) or ""
            if name.startswith("torch.distributed.") and name.rsplit(".", 1)[-1] in FSDP_PRECISIONS:
                values = [*positional_args(site.node), *keyword_args(site.node).values()]
                if any(self.model.qualname(value, site.scope) in FLOAT16 for value in values):
                    return True
        return False

    @cached_property
    def builds_convolutions(self) -> bool:
        """A network made of convolutions: a torchvision CNN, or Conv2d built at two places or in a
        loop. A single Conv2d is most often a vision transformer's patch embedding, which gains little."""
        convs = []
        for site in self.model.calls:
            name = self.model.call_name(site) or ""
            if name in CONV2D:
                convs.append(site)
            elif name.startswith("torchvision.models.") and name.rsplit(".", 1)[-1].startswith(TORCHVISION_CNNS):
                return True
        return len(convs) >= 2 or any(site.loops for site in convs)

    @cached_property
    def builds_convolutional_network_elsewhere(self) -> bool:
        """A network class of another module of the project built here, whose module builds
        Conv2d layers at two places or more (`model = STCN().cuda()` with `class STCN(nn.Module)`
        in `model/network.py`)."""
        if self.project is None:
            return False
        names = {name for site in self.model.calls if (name := self.model.call_name(site)) is not None and "." in name}
        return any(not name.startswith(("torch.", "torchvision.")) and self.project.convolutional_network(name) for name in names)

    @cached_property
    def cudnn_layer_kinds(self) -> list[str]:
        """What cuDNN runs of the model, besides a 2D convolutional network: 1D and 3D
        convolutions, LSTMs and GRUs (`["convolutions", "recurrent layers"]`); empty if none."""
        if any(
            dotted(target.target) == "torch.backends.cudnn.enabled" and literal_value(node.value) is False
            for node in descendants(self.model.module, cst.Assign) for target in node.targets
        ):
            return []  # without cuDNN these layers run on cuBLAS matmuls, which the matmul setting speeds up
        kinds = {CUDNN_LAYERS[name] for site in self.model.calls if (name := self.model.call_name(site) or "") in CUDNN_LAYERS}
        return sorted(kinds)

    @cached_property
    def binary_cross_entropy(self) -> bool:
        """nn.BCELoss or F.binary_cross_entropy: autocast refuses them (unsafe in float16 and
        bfloat16 alike), so autocast advice does not hold for such a model as written."""
        return any(self.model.call_name(site) in BINARY_CROSS_ENTROPY for site in self.model.calls)

    @cached_property
    def grad_scalers(self) -> list[CallSite]:
        return [site for site in self.model.calls if self.model.call_name(site) in GRAD_SCALERS]

    @cached_property
    def autocasts(self) -> list[CallSite]:
        return [site for site in self.model.calls if self.model.call_name(site) in AUTOCASTS]

    def overrides_project_method(self, function: FunctionInfo) -> bool:
        """`function` is a method of a class of this file that overrides a method a base class
        defined in another module of the project has: the base's own code may call it."""
        cls = function.cls
        if cls is None or self.project is None:
            return False
        for base in cls.bases:
            name = self.model.qualname(base, cls.scope)
            if name is not None and "." in name and self.project.method_facts(name, function.name) is not None:
                return True
        return False

    def autocast_arguments(self, site: CallSite) -> AutocastArguments:
        """The device and dtype an autocast call names, whichever API spells it."""
        keywords = keyword_args(site.node)
        positional = positional_args(site.node)
        dtype = keywords.get("dtype", positional[1] if len(positional) > 1 else None)
        if self.model.call_name(site) == CUDA_AUTOCAST:
            # torch.cuda.amp.autocast(enabled=True, dtype=torch.float16, cache_enabled=True)
            return AutocastArguments(None, dtype, True, keywords.get("enabled", positional[0] if positional else None))
        # torch.autocast(device_type, dtype=None, enabled=True, cache_enabled=None)
        enabled = keywords.get("enabled", positional[2] if len(positional) > 2 else None)
        return AutocastArguments(keywords.get("device_type", positional[0] if positional else None), dtype, False, enabled)

    @cached_property
    def cuda_autocasts(self) -> list[CallSite]:
        """Autocast regions that may run on CUDA and are not switched off by a literal."""
        found = []
        for site in self.autocasts:
            if self.model.call_name(site) == CPU_AUTOCAST:
                continue
            arguments = self.autocast_arguments(site)
            if arguments.switched_off:
                continue
            if arguments.cuda_only or (arguments.device is not None and self.can_be_cuda(arguments.device, site.scope)):
                found.append(site)
        return found

    @property
    def identifiers(self) -> frozenset[str]:
        """Every name and attribute name the file mentions, to answer "does it ever touch X?"
        (`channels_last`, `allow_tf32`) whatever the form or place."""
        return self.model.identifiers


def _on_cuda_arm(value: Optional[cst.BaseExpression]) -> Optional[cst.BaseExpression]:
    """The loader settings a run on the GPU spreads: the dict itself, or the first arm of
    `{"num_workers": 1, "pin_memory": True} if use_cuda else {}`, whose condition names CUDA
    (every loader rule is about feeding a GPU). Other choices are not read."""
    if not isinstance(value, cst.IfExp) or not isinstance(value.body, cst.Dict) or not isinstance(value.orelse, cst.Dict):
        return value
    test = value.test
    spelled = dotted(test.func if isinstance(test, cst.Call) else test) or ""
    names_cuda = "cuda" in spelled.lower()
    return value.body if names_cuda and not value.orelse.elements else None


def _only_spread(scope: cst.CSTNode, name: str, bound: Optional[cst.CSTNode]) -> bool:
    """Whether `name`, bound at `bound`, is read in `scope` only as `**name`: nothing can change
    the dict it holds (no item set, no method called, not handed to a function)."""
    spread = {id(argument.value) for argument in descendants(scope, cst.Arg) if argument.star == "**"}
    return all(node is bound or id(node) in spread for node in descendants(scope, cst.Name) if node.value == name)


def _subclass_call(site: CallSite, forwarding: LoaderForwarding) -> DataLoaderCall:
    """A call of a DataLoader subclass as the DataLoader call it makes: each argument under the
    name torch takes it by. A worker setting the call leaves to the subclass is decided there
    when the subclass sets it itself, takes it under another name, or gives it a default other
    than torch's."""
    call = site.node
    given = dict(zip(forwarding.params, positional_args(call)))
    given.update(keyword_args(call))
    arguments = {torch_name: given[param] for torch_name, param in forwarding.forwarded.items() if param in given}
    if forwarding.rest:
        named = set(forwarding.params) | set(forwarding.forwarded) | forwarding.set_here
        arguments.update({key: value for key, value in keyword_args(call).items() if key not in named})
    decided = set()
    for setting, default in WORKER_SETTINGS.items():
        param = forwarding.forwarded.get(setting)
        if param is not None:
            if param != setting or (setting not in arguments and forwarding.defaults.get(param, default) != default):
                decided.add(setting)
        elif setting in forwarding.set_here or not forwarding.rest:
            decided.add(setting)
    return DataLoaderCall(site, arguments, opaque=has_star_args(call), library=True, decided=frozenset(decided))


def _passed_through(function: FunctionInfo, call: cst.Call) -> Optional[cst.BaseExpression]:
    """The argument a generator of this file yields the items of: `def cycle(loader): while
    True: for batch in loader: yield batch` (or `yield from loader`), called as `cycle(x)`."""
    if not descendants(function.node, (cst.Yield,)) or has_star_args(call):
        return None
    params = [p.name.value for p in function.params]
    if function.self_name is not None:
        params = params[1:]
    iterated = {dotted(unwrapped_iteration(loop.iter)) for loop in descendants(function.node, cst.For) if isinstance(loop, cst.For)}
    iterated |= {
        dotted(node.value.item) for node in descendants(function.node, cst.Yield)
        if isinstance(node, cst.Yield) and isinstance(node.value, cst.From)
    }
    arguments = positional_args(call)
    for index, name in enumerate(params):
        if name in iterated:
            if index < len(arguments):
                return arguments[index]
            return keyword_args(call).get(name)
    return None


def unwrapped_iteration(expr: cst.BaseExpression) -> cst.BaseExpression:
    """`loader` of `iter(loader)` or `enumerate(loader)`: what a wrapper hands on to iterate."""
    while isinstance(expr, cst.Call) and expr.args and (dotted(expr.func) or "").split(".")[-1] in ITERATION_WRAPPERS:
        expr = expr.args[0].value
    return expr


def _parameters_given(function: FunctionInfo, call: cst.Call, names: set[str]) -> set[str]:
    """The parameters of `function` that receive one of `names` at this call."""
    if has_star_args(call):
        return set()
    params = [p.name.value for p in function.params]
    if function.self_name is not None:
        params = params[1:]
    received = set()
    for index, argument in enumerate(positional_args(call)):
        if index < len(params) and root_name(argument) in names:
            received.add(params[index])
    for name, argument in keyword_args(call).items():
        if name in params and root_name(argument) in names:
            received.add(name)
    return received


# Tensor methods whose result stays on the device of the tensor they are called on:
# `torch.zeros(n).masked_fill(mask, v).to(device)` builds all of it on the CPU, and
# `x.to(device).long()` is on the GPU.
SAME_DEVICE_METHODS = frozenset({
    "masked_fill", "masked_fill_", "fill_", "zero_", "clamp", "clamp_", "float", "long", "int", "bool", "half",
    "bfloat16", "double", "view", "reshape", "unsqueeze", "squeeze", "expand", "repeat", "t", "transpose", "permute",
    "contiguous", "flatten", "normal_", "uniform_", "mul", "mul_", "add", "add_", "sub", "div", "neg",
})


def _before_casts(expr: cst.BaseExpression) -> cst.BaseExpression:
    """`x.to(device)` of `x.to(device).long()`: where the data is, before methods that keep it there."""
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value in SAME_DEVICE_METHODS:
        expr = expr.func.value
    return expr


def _indexes_what_it_was_given(model: TrainingModel, dataset: ClassInfo) -> bool:
    """A TensorDataset in all but name: `__getitem__` calls nothing but conversions of what it
    indexes (`torch.from_numpy(self.x[i])`) and only reads attributes that the constructor set
    from its arguments, as they are or converted (`self.features = X`, `self.X =
    X.astype(np.float32)`), so an item costs an index, whichever process takes it."""
    getitem = dataset.methods.get("__getitem__")
    if getitem is None or len(dataset.node.bases) > 1:
        return False
    if any(_converted(model, site.node, site.scope) is None for site in getitem.calls):
        return False
    read = {
        node.attr.value
        for node in descendants(getitem.node.body, cst.Attribute)
        if isinstance(node.value, cst.Name) and node.value.value == getitem.self_name
    }
    parameters = {
        param.name.value for param in (dataset.methods["__init__"].params if "__init__" in dataset.methods else [])
    }

    instance = {method.self_name for method in dataset.methods.values() if method.self_name}

    def given(binding: Binding, seen: frozenset[str]) -> bool:
        value = binding.value
        # `df[features].astype("int").values.reshape(-1, 5)`: columns of a frame it was handed;
        # `self.x = torch.unsqueeze(self.x, 1)`: what another assignment stored there, reshaped.
        while isinstance(value, (cst.Call, cst.Subscript, cst.Attribute)):
            if isinstance(value, cst.Call):
                value = _converted(model, value, binding.scope)
            elif isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name) and value.value.value in instance:
                name = value.attr.value
                return name in seen or (name in dataset.attributes and all(given(b, seen | {name}) for b in dataset.attributes[name]))
            elif isinstance(value, cst.Attribute) and value.attr.value not in ARRAY_VIEWS:
                return False
            else:
                value = value.value
        return isinstance(value, cst.Name) and value.value in parameters

    return bool(read) and all(
        name in dataset.attributes and all(given(b, frozenset({name})) for b in dataset.attributes[name]) for name in read
    )


def _converted(model: TrainingModel, call: cst.Call, scope: Scope) -> Optional[cst.BaseExpression]:
    """What a conversion converts: `X` of `X.astype(np.float32)` or `torch.from_numpy(X)`; None
    for any other call."""
    # The function first: `torch.unsqueeze(x, 1)` converts `x`, not `torch`.
    if call.args and call.args[0].star == "" and call.args[0].keyword is None and model.qualname(call.func, scope) in ARRAY_CONVERSIONS:
        return call.args[0].value
    if isinstance(call.func, cst.Attribute) and call.func.attr.value in CONVERTING_METHODS:
        return call.func.value
    return None


def _inner_loop_of(loop: LoopInfo, others: list[LoopInfo]) -> bool:
    return any(other in loop.parents for other in others)


def non_blocking_flag(call: cst.Call) -> Optional[cst.BaseExpression]:
    """The non_blocking argument of `x.to(...)` or `x.cuda(...)`, keyword or positional."""
    value = keyword_args(call).get("non_blocking")
    method = call.func.attr.value if isinstance(call.func, cst.Attribute) else None
    if value is None and method == "cuda" and len(positional_args(call)) > 1:
        value = positional_args(call)[1]
    return value


def blocking_copy(call: cst.Call) -> bool:
    """A copy without non_blocking=True: it returns once done."""
    flag = non_blocking_flag(call)
    return flag is None or literal_value(flag) is False


def _pinned(expr: cst.BaseExpression, assigned: dict) -> bool:
    """`x.pin_memory()`, or a name the loop body only ever assigns such a call (as the loop's
    own target, it is rebound to a pinned copy before use)."""
    def pins(value: object) -> bool:
        return isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "pin_memory"

    if pins(expr):
        return True
    # None stands for the loop's own binding of its target.
    values = [v for v in assigned.get(expr.value, []) if v is not None] if isinstance(expr, cst.Name) else []
    return bool(values) and all(pins(value) for value in values)


def _made_from(value: cst.BaseExpression, names: set[str]) -> bool:
    """Whether a value is one of these names, a part of one, or what a call makes of one that it
    is handed (`self.convert_tensor_type(data["image"])`, `mixup(inputs, labels)`)."""
    if root_name(value) in names:
        return True
    return isinstance(value, cst.Call) and any(root_name(argument.value) in names for argument in value.args)


def _comprehension_fors(node: cst.CSTNode) -> Iterator[cst.CompFor]:
    return iter(descendants(node, cst.CompFor))


def _is_main_guard(branch: Branch) -> bool:
    if not isinstance(branch.owner, cst.If) or branch.arm != "body":
        return False
    test = branch.owner.test
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return False
    sides = {dotted(side) or string_value(side) for side in (test.left, test.comparisons[0].comparator)}
    return isinstance(test.comparisons[0].operator, cst.Equal) and sides == {"__name__", "__main__"}


def _other_arm(binding: Binding, loop: LoopInfo) -> bool:
    """The binding sits in one arm of an `if` and the loop in another, and no loop around the
    loop also holds that `if` (a binding from an earlier pass could reach it then)."""
    for bound in binding.branches:
        if not isinstance(bound.owner, cst.If):
            continue
        if any(other.owner is bound.owner and other.arm != bound.arm for other in loop.branches):
            return not any(node is bound.owner for parent in loop.parents for node in descendants(parent.node, cst.If))
    return False


def _cuda_tensor_type(name: Optional[str]) -> bool:
    """`torch.cuda.FloatTensor`, `torch.cuda.LongTensor`: the legacy tensor types of the GPU."""
    return name is not None and name.startswith("torch.cuda.") and name.endswith("Tensor")


def _cuda_text_built(node: cst.CSTNode) -> bool:
    """A device name put together from text that starts with cuda: `"cuda:" + str(rank)`,
    `"cuda:%d" % rank`, `"cuda:{}".format(rank)`."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Modulo)):
        return (string_value(node.left) or "").startswith("cuda")
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "format":
        return (string_value(node.func.value) or "").startswith("cuda")
    return False
