"""The other modules of a file's project, read with the stdlib ast and only when a rule asks: the
facts one file cannot show.

A module's summary holds what it builds and what it does with it, by name, in the module's own
terms (`loader = build_loader(cfg)`, a loop over `loader` inside a loop that trains, a function
that iterates its first parameter); questions that span modules join summaries through the
import graph (importers.py) at the time they are asked. A summary is made once per file per
process, from the file's bytes, and costs an `ast.parse` of it.

Every answer errs towards "not known", so a rule that needs one stays quiet without it.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Optional, Union

from torch_advise.lint.analysis.command_line import CommandLine, Option, command_line
from torch_advise.lint.analysis.configured_values import configuration_settings, configured_positive, cuda_settings
from torch_advise.lint.analysis.frameworks import LIGHTNING_EVALUATION_HOOKS, LIGHTNING_LOADER_HOOKS, is_lightning
from torch_advise.lint.analysis.importers import (
    NOTEBOOK_SUFFIX,
    ModuleReference,
    dotted_name,
    files_matching,
    import_line_words,
    importers_of,
    imports_by_version,
    module_parts,
    module_reference,
    names_imported_from,
    parse_python,
    project_folder,
    python_files,
    read_code,
    read_file,
)
from torch_advise.lint.analysis.in_memory_datasets import indexes_what_it_was_given
from torch_advise.lint.analysis.lightning_trainers import CONFIGURED, configuration_device, is_test_module, trainer_devices
from torch_advise.lint.analysis.loader_subclasses import TORCH_DATALOADERS, LoaderForwarding, loader_forwarding
from torch_advise.lint.analysis.precision import PRECISION_NAMES, chosen_precisions
from torch_advise.lint.analysis.star_exports import OWN, UNKNOWN, StarExports, star_exports
from torch_advise.lint.notebook import cell_line
from torch_advise.lint.project_files import LAUNCH_SUFFIXES, forget_states, project_files
from torch_advise.records import dataclass, field

# Calls that hand on what they are given to iterate (`for i, batch in enumerate(tqdm(loader))`).
ITERATION_WRAPPERS = {"enumerate", "iter", "tqdm", "trange", "islice", "track", "zip", "chain", "cycle", "log_every"}
# Calls by which a loop shows that it trains (`loss.backward()`, `optimizer.step()`).
TRAINING_METHODS = {"backward", "step", "zero_grad", "manual_backward"}
# Calls that run autograd's backward pass (`loss.backward()`, `accelerator.backward(loss)`).
BACKWARD_METHODS = {"backward", "manual_backward"}
DATALOADERS = {"DataLoader", "torch.utils.data.DataLoader", "data.DataLoader"}
PICKLED_LOADS_ALLOWED = (
    rb"safe_globals\b|TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD|_default_to_weights_only"
    rb"|\btorch(?:\.serialization)?\.load\s*=(?!=)|setattr\(\s*torch(?:\.serialization)?\s*,\s*[\"']load"
)
# How many classes of a module a base is followed through.
MAX_BASES = 4
# How many calls deep a function's work is followed through the functions of its module.
MAX_DELEGATION = 3
# How many modules a name is followed through that only import it (`pkg/__init__.py` gathering
# its modules' names, a `utils` that imports from `utils.scaler`).
MAX_REEXPORT_HOPS = 3

FunctionNode = Union[ast.FunctionDef, ast.AsyncFunctionDef]


@dataclass(frozen=True)
class Site:
    """A place in another module, named as the project names it: `train/main.py:16`."""

    path: str
    line: int
    folder: str  # the project's

    def __str__(self) -> str:
        name = Path(os.path.relpath(self.path, self.folder)).as_posix()
        # A notebook's line is one of its program (its code cells joined): named by cell, as
        # a finding in the notebook is.
        placed = cell_line(read_file(self.path) or b"", self.line) if self.path.endswith(NOTEBOOK_SUFFIX) else None
        return f"{name}:cell {placed[0]}:{placed[1]}" if placed is not None else f"{name}:{self.line}"


@dataclass
class Built:
    """A name bound to what a call returned: `loader = build(cfg)`, or the `index`-th name of
    `train, val = build(cfg)`; with the call's literal arguments, by position and by keyword."""

    callee: str
    index: Optional[int]
    line: int
    literals: dict[Union[int, str], object]
    # The call's keywords, literal or not, how many arguments it passes by position, and
    # whether it spreads `*args` or `**kwargs`.
    keywords: frozenset[str] = frozenset()
    positional: int = 0
    spread: bool = False


@dataclass
class CallFacts:
    callee: str
    positional: tuple[Optional[str], ...]  # the names passed by position (None for anything else)
    keywords: dict[str, str]  # keyword -> the name passed
    line: int
    # The positions and keywords given a value that can be a CUDA device (see _can_be_cuda).
    cuda_arguments: frozenset[Union[int, str]] = frozenset()
    # Those given the parameters of a module the scope moves to CUDA (`model.parameters()`).
    cuda_parameters: frozenset[Union[int, str]] = frozenset()


@dataclass
class LoopFacts:
    line: int
    trains: bool  # a training call in its body
    nested_iterations: set[str]  # names iterated by loops inside it
    calls: list[CallFacts]


@dataclass
class ScopeFacts:
    """A function's body, or the module's top level."""

    built: dict[str, Built] = field(default_factory=dict)  # by assignments outside every loop
    loops: list[LoopFacts] = field(default_factory=list)
    calls: list[CallFacts] = field(default_factory=list)  # every call of the scope, in loops or not
    # Those of `built` whose items the scope copies to a device that can be CUDA: `for x, y in
    # train_loader: x = x.to(device)` with `train_loader, _ = build_loaders(...)`.
    copied_to_cuda: frozenset[str] = frozenset()


@dataclass
class FunctionFacts:
    params: tuple[str, ...]
    iterated_params: set[str]
    trains: bool
    returned_loaders: dict[Optional[int], int]  # the returned value's index (None: the value) -> line of its DataLoader
    # The indexes among those whose every DataLoader is built without pinned memory.
    unpinned_returns: frozenset[Optional[int]] = frozenset()
    # Parameters whose data the function moves to a device, each with the parameter naming that
    # device (None for `.cuda()`): `def to_device(batch, device): ... batch.to(device)`.
    moves: dict[str, Optional[str]] = field(default_factory=dict)
    # Those of them whose every copy waits for the GPU's queue (no `non_blocking=True`).
    waiting_moves: frozenset[str] = frozenset()
    # Parameters whose data the method moves to the device an attribute of the instance holds,
    # each with the attribute: `x = batch; x = x.to(self.device)` -> {"batch": "device"}.
    attribute_moves: dict[str, str] = field(default_factory=dict)
    yields: bool = False  # a generator: `def cycle(loader): while True: yield from loader`
    # It can return a CUDA device: `def get_device(): return torch.device("cuda" if ... else "cpu")`.
    returns_cuda_device: bool = False
    # It copies something to the GPU by name (`x.cuda()`, `x.to("cuda")`), under a test or not.
    copies_to_cuda: bool = False
    # Parameters that can hold a CUDA device when a call leaves them out: a default that can be
    # one, or one the body assigns (`if device is None: device = torch.device("cuda:0" if ...)`).
    cuda_when_omitted: frozenset[str] = frozenset()
    # Every call runs backward once, outside any loop of its own (a training step, not an
    # epoch): itself or through functions of its module it calls outside its loops.
    backward_per_call: bool = False
    # Parameters it iterates anew on every pass of a loop of its own that trains: `for epoch in
    # range(epochs): for x, y in train_loader: ... loss.backward()`.
    iterated_each_pass: frozenset[str] = frozenset()
    # Parameters whose items a loop that trains takes (`for images, labels in loader:` around a
    # backward), here or in a function of the module (or a method of the class) it hands them to;
    # not a loader evaluated on every pass of such a loop.
    trained_params: frozenset[str] = frozenset()
    # Parameters a generator iterates anew on every pass of a loop of its own, handing out their
    # items without end: `def cycle(loader): while True: for batch in loader: yield batch`.
    cycled: frozenset[str] = frozenset()


@dataclass
class ClassFacts:
    bases: tuple[str, ...]  # as imported names make them: `pytorch_lightning.LightningModule`
    init_params: tuple[str, ...]  # without the instance
    # Loader hooks, the evaluation ones too, that return what the constructor was handed:
    # parameter -> hook (`self.train_loader = train_loader` ... `def train_dataloader(self): return
    # self.train_loader`).
    hooked_params: dict[str, str]
    training_methods: frozenset[str]  # methods whose body trains (backward, an optimizer step)
    # Methods each call of which runs backward outside their loops, themselves or through other
    # methods of the instance or functions of the module (`optimize_parameters` calling
    # `self.backward_G()`): one training step a call.
    backward_methods: frozenset[str] = frozenset()
    loader: Optional[LoaderForwarding] = None  # a DataLoader subclass's, see loader_subclasses.py
    # What each method does, as FunctionFacts of its parameters after the instance's
    # (`def train_epoch(self, loader)` iterates `loader`).
    methods: dict[str, FunctionFacts] = field(default_factory=dict)
    in_memory: bool = False  # a dataset whose items index what it was handed (in_memory_datasets.py)
    # Its item methods (`__getitem__`, `__iter__`, ...) copy to the GPU themselves (`.cuda()`),
    # and the functions they call, as the module names them, which may (`Variable(encoded)` of a
    # helper that calls `.cuda()`): workers could not build such items.
    item_cuda: bool = False
    item_calls: tuple[str, ...] = ()
    # Its constructor moves the instance to a device that can be CUDA: `self.to(device)` with
    # `device="cuda"` by default, `self.cuda()` (networks of reinforcement-learning agents), or
    # the layers it builds (`self.embedding = nn.Embedding(n, d).to(DEVICE)`).
    moves_itself_to_cuda: bool = False
    # The imported names of the devices it moves itself or its layers to (`DEVICE` of `from
    # .config import DEVICE`), which the project resolves.
    moves_itself_to_imported: frozenset[str] = frozenset()
    # Constructor parameters stored on the instance whose items a method iterates and copies
    # to a device, each with the instance's attribute naming it (None for `.cuda()`):
    # `self.train_loader = train_loader`, then `for x, y in self.train_loader: x.to(self.device)`.
    copied_params: dict[str, Optional[str]] = field(default_factory=dict)


# What one walk of a module's scopes finds: its functions, scopes and classes, the attributes and
# module-level names it gives a value that can be a CUDA device, and its settings that hold one.
ScopeSummaries = tuple[
    dict[str, FunctionFacts], list[ScopeFacts], dict[str, ClassFacts], frozenset[str], frozenset[str], frozenset[tuple[str, str]]
]


@dataclass
class ModuleSummary:
    """What a module imports and names, read at once; what its scopes do (functions, loops,
    classes), read from its source the first time a question needs it: most questions about a
    neighbour (does it set the precision? keep weights in float16?) need only the first."""

    path: str
    source: bytes = field(repr=False)
    imports: dict[str, tuple[ModuleReference, Optional[str]]]  # local name -> the module, and the name taken from it
    identifiers: frozenset[str]  # every name and attribute name the module reads or writes
    precisions: frozenset[str]  # the precision names it chooses with (precision.chosen_precisions)
    float16_weights: bool  # builds or loads weights in float16 (see _stores_float16)
    torch_ceiling: Optional[tuple[int, int]]  # the newest torch it imports on (see _torch_ceiling)
    star_imports: tuple[ModuleReference, ...] = ()  # the modules of its `from module import *` lines, in order
    conv2d_layers: int = 0  # the nn.Conv2d calls it makes, anywhere in it

    @cached_property
    def _scope_facts(self) -> ScopeSummaries:
        tree = parse_python(self.source)
        return _scope_summaries(tree, self) if tree is not None else ({}, [], {}, frozenset(), frozenset(), frozenset())

    @cached_property
    def star_exports(self) -> Optional[StarExports]:
        """What a star import of the module binds (star_exports.py); None if it does not parse."""
        tree = parse_python(self.source)
        return star_exports(tree, self.path) if tree is not None else None

    @property
    def functions(self) -> dict[str, FunctionFacts]:
        return self._scope_facts[0]

    @property
    def scopes(self) -> list[ScopeFacts]:
        return self._scope_facts[1]

    @property
    def classes(self) -> dict[str, ClassFacts]:
        return self._scope_facts[2]

    @property
    def cuda_attributes(self) -> frozenset[str]:
        """Attributes the module sets to a value that can be a CUDA device, on any object
        (`args.device = torch.device("cuda" if ... else "cpu")` in an options class)."""
        return self._scope_facts[3]

    @property
    def cuda_names(self) -> frozenset[str]:
        """Module-level names it assigns a value that can be a CUDA device (`device =
        torch.device("cuda" if torch.cuda.is_available() else "cpu")`), for modules that import them."""
        return self._scope_facts[4]

    @property
    def cuda_settings(self) -> frozenset[tuple[str, str]]:
        """Module-level settings objects, each with a key it gives a value that can be a CUDA
        device (`args = EasyDict({"device": "cuda" if ... else "cpu"})` -> ("args", "device")), for
        modules that import them and read `args.device`."""
        return self._scope_facts[5]

    @cached_property
    def command_line(self) -> CommandLine:
        """Its command-line options, and what of it returns them parsed (command_line.py)."""
        tree = parse_python(self.source)
        return command_line(tree) if tree is not None else CommandLine({}, frozenset(), frozenset(), frozenset())

    @property
    def options(self) -> tuple[dict[str, Option], frozenset[str]]:
        """The command-line options the module declares (`parser.add_argument(...)`, by the
        attribute they set), and its module-level names that hold the parsed options:
        `args = parser.parse_args()`, or `args = parse_args()` of a function of the module
        returning them."""
        return self.command_line.options, self.command_line.parsed_names

    @property
    def parsing_functions(self) -> frozenset[str]:
        """Its functions that return the parsed command-line options (`def parse_args(): ...
        return parser.parse_args()`), and its classes' methods that do (`TrainOptions.parse`)."""
        return self.command_line.parsing_functions

    @cached_property
    def lightning_trainers(self) -> list[Optional[str]]:
        """Where each Lightning Trainer the module builds trains (lightning_trainers.py)."""
        return self.lightning_trainers_with({})

    @cached_property
    def autocast_in_forward(self) -> bool:
        """A `forward` of the module enters an autocast that can be float16 (`with autocast():`,
        no bfloat16 named anywhere in the module, not switched off with `enabled=False`): the
        model runs it in every step, whatever precision its caller's autocast asks for."""
        if "autocast" not in self.precisions or "bfloat16" in self.precisions:
            return False
        tree = parse_python(self.source)
        if tree is None:
            return False
        return any(
            isinstance(item.context_expr, ast.Call) and _enters_autocast(item.context_expr)
            for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == "forward"
            for statement in ast.walk(node) if isinstance(statement, (ast.With, ast.AsyncWith))
            for item in statement.items
        )

    def lightning_trainers_with(self, parsed_elsewhere: Mapping[str, object]) -> list[Optional[str]]:
        """The same, where the options may also be parsed by another module's function, whose
        defaults are `parsed_elsewhere` (the module's own options decide where both declare one)."""
        tree = parse_python(self.source)
        if tree is None:
            return [None]
        return trainer_devices(tree, self.qualified, {**parsed_elsewhere, **{name: option.default for name, option in self.options[0].items()}})

    def qualified(self, dotted: str) -> str:
        """An imported name spelled from its module: `pl.LightningModule` after `import
        pytorch_lightning as pl` is `pytorch_lightning.LightningModule`."""
        head, _, rest = dotted.partition(".")
        imported = self.imports.get(head)
        if imported is None or imported[0].folder is not None:
            return dotted
        reference, name = imported
        parts = [*reference.parts, *([name] if name else []), *([rest] if rest else [])]
        return ".".join(parts)

    def target_of(self, callee: str) -> Optional[tuple[ModuleReference, str]]:
        """The module and name a call like `build(...)` or `data.build(...)` reaches by import."""
        head, _, last = callee.rpartition(".")
        if not head:
            imported = self.imports.get(callee)
            return (imported[0], imported[1]) if imported is not None and imported[1] is not None else None
        imported = self.imports.get(head)
        if imported is None:
            return None
        reference, name = imported
        if name is None:
            return reference, last
        # `from package import module` ... `module.build(...)`: the name may be a submodule.
        return ModuleReference((*reference.parts, name), reference.folder), last


def _iterated(node: ast.expr) -> ast.expr:
    """What a loop header's iterable yields the items of: `loader` of `enumerate(loader)`,
    `self.loader` of `tqdm(self.loader)`."""
    while isinstance(node, ast.Call) and node.args and (dotted_name(node.func) or "").split(".")[-1] in ITERATION_WRAPPERS:
        node = node.args[0]
    return node


def _iterated_name(node: ast.expr) -> Optional[str]:
    """The name whose items a loop header's iterable yields: `loader`, `enumerate(loader)`, or
    the collection of loaders of `iter(loaders[i])` and `dataloaders[phase]`."""
    node = _iterated(node)
    if isinstance(node, ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _iteration_of(node: ast.AST) -> Optional[str]:
    """The name a `for` statement or a comprehension's `for` iterates."""
    if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
        return _iterated_name(node.iter)
    return None


def _new_iterator_of(node: ast.AST) -> Optional[str]:
    """The name `iter(loader)` or `loader.__iter__()` makes a new iterator of: its iteration
    starts there, as a `for` over it would (a DataLoader starts its workers)."""
    if not isinstance(node, ast.Call) or node.keywords:
        return None
    if isinstance(node.func, ast.Name) and node.func.id == "iter" and len(node.args) == 1:
        return _iterated_name(node.args[0])
    if isinstance(node.func, ast.Attribute) and node.func.attr == "__iter__" and not node.args:
        return _iterated_name(node.func.value)
    return None


def _walk_scope(node: ast.AST):
    """The nodes of a scope, without those of the functions and classes defined in it."""
    pending = list(ast.iter_child_nodes(node))
    while pending:
        child = pending.pop()
        yield child
        if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            pending.extend(ast.iter_child_nodes(child))


@dataclass
class _Calls:
    """What the calls of a scope, or of one loop of it, show."""

    facts: list[CallFacts] = field(default_factory=list)
    callees: set[str] = field(default_factory=set)
    training_method: bool = False  # `.backward()`, `.step()`, ... among them
    backward: bool = False  # `.backward()` among them

    def add(self, call: ast.Call, facts: Optional[CallFacts]) -> None:
        if facts is not None:
            self.facts.append(facts)
            self.callees.add(facts.callee)
        if isinstance(call.func, ast.Attribute) and call.func.attr in TRAINING_METHODS:
            self.training_method = True
            self.backward = self.backward or call.func.attr in BACKWARD_METHODS

    def trains(self, training_functions: set[str]) -> bool:
        return self.training_method or not self.callees.isdisjoint(training_functions)

    def runs_backward(self, backward_callees: set[str]) -> bool:
        return self.backward or not self.callees.isdisjoint(backward_callees)


@dataclass
class _Loop:
    line: int
    calls: _Calls = field(default_factory=_Calls)
    nested: set[str] = field(default_factory=set)
    header: Optional[str] = None  # the name a `for` loop iterates


@dataclass
class _ScopeWalk:
    """One pass over a scope's own nodes (not those of the functions and classes in it), in
    source order, with everything the summary reads from them: a summary costs one visit of
    each node, however deep its loops nest."""

    calls: _Calls = field(default_factory=_Calls)
    outside_loops: _Calls = field(default_factory=_Calls)  # the calls no loop of the scope repeats
    loops: list[_Loop] = field(default_factory=list)
    iterated: set[str] = field(default_factory=set)
    loader_names: dict[str, int] = field(default_factory=dict)  # name -> line of the DataLoader bound to it
    returns: list[ast.Return] = field(default_factory=list)
    yields: bool = False
    assigned: dict[str, list[ast.expr]] = field(default_factory=dict)  # name -> the values assigned to it
    attribute_values: list[tuple[ast.expr, str, ast.expr]] = field(default_factory=list)  # `args.device = value`: (args, "device", value)
    device_moves: list[ast.Call] = field(default_factory=list)  # `x.to(...)`, `x.cuda()`
    iterations: list[tuple[ast.expr, ast.expr]] = field(default_factory=list)  # (target, iterated) of loops and comprehensions
    unpacked: list[tuple[ast.expr, ast.expr]] = field(default_factory=list)  # (target, value) of `inputs, labels = batch`
    call_nodes: list[tuple[ast.Call, CallFacts]] = field(default_factory=list)

    @classmethod
    def of(cls, scope: ast.AST) -> _ScopeWalk:
        walk = cls()
        pending: list[tuple[ast.AST, tuple[_Loop, ...]]] = [(child, ()) for child in reversed(list(ast.iter_child_nodes(scope)))]
        while pending:
            node, loops = pending.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                continue
            if isinstance(node, ast.Call):
                facts = _call_facts(node)
                for calls in (walk.calls, *(loop.calls for loop in loops)) if loops else (walk.calls, walk.outside_loops):
                    calls.add(node, facts)
                if facts is not None and (node.args or node.keywords):
                    walk.call_nodes.append((node, facts))
                if isinstance(node.func, ast.Attribute) and node.func.attr in ("to", "cuda"):
                    walk.device_moves.append(node)
            elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
                walk.iterations.append((node.target, node.iter))
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                walk.assigned.setdefault(node.targets[0].id, []).append(node.value)
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and _pairs(node.targets[0], node.value):
                for target, value in _pairs(node.targets[0], node.value):
                    walk.assigned.setdefault(target.id, []).append(value)
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Attribute):
                walk.attribute_values.append((node.targets[0].value, node.targets[0].attr, node.value))
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], (ast.Tuple, ast.List)):
                walk.unpacked.append((node.targets[0], node.value))
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and dotted_name(node.value.func) in DATALOADERS:
                walk.loader_names.update({t.id: node.value.lineno for t in node.targets if isinstance(t, ast.Name)})
            elif isinstance(node, ast.Return):
                walk.returns.append(node)
            elif isinstance(node, (ast.Yield, ast.YieldFrom)):
                walk.yields = True
            name = _iteration_of(node) or _new_iterator_of(node)
            if name is not None:
                walk.iterated.add(name)
                for loop in loops:
                    loop.nested.add(name)
            if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
                loop = _Loop(node.lineno, header=_iteration_of(node))
                walk.loops.append(loop)
                loops = (*loops, loop)
            pending.extend((child, loops) for child in reversed(list(ast.iter_child_nodes(node))))
        return walk


def _call_facts(call: ast.Call) -> Optional[CallFacts]:
    callee = dotted_name(call.func)
    if callee is None:
        return None
    positional = tuple(a.id if isinstance(a, ast.Name) else None for a in call.args)
    keywords = {k.arg: k.value.id for k in call.keywords if k.arg is not None and isinstance(k.value, ast.Name)}
    return CallFacts(callee, positional, keywords, call.lineno)


def _literals(call: ast.Call) -> dict[Union[int, str], object]:
    found: dict[Union[int, str], object] = {i: a.value for i, a in enumerate(call.args) if isinstance(a, ast.Constant)}
    found.update({k.arg: k.value.value for k in call.keywords if k.arg is not None and isinstance(k.value, ast.Constant)})
    return found


def _scope_facts(
    statements: list[ast.stmt], walk: _ScopeWalk, training_functions: set[str], values_of: Callable[[str], list[ast.expr]], summary: ModuleSummary
) -> ScopeFacts:
    facts = ScopeFacts()
    for statement in statements:
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call):
            callee = dotted_name(statement.value.func)
            if callee is None:
                continue
            literals = _literals(statement.value)
            keywords = frozenset(k.arg for k in statement.value.keywords if k.arg is not None)
            spread = _spreads(statement.value)
            positional = len(statement.value.args)
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    facts.built[target.id] = Built(callee, None, statement.lineno, literals, keywords, positional, spread)
                elif isinstance(target, (ast.Tuple, ast.List)):
                    for index, element in enumerate(target.elts):
                        if isinstance(element, ast.Name):
                            facts.built[element.id] = Built(callee, index, statement.lineno, literals, keywords, positional, spread)
    facts.calls = walk.calls.facts
    facts.loops = [LoopFacts(loop.line, loop.calls.trains(training_functions), loop.nested, loop.calls.facts) for loop in walk.loops]
    facts.copied_to_cuda = frozenset(
        source for source, call in _parameter_moves(walk, tuple(facts.built)) if _to_cuda(call, values_of, summary)
    )
    return facts


def _to_cuda(move: ast.Call, values_of: Callable[[str], list[ast.expr]], summary: ModuleSummary) -> bool:
    """`x.cuda()`, or `x.to(device)` with a device that can be CUDA."""
    assert isinstance(move.func, ast.Attribute)
    device = _device_argument(move)
    return move.func.attr == "cuda" or (device is not None and _can_be_cuda(device, values_of, summary, 0))


# DataLoader's parameters by position, up to pin_memory.
PIN_MEMORY_POSITION = 7


def _spreads(call: ast.Call) -> bool:
    return any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords)


def unpinned_loader(call: ast.Call) -> bool:
    """`DataLoader(...)` that leaves pin_memory off: not given, or False; nothing spread."""
    if dotted_name(call.func) not in DATALOADERS or _spreads(call) or len(call.args) > PIN_MEMORY_POSITION:
        return False
    pinned = next((k.value for k in call.keywords if k.arg == "pin_memory"), None)
    return pinned is None or (isinstance(pinned, ast.Constant) and pinned.value is False)


def _unpinned_returns(walk: _ScopeWalk) -> frozenset[Optional[int]]:
    """The returned values (by index, None for the value itself) that are only ever a DataLoader
    without pinned memory: built in the return, or bound to a name every assignment of which
    builds one (`dataloader = DataLoader(..., pin_memory=False)` in one arm, another without
    pin_memory in the other)."""
    found: dict[Optional[int], bool] = {}
    for key, value in _returned_values(walk):
        built = walk.assigned.get(value.id, []) if isinstance(value, ast.Name) else [value]
        unpinned = bool(built) and all(isinstance(v, ast.Call) and unpinned_loader(v) for v in built)
        found[key] = found.get(key, True) and unpinned
    return frozenset(key for key, unpinned in found.items() if unpinned)


def _returned_values(walk: _ScopeWalk) -> Iterator[tuple[Optional[int], ast.expr]]:
    """Each value the function returns, with its index in the tuple it returns (None for a
    value returned alone)."""
    for node in walk.returns:
        if node.value is None:
            continue
        values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
        for index, value in enumerate(values):
            yield (index if isinstance(node.value, ast.Tuple) else None), value


def _returned_loaders(walk: _ScopeWalk) -> dict[Optional[int], int]:
    """Where the DataLoader the function returns is built: `return DataLoader(...)`, or a name
    bound to one and returned, alone or in a tuple."""
    found: dict[Optional[int], int] = {}
    for key, value in _returned_values(walk):
        if isinstance(value, ast.Call) and dotted_name(value.func) in DATALOADERS:
            found[key] = value.lineno
        elif isinstance(value, ast.Name) and value.id in walk.loader_names:
            found[key] = walk.loader_names[value.id]
    return found


def _function_facts(function: FunctionNode, walk: _ScopeWalk, training_functions: set[str]) -> FunctionFacts:
    arguments = function.args
    params = tuple(a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs])
    wrapped = _wrapped_names(walk)
    iterated = {wrapped.get(name, name) for name in walk.iterated}
    facts = FunctionFacts(params, iterated & set(params), walk.calls.trains(training_functions), _returned_loaders(walk))
    facts.unpinned_returns = _unpinned_returns(walk)
    facts.iterated_each_pass = frozenset(
        wrapped.get(name, name) for loop in walk.loops if loop.calls.trains(training_functions)
        for name in loop.nested if wrapped.get(name, name) in params
    )
    facts.trained_params = frozenset(
        wrapped.get(loop.header, loop.header) for loop in walk.loops
        if loop.header is not None and loop.calls.trains(training_functions) and wrapped.get(loop.header, loop.header) in params
    )
    moves = _parameter_moves(walk, params)
    facts.moves = _moved_parameters(moves, params)
    facts.waiting_moves = _waiting_moves(moves)
    facts.attribute_moves = _attribute_moves(moves)
    facts.yields = walk.yields
    facts.copies_to_cuda = any(_copies_to_cuda(call) for call in walk.device_moves)
    if walk.yields:
        facts.cycled = frozenset(wrapped.get(name, name) for loop in walk.loops for name in loop.nested if wrapped.get(name, name) in params)
    return facts


def _wrapped_names(walk: _ScopeWalk) -> dict[str, str]:
    """Names bound only to another name or to a wrapper that iterates it, each with that name:
    `tk0 = tqdm.tqdm(data_loader)` -> {"tk0": "data_loader"}, followed through chains of them."""
    wrapping: dict[str, str] = {}
    for alias, values in walk.assigned.items():
        names = {_iterated_name(value) for value in values}
        name = names.pop() if len(names) == 1 else None
        if name is not None and name != alias:
            wrapping[alias] = name
    resolved: dict[str, str] = {}
    for alias, name in wrapping.items():
        seen = {alias}
        while name in wrapping and name not in seen:
            seen.add(name)
            name = wrapping[name]
        resolved[alias] = name
    return resolved


def _add_delegated_work(functions: dict[str, FunctionFacts], walks: dict[str, _ScopeWalk], training: set[str]) -> None:
    """A function that hands a parameter to another function of its module iterates it, or moves
    its data to a device, as that one does: `evaluate(model, loader, device)` calling
    `evaluate_coco(model, loader, device)`; from a loop that trains, it iterates it on every pass
    (`accuracy(net, test_loader)` after each epoch). Followed MAX_DELEGATION calls deep."""
    for _ in range(MAX_DELEGATION):
        changed = False
        for name, facts in functions.items():
            for loop in walks[name].loops:
                for call in loop.calls.facts if loop.calls.trains(training) else ():
                    delegate = functions.get(call.callee)
                    if delegate is None:
                        continue
                    for param, passed in [*zip(delegate.params, call.positional), *call.keywords.items()]:
                        if passed in facts.params and param in delegate.iterated_params and passed not in facts.iterated_each_pass:
                            facts.iterated_each_pass |= {passed}
                            changed = True
            for call in walks[name].calls.facts:
                callee = functions.get(call.callee)
                if callee is None or callee is facts:
                    continue
                handed = {param: passed for param, passed in [*zip(callee.params, call.positional), *call.keywords.items()] if passed in facts.params}
                for param, passed in handed.items():
                    if param in callee.iterated_params and passed not in facts.iterated_params:
                        facts.iterated_params.add(passed)
                        changed = True
                    if param in callee.trained_params and passed not in facts.trained_params:
                        facts.trained_params |= {passed}
                        changed = True
                    if param in callee.moves and passed not in facts.moves:
                        device = callee.moves[param]
                        if device is None or handed.get(device) is not None:
                            facts.moves[passed] = None if device is None else handed[device]
                            changed = True
        if not changed:
            return


def _parameter_moves(walk: _ScopeWalk, params: tuple[str, ...]) -> list[tuple[str, ast.Call]]:
    """The function's calls that send a parameter's data to a device, each with the parameter:
    `x.to(device)`, `x.cuda()` on a parameter, or on a name a loop or comprehension takes from one
    (`for k, v in batch.items()`)."""
    taken_from = {name: name for name in params}
    # Each pass may name what the next one reads from (`for d in loader:` then `ids = d["ids"]`).
    for _ in range(3):
        known = len(taken_from)
        # `x = batch`, `ids = d["ids"]` before `x = x.to(device)`: the same data under another
        # name, where every value the name is given is that parameter, a part of it, or made
        # from the name itself.
        for alias, values in walk.assigned.items():
            sources = {taken_from.get(_iterated_name(value) or _part_of(value) or "") for value in values if _root(value) != alias}
            source = sources.pop() if len(sources) == 1 else None
            if source is not None:
                taken_from.setdefault(alias, source)
        # The items of what a loop iterates, and the parts of what a statement unpacks
        # (`inputs, labels = data`), come from the same parameter.
        taken = [(target, _iterated_name(iterated) or _root(iterated)) for target, iterated in walk.iterations]
        for target, from_name in [*taken, *((target, _root(value)) for target, value in walk.unpacked)]:
            source = taken_from.get(from_name or "")
            if source is None:
                continue
            for name in ast.walk(target):
                if isinstance(name, ast.Name):
                    taken_from.setdefault(name.id, source)
        if len(taken_from) == known:
            break
    moves = []
    for call in walk.device_moves:
        func = call.func
        assert isinstance(func, ast.Attribute)
        source = taken_from.get(_root(func.value) or "")
        if source is not None:
            moves.append((source, call))
    return moves


def _moved_parameters(moves: list[tuple[str, ast.Call]], params: tuple[str, ...]) -> dict[str, Optional[str]]:
    """Which parameters' data the function sends to a device, each with the parameter naming the
    device (None for `.cuda()`)."""
    moved: dict[str, Optional[str]] = {}
    for source, call in moves:
        assert isinstance(call.func, ast.Attribute)
        if call.func.attr == "cuda":
            moved[source] = None
            continue
        device = _device_argument(call)
        if isinstance(device, ast.Name) and device.id in params:
            moved[source] = device.id
    return moved


def _attribute_moves(moves: list[tuple[str, ast.Call]]) -> dict[str, str]:
    """Which parameters' data the function sends to the device an attribute of the instance
    holds (`.to(self.device)`), each with the attribute."""
    moved: dict[str, str] = {}
    for source, call in moves:
        device = _device_argument(call)
        if isinstance(device, ast.Attribute) and isinstance(device.value, ast.Name) and device.value.id == "self":
            moved.setdefault(source, device.attr)
    return moved


def _waiting_moves(moves: list[tuple[str, ast.Call]]) -> frozenset[str]:
    """The parameters every copy of which waits for the GPU's queue: none passes
    `non_blocking` (a value the code computes may be True, so it does not count)."""
    sources = {source for source, _ in moves}
    return frozenset(
        source for source in sources
        if all(
            all(k.arg != "non_blocking" or (isinstance(k.value, ast.Constant) and k.value.value is False) for k in call.keywords)
            for moved, call in moves if moved == source
        )
    )


def _device_argument(call: ast.Call) -> Optional[ast.expr]:
    """The device a `.to(...)` call names: its first positional argument, else its `device=`."""
    return call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "device"), None)


def _pairs(target: ast.expr, value: ast.expr) -> list[tuple[ast.Name, ast.expr]]:
    """`a, b = x, y`: each name with the value it is given (none for any other unpacking)."""
    if not isinstance(target, ast.Tuple) or not isinstance(value, ast.Tuple) or len(target.elts) != len(value.elts):
        return []
    if not all(isinstance(name, ast.Name) for name in target.elts) or any(isinstance(v, ast.Starred) for v in value.elts):
        return []
    return [(name, v) for name, v in zip(target.elts, value.elts) if isinstance(name, ast.Name)]


def _part_of(node: ast.expr) -> Optional[str]:
    """`batch` of `batch["x"]`, `batch[0]` or `batch.x`: an item or field a batch holds."""
    if not isinstance(node, (ast.Attribute, ast.Subscript)):
        return None
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _root(node: ast.expr) -> Optional[str]:
    """`batch` of `batch["x"].float()` or `batch.items()`."""
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def summarize(path: str, source: bytes, tree: Optional[ast.Module] = None) -> Optional[ModuleSummary]:
    """`tree`: the source's parse, where the caller has it already."""
    tree = tree if tree is not None else parse_python(source)
    if tree is None:
        return None
    imports: dict[str, tuple[ModuleReference, Optional[str]]] = {}
    star_imports: list[ModuleReference] = []
    calls: list[ast.Call] = []
    identifiers: set[str] = set()
    precision_named: list[ast.expr] = []
    tested: set[int] = set()
    # ast.walk reaches a comparison before anything inside it.
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            identifiers.add(node.id)
            if node.id in PRECISION_NAMES:
                precision_named.append(node)
        elif isinstance(node, ast.Attribute):
            identifiers.add(node.attr)
            if node.attr in PRECISION_NAMES:
                precision_named.append(node)
        elif isinstance(node, ast.Call):
            calls.append(node)
        elif isinstance(node, ast.Compare):
            tested.update(id(inner) for inner in ast.walk(node))
        elif isinstance(node, ast.ImportFrom):
            reference = module_reference(node.module or "", node.level, path)
            for alias in node.names:
                if alias.name == "*":
                    star_imports.append(reference)
                else:
                    imports[alias.asname or alias.name] = (reference, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                imports[alias.asname or alias.name] = (module_reference(alias.name, 0, path), None)
    numpy_names = frozenset(name for name, (reference, taken) in imports.items() if reference.parts == ("numpy",) and taken is None)
    precisions = chosen_precisions(precision_named, tested, numpy_names) | (PRECISION_NAMES & set(imports))
    summary = ModuleSummary(
        path,
        source,
        imports,
        frozenset(identifiers | set(imports)),
        precisions,
        _stores_float16(calls),
        _torch_ceiling(tree, source),
        tuple(star_imports),
    )
    summary.conv2d_layers = sum(1 for call in calls if (name := dotted_name(call.func)) is not None and summary.qualified(name) in CONV2D_LAYERS)
    return summary


def _scope_summaries(tree: ast.Module, summary: ModuleSummary) -> ScopeSummaries:
    """What the module's functions, loops and classes do: one walk of each scope."""
    every_function = [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    definitions = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    walks = {id(node): _ScopeWalk.of(node) for node in [tree, *every_function]}
    assigned_at_top = walks[id(tree)].assigned
    device_functions = _device_functions(definitions, walks, assigned_at_top, summary)
    module_names: dict[str, list[ast.expr]] = {**assigned_at_top, **{_called(name): [CUDA_DEVICE] for name in device_functions}}
    cuda_attributes = set()
    for walk in walks.values():
        values_of = _values_in(walk, module_names)
        _mark_cuda_arguments(walk, values_of, summary)
        cuda_attributes |= {attr for _, attr, value in walk.attribute_values if _can_be_cuda(value, values_of, summary, 0)}
    # Functions that train, one call deep: `train_one_epoch` called from the epoch loop.
    training = {f.name for f in definitions if walks[id(f)].calls.trains(set())}
    functions = {f.name: _function_facts(f, walks[id(f)], training) for f in definitions}
    for f in definitions:
        walk = walks[id(f)]
        functions[f.name].returns_cuda_device = f.name in device_functions
        functions[f.name].cuda_when_omitted = _cuda_when_omitted(f, walk, _values_in(walk, module_names), summary)
    _add_delegated_work(functions, {f.name: walks[id(f)] for f in definitions}, training)
    backward = _backward_per_call({f.name: walks[id(f)] for f in definitions}, set(), "")
    for name in backward:
        functions[name].backward_per_call = True
    scopes = [
        _scope_facts(node.body, walks[id(node)], training, _values_in(walks[id(node)], module_names), summary) for node in [tree, *every_function]
    ]
    classes = {c.name: _class_facts(c, summary, walks, backward, module_names) for c in tree.body if isinstance(c, ast.ClassDef)}
    module_values = _values_in(walks[id(tree)], module_names)
    cuda_names = {name for name, values in assigned_at_top.items() if any(_can_be_cuda(v, module_values, summary, 0) for v in values)}
    cuda_settings = {
        (name, key) for name, values in assigned_at_top.items() for value in values
        for key, setting in _settings_in(value, module_values, 0) if _can_be_cuda(setting, module_values, summary, 0)
    }
    cuda_settings |= {  # `cfg = EasyDict()`, then `cfg.device = "cuda"`
        (owner.id, key) for owner, key, value in walks[id(tree)].attribute_values
        if isinstance(owner, ast.Name) and _can_be_cuda(value, module_values, summary, 0)
    }
    return functions, scopes, classes, frozenset(cuda_attributes), frozenset(cuda_names), frozenset(cuda_settings)


# Callables that build an object whose attributes are the keys they are given.
SETTINGS_BUILDERS = {"dict", "EasyDict", "edict", "AttrDict", "SimpleNamespace", "Namespace", "ConfigDict", "DotMap", "Munch"}


def _settings_in(value: ast.expr, values_of: Callable[[str], list[ast.expr]], depth: int) -> Iterator[tuple[str, ast.expr]]:
    """The keys a settings object is built with and their values: a dict literal's, or the
    keywords and dict of `EasyDict({...})`, `SimpleNamespace(device=...)`, through names."""
    if depth > 3:
        return
    if isinstance(value, ast.Dict):
        for key, item in zip(value.keys, value.values):
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                yield key.value, item
    elif isinstance(value, ast.Call) and (dotted_name(value.func) or "").rpartition(".")[2] in SETTINGS_BUILDERS:
        for keyword in value.keywords:
            if keyword.arg is not None:
                yield keyword.arg, keyword.value
        if value.args:
            yield from _settings_in(value.args[0], values_of, depth + 1)
    elif isinstance(value, ast.Name):
        for assigned in values_of(value.id):
            yield from _settings_in(assigned, values_of, depth + 1)


# What a call of one of the module's device functions stands for among the values of names.
CUDA_DEVICE = ast.Constant("cuda")


def _called(name: str) -> str:
    """The key under which the values of names hold what a call of the module's `name` returns:
    no identifier looks like it."""
    return f"{name}()"


def _device_functions(
    definitions: list[FunctionNode], walks: dict[int, _ScopeWalk], assigned_at_top: dict[str, list[ast.expr]], summary: ModuleSummary
) -> frozenset[str]:
    """The module's functions that can return a CUDA device (`def gpu_setup(use_gpu): ... return
    torch.device("cuda")`), so that `device = gpu_setup(True)` can be one in every scope."""
    return frozenset(
        f.name for f in definitions
        if any(r.value is not None and _can_be_cuda(r.value, _values_in(walks[id(f)], assigned_at_top), summary, 0) for r in walks[id(f)].returns)
    )


def _cuda_when_omitted(
    function: FunctionNode, walk: _ScopeWalk, values_of: Callable[[str], list[ast.expr]], summary: ModuleSummary
) -> frozenset[str]:
    """The parameters with a default that can be a CUDA device, or that the body assigns one."""
    # The body's own assignments only: a module-level name spelled like the parameter is not it.
    return frozenset(
        name for name, default in _parameter_defaults(function).items()
        if any(_can_be_cuda(value, values_of, summary, 0) for value in [default, *walk.assigned.get(name, [])])
    )


def _parameter_defaults(function: FunctionNode) -> dict[str, ast.expr]:
    """Each parameter with a default, and its default."""
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    defaults = {a.arg: d for a, d in zip(positional[len(positional) - len(arguments.defaults) :], arguments.defaults)}
    defaults.update({a.arg: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None})
    return defaults


# A command-line flag as a word of its own: `--workers`, `-j` (not `x-ray`, not `--workers2`'s prefix).
FLAG_WORD = rb"(?<![\w-])-{1,2}[A-Za-z][\w-]*"


@lru_cache(maxsize=16)
def _flags_named(folder: str) -> tuple[tuple[str, Optional[frozenset[bytes]]], ...]:
    """Every flag-like word each launch script, guide, configuration file and Python file of
    the project holds (by real path), read once a run: questions about options ask it again and
    again."""
    found: list[tuple[str, Optional[frozenset[bytes]]]] = []
    for path in (*project_files(folder, LAUNCH_SUFFIXES), *python_files(folder)):
        source = read_file(path)
        found.append((os.path.realpath(path), frozenset(re.findall(FLAG_WORD, source)) if source is not None else None))
    return tuple(found)


def _values_in(walk: _ScopeWalk, module_names: dict[str, list[ast.expr]]) -> Callable[[str], list[ast.expr]]:
    """What a name may hold, read in the walk's scope: its own assignments, else the module's."""
    return lambda name: walk.assigned.get(name) or module_names.get(name, [])


def _mark_cuda_arguments(walk: _ScopeWalk, values_of: Callable[[str], list[ast.expr]], summary: ModuleSummary) -> None:
    for call, facts in walk.call_nodes:
        # Positions count only up to a `*args`, whose length is not known here.
        positional = list(enumerate(call.args))
        starred = next((i for i, a in positional if isinstance(a, ast.Starred)), len(positional))
        handed: list[tuple[Union[int, str], ast.expr]] = [*positional[:starred]]
        handed += [(k.arg, k.value) for k in call.keywords if k.arg is not None]
        facts.cuda_arguments = frozenset(key for key, value in handed if _can_be_cuda(value, values_of, summary, 0))
        facts.cuda_parameters = frozenset(key for key, value in handed if _cuda_parameters(value, walk, values_of, summary, 0))


# Module methods that return the module: `Net().cuda().train()` is the moved module.
RETURN_THE_MODULE = {"train", "eval", "float", "half", "bfloat16", "requires_grad_", "to", "cuda"}


def _cuda_parameters(node: ast.expr, walk: _ScopeWalk, values_of: Callable[[str], list[ast.expr]], summary: ModuleSummary, depth: int) -> bool:
    """Whether a value is the parameters of a module this scope moves to CUDA:
    `model.parameters()` after `model = Net().cuda()` or `model.to("cuda")`, also through
    `filter(...)`, `list(...)` or a name assigned one of those."""
    if depth > 4:
        return False
    if isinstance(node, ast.Name):
        return any(_cuda_parameters(value, walk, values_of, summary, depth + 1) for value in values_of(node.id))
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr in ("parameters", "named_parameters"):
        return _module_on_cuda(func.value, walk, values_of, summary, depth + 1)
    if isinstance(func, ast.Name) and func.id in ("filter", "list"):
        return any(_cuda_parameters(argument, walk, values_of, summary, depth + 1) for argument in node.args)
    return False


def _module_on_cuda(node: ast.expr, walk: _ScopeWalk, values_of: Callable[[str], list[ast.expr]], summary: ModuleSummary, depth: int) -> bool:
    if depth > 4:
        return False
    if isinstance(node, ast.Name):
        moved_here = any(
            isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name) and call.func.value.id == node.id
            and _moves_to_cuda(call, values_of, summary)
            for call in walk.device_moves
        )
        return moved_here or any(_module_on_cuda(value, walk, values_of, summary, depth + 1) for value in values_of(node.id))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in RETURN_THE_MODULE:
        return _moves_to_cuda(node, values_of, summary) or _module_on_cuda(node.func.value, walk, values_of, summary, depth + 1)
    return False


def _moves_to_cuda(call: ast.Call, values_of: Callable[[str], list[ast.expr]], summary: ModuleSummary) -> bool:
    """`x.cuda()`, or `x.to(d)` with a `d` that can be a CUDA device."""
    assert isinstance(call.func, ast.Attribute)
    if call.func.attr == "cuda":
        return True
    device = _device_argument(call)
    return call.func.attr == "to" and device is not None and _can_be_cuda(device, values_of, summary, 0)


def _can_be_cuda(node: ast.expr, values_of: Callable[[str], list[ast.expr]], summary: ModuleSummary, depth: int) -> bool:
    """Whether a value can be a CUDA device, as its own module shows: `"cuda:0"`, an f-string
    starting with cuda, `torch.device("cuda")`, `torch.cuda.current_device()`, either side of
    an `if`-expression, or a name of the scope or module assigned one of those."""
    if depth > 4:
        return False
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value.startswith("cuda")
    if isinstance(node, ast.JoinedStr):
        head = node.values[0] if node.values else None
        return isinstance(head, ast.Constant) and isinstance(head.value, str) and head.value.startswith("cuda")
    if isinstance(node, ast.IfExp):
        return _can_be_cuda(node.body, values_of, summary, depth + 1) or _can_be_cuda(node.orelse, values_of, summary, depth + 1)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return _can_be_cuda(node.left, values_of, summary, depth + 1)  # `"cuda:" + str(rank)`
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _can_be_cuda(node.func.value, values_of, summary, depth + 1)  # `"cuda:{}".format(rank)`
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name) and any(_can_be_cuda(v, values_of, summary, depth + 1) for v in values_of(_called(node.func.id))):
            return True
        callee = summary.qualified(dotted_name(node.func) or "")
        if callee == "torch.cuda.current_device":
            return True
        return callee == "torch.device" and bool(node.args) and _can_be_cuda(node.args[0], values_of, summary, depth + 1)
    if isinstance(node, ast.Name):
        return any(_can_be_cuda(value, values_of, summary, depth + 1) for value in values_of(node.id))
    return False


FLOAT16_NAMES = {"float16", "half", "HalfTensor"}
# Modules torch removed, by the last release that had them.
REMOVED_MODULES = {("torch", "_six"): (1, 13)}


# The last release on which `loss.data[0]` of a scalar loss ran: 0.4 made losses 0-dim (with a
# warning for the index) and 0.5 raises IndexError there.
SCALAR_INDEXED_RELEASE = (0, 4)


def _unguarded(statements: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements that run whenever their function or module does, or on some of its passes: not
    in a `try` nor under an `if` that picks between alternatives (where code picks between
    releases: `try: from torch._six import inf`, `if OLD: loss.data[0] else: loss.item()`). An
    `if` with no `else` whose test names no version (`if batch_idx % args.log_interval == 0:`)
    only decides when its body runs."""
    for statement in statements:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.With, ast.For, ast.While)):
            yield from _unguarded(statement.body)
        elif isinstance(statement, ast.If):
            if not statement.orelse and "version" not in ast.unparse(statement.test).lower():
                yield from _unguarded(statement.body)
        elif not isinstance(statement, ast.Try):
            yield statement


def _torch_ceiling(tree: ast.Module, source: bytes) -> Optional[tuple[int, int]]:
    """The newest torch the module runs on, where its code shows one: it imports a module torch
    has since removed (`from torch._six import inf`: 1.13, as torch 2.0 removed `torch._six`), or
    reads `loss.data[0]` of a loss it calls `.backward()` on (0.4)."""
    ceilings = []
    statements = list(_unguarded(tree.body))
    for node in statements:
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        modules = [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
        modules += [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        for module in modules:
            parts = tuple(module.split("."))
            ceilings += [release for removed, release in REMOVED_MODULES.items() if parts[: len(removed)] == removed]
    # Only a module whose bytes hold `.data[0]` can index one: the rest are not walked.
    if b".data[0]" in source and _indexes_a_scalar_loss(tree, statements):
        ceilings.append(SCALAR_INDEXED_RELEASE)
    return min(ceilings, default=None)


def _indexes_a_scalar_loss(tree: ast.Module, statements: list[ast.stmt]) -> bool:
    """`errD.data[0]` where the module calls `errD.backward()`: a scalar loss indexed as the
    one-element tensor it was before torch 0.4."""
    indexed = {
        node.value.value.id
        for statement in statements
        for node in ast.walk(statement)
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == 0
        and isinstance(node.value, ast.Attribute) and node.value.attr == "data" and isinstance(node.value.value, ast.Name)
    }
    return bool(indexed) and any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "backward"
        and isinstance(node.func.value, ast.Name) and node.func.value.id in indexed
        for node in ast.walk(tree)
    )


def _names_removed_module(path: str) -> bool:
    source = read_file(path)
    return source is not None and any(parts[-1].encode() in source for parts in REMOVED_MODULES)


def _stores_float16(calls: list[ast.Call]) -> bool:
    """Weights made or loaded in float16: `torch.set_default_tensor_type(torch.cuda.HalfTensor)`,
    `torch.set_default_dtype(torch.float16)`, `from_pretrained(..., torch_dtype=torch.float16)`."""
    for node in calls:
        name = (dotted_name(node.func) or "").rsplit(".", 1)[-1]
        values = list(node.args) if name in ("set_default_tensor_type", "set_default_dtype") else []
        values += [k.value for k in node.keywords if k.arg == "torch_dtype"]
        for value in values:
            text = dotted_name(value) or (value.value if isinstance(value, ast.Constant) and isinstance(value.value, str) else "")
            if text.rsplit(".", 1)[-1] in FLOAT16_NAMES:
                return True
    return False


def _backward_per_call(walks: dict[str, _ScopeWalk], known: set[str], prefix: str) -> set[str]:
    """The names among `walks` whose scope runs backward outside its loops: itself, through one
    another (each called as `prefix + name`: `self.` for methods) or through `known` callees."""
    found: set[str] = set()
    while True:
        callees = known | {prefix + name for name in found}
        more = {name for name, walk in walks.items() if name not in found and walk.outside_loops.runs_backward(callees)}
        if not more:
            return found
        found |= more


CONV2D_LAYERS = frozenset({"torch.nn.Conv2d", "torch.nn.modules.conv.Conv2d"})
# A dataset's methods that make its items.
ITEM_METHODS = ("__getitem__", "__getitems__", "__iter__", "__next__")


def _copies_to_cuda(call: ast.Call) -> bool:
    """`x.cuda()`, `x.cuda(0)`, `x.to("cuda")`: a copy to the GPU whatever the names around it hold."""
    func = call.func
    if not isinstance(func, ast.Attribute):
        return False
    if func.attr == "cuda":
        return not call.keywords or all(k.arg in ("device", "non_blocking") for k in call.keywords)
    return func.attr == "to" and any(
        isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value.startswith("cuda") for a in call.args
    )


def _class_facts(
    node: ast.ClassDef, summary: ModuleSummary, walks: dict[int, _ScopeWalk], backward: set[str], module_names: dict[str, list[ast.expr]]
) -> ClassFacts:
    bases = tuple(summary.qualified(name) for base in node.bases if (name := dotted_name(base)) is not None)
    methods = {m.name: m for m in node.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))}
    init = methods.get("__init__")
    params = tuple(a.arg for a in [*init.args.posonlyargs, *init.args.args, *init.args.kwonlyargs][1:]) if init is not None else ()
    stored: dict[str, str] = {}  # attribute -> the constructor's parameter stored in it
    for statement in _walk_scope(init) if init is not None else ():
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Name) and statement.value.id in params:
            for target in statement.targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                    stored[target.attr] = statement.value.id
    hooked = {}
    for hook in (*LIGHTNING_LOADER_HOOKS, *LIGHTNING_EVALUATION_HOOKS):
        method = methods.get(hook)
        for returned in walks[id(method)].returns if method is not None else ():
            value = returned.value
            if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self" and value.attr in stored:
                hooked[stored[value.attr]] = hook
    training = {name for name, method in methods.items() if walks[id(method)].calls.trains(set())}
    # One call deep through the instance: `update()` calling `self._learn(batch)`.
    training |= {name for name, method in methods.items() if walks[id(method)].calls.trains({f"self.{t}" for t in training})}
    backward_methods = _backward_per_call({name: walks[id(method)] for name, method in methods.items()}, backward, "self.")
    facts = ClassFacts(bases, params, hooked, frozenset(training), frozenset(backward_methods), loader_forwarding(node, summary.qualified))
    facts.in_memory = indexes_what_it_was_given(node, summary.qualified)
    item_methods = [methods[name] for name in ITEM_METHODS if name in methods]
    facts.item_cuda = any(_copies_to_cuda(call) for method in item_methods for call in walks[id(method)].device_moves)
    facts.item_calls = tuple(sorted({
        name for method in item_methods for call in ast.walk(method)
        if isinstance(call, ast.Call) and (name := dotted_name(call.func)) is not None and not name.startswith("self.")
    }))
    if init is not None:
        facts.moves_itself_to_cuda, facts.moves_itself_to_imported = _moves_itself_to_cuda(init, walks[id(init)], module_names, summary)
    facts.copied_params = _stored_and_copied(methods.values(), stored)
    for name, method in methods.items():
        if any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in method.decorator_list):
            continue
        walk = walks[id(method)]
        method_facts = _function_facts(method, walk, {f"self.{t}" for t in training})
        method_facts.params = method_facts.params[1:]  # the instance is not an argument
        method_facts.trains = name in training
        method_facts.cuda_when_omitted = _cuda_when_omitted(method, walk, _values_in(walk, module_names), summary)
        facts.methods[name] = method_facts
    # Through the instance, as between the module's functions: `train(loader)` calling
    # `self.train_epoch(loader)`.
    _add_delegated_work(
        {f"self.{name}": method for name, method in facts.methods.items()},
        {f"self.{name}": walks[id(methods[name])] for name in facts.methods},
        {f"self.{t}" for t in training},
    )
    return facts


def _stored_and_copied(methods: Iterable[FunctionNode], stored: dict[str, str]) -> dict[str, Optional[str]]:
    """The constructor's parameters, stored in `stored`'s attributes, whose items a loop of a
    method takes and copies to a device: each with the instance's attribute that names the device
    (`.to(self.device)`), or None for `.cuda()`."""
    copied: dict[str, Optional[str]] = {}
    # Each loop with the node whose walk sees what its body does (a comprehension's element
    # sits in the expression around it).
    loops: list[tuple[Union[ast.For, ast.AsyncFor, ast.comprehension], ast.AST]] = []
    for method in methods:
        for node in ast.walk(method):
            if isinstance(node, (ast.For, ast.AsyncFor)):
                loops.append((node, node))
            elif isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
                loops.extend((generator, node) for generator in node.generators)
    for loop, body in loops:
        iterated = _iterated(loop.iter)
        if not (isinstance(iterated, ast.Attribute) and isinstance(iterated.value, ast.Name) and iterated.value.id == "self"):
            continue
        param = stored.get(iterated.attr)
        items = tuple(name.id for name in ast.walk(loop.target) if isinstance(name, ast.Name))
        if param is not None and items:
            for _, call in _parameter_moves(_ScopeWalk.of(body), items):
                assert isinstance(call.func, ast.Attribute)
                device = _device_argument(call)
                if call.func.attr == "cuda":
                    copied[param] = None
                elif isinstance(device, ast.Attribute) and isinstance(device.value, ast.Name) and device.value.id == "self":
                    copied.setdefault(param, device.attr)
    return copied


def _moves_itself_to_cuda(
    init: FunctionNode, walk: _ScopeWalk, module_names: dict[str, list[ast.expr]], summary: ModuleSummary
) -> tuple[bool, frozenset[str]]:
    """`self.cuda()`, or `self.to(device)` with a device that can be CUDA, in the constructor, or
    a layer it stores moved so (`self.fc = nn.Linear(n, m).to(device)`); a parameter's default
    counts as a value it may hold. With the imported names of the devices it moves to, which
    only the project can tell."""
    defaults = _parameter_defaults(init)
    positional = [*init.args.posonlyargs, *init.args.args]
    this = positional[0].arg if positional else None

    def values_of(name: str) -> list[ast.expr]:
        return walk.assigned.get(name) or ([defaults[name]] if name in defaults else module_names.get(name, []))

    moves = [call for call in (n for n in ast.walk(init) if isinstance(n, ast.Call)) if _moves_the_instance(call, this)]
    stored = [
        node.value for node in ast.walk(init)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
        and any(isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == this for t in node.targets)
    ]
    moves += [
        call for call in stored
        if isinstance(call.func, ast.Attribute) and call.func.attr in ("to", "cuda") and _builds_a_layer(call.func.value, summary)
    ]
    imported = set()
    for call in moves:
        assert isinstance(call.func, ast.Attribute)
        if call.func.attr == "cuda":
            return True, frozenset()
        device = _device_argument(call) if call.func.attr == "to" else None
        if device is not None and _can_be_cuda(device, values_of, summary, 0):
            return True, frozenset()
        if isinstance(device, ast.Name) and not values_of(device.id):
            imported.add(device.id)
    return False, frozenset(imported)


def _builds_a_layer(node: ast.expr, summary: ModuleSummary) -> bool:
    """`nn.Linear(n, m)` or `Encoder(...)`, what `.to(device)` is called on: a module built there,
    not a tensor (`torch.tensor(mean)`), whose device says nothing of the parameters."""
    if not isinstance(node, ast.Call):
        return False
    callee = summary.qualified(dotted_name(node.func) or "")
    return bool(callee) and (callee.startswith("torch.nn.") or not callee.startswith(("torch.", "numpy.")))


def _moves_the_instance(call: ast.Call, this: Optional[str]) -> bool:
    """`self.cuda()`, `self.to(...)`."""
    func = call.func
    return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == this and func.attr in ("to", "cuda")


@lru_cache(maxsize=512)
def _summary(path: str, size: int, mtime: int) -> Optional[ModuleSummary]:
    source = read_code(path)
    return summarize(path, source) if source is not None else None


def summary_of(path: str) -> Optional[ModuleSummary]:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return _summary(path, status.st_size, status.st_mtime_ns)


@lru_cache(maxsize=4096)
def _resolved(folder: str, reference: ModuleReference) -> list[str]:
    if not reference.parts:
        return [path for path in python_files(folder) if reference.fits(module_parts(path))]
    return [path for path in _modules_named(folder).get(reference.parts[-1], ()) if reference.fits(module_parts(path))]


def _distance_from(importer: str, reference: ModuleReference) -> Callable[[str], tuple[int, str]]:
    """How far a module is from the importing one: the folders to climb from the importer's
    to the folder the import starts from (0 for a neighbour, as the script's own folder leads
    `sys.path`: `import mlp` there means `mlp.py` beside it before the package `mlp/`), then
    its path, for a stable order."""
    folder = Path(importer).parent.parts

    def distance(path: str) -> tuple[int, str]:
        parts = module_parts(path)
        root = parts[: len(parts) - len(reference.parts)] if reference.parts else parts[:-1]
        shared = 0
        while shared < min(len(root), len(folder)) and root[shared] == folder[shared]:
            shared += 1
        return len(folder) - shared, path

    return distance


@lru_cache(maxsize=16)
def _modules_named(folder: str) -> dict[str, list[str]]:
    """The project's modules by their last name (`data` for data.py and data/__init__.py): an
    import is matched against those of its name only."""
    named: dict[str, list[str]] = {}
    for path in python_files(folder):
        parts = module_parts(path)
        if parts:
            named.setdefault(parts[-1], []).append(path)
    return named


CUDA_SUFFIXES = (".cu", ".cuh")


def _without_bfloat16(path: str) -> bool:
    source = read_file(path) or b""
    dispatches = b"AT_DISPATCH" in source or b"__half" in source or b"at::Half" in source
    return dispatches and not any(word in source for word in (b"BFloat16", b"bfloat16", b"nv_bfloat16"))


@dataclass(frozen=True)
class EpochUse:
    """Another module iterates, on every pass of a loop that trains, what a function returns,
    having called it with these literal arguments (by position and by keyword): at `site`, the
    loop, or the call handing it to the function (`through`) whose loop does."""

    site: Site
    function: str
    literals: dict[Union[int, str], object]
    through: Optional[str] = None


def _takes_only(taken: tuple[tuple[ModuleReference, frozenset[str]], ...], helpers: set[str]) -> bool:
    """Whether an importer takes nothing but `helpers` (a logging function) from a module: it
    then runs none of the module's training, and its precision and model are its own loop's."""
    names = {name for _, names in taken for name in names}
    return bool(names) and names <= helpers


def forget_project_reads() -> None:
    """Drop what was read of projects' files (their lists, imports, states): a long-lived process,
    the language server, reads them afresh for each lint, as a command-line run does."""
    for cached in (
        project_files, importers_of, imports_by_version, import_line_words, files_matching, _resolved, _modules_named, _flags_named,
        configuration_device, configuration_settings, cuda_settings,
    ):
        cached.cache_clear()
    forget_states()


# How many star imports deep a name is followed.
MAX_STAR_DEPTH = 3
_STAR_IMPORT = re.compile(rb"\bimport\s*\*")


class Project:
    """One file's project: the repository it is in (importers.project_folder)."""

    def __init__(self, path: Path, source: Optional[bytes] = None, tree: Optional[ast.Module] = None) -> None:
        """`source` and `tree`: the linted text and its parse, which stand for the file's own
        summary (read from the file otherwise)."""
        self.path = os.path.abspath(path)
        self.module = module_parts(self.path)
        self._source = source
        self._tree = tree
        # Whether an answer read other files (the findings then depend on them).
        self.read = False
        self._star_memo: dict[str, dict[str, str]] = {}  # module path -> what its star imports bind

    def names_imported_by_other_modules(self) -> Optional[set[str]]:
        """What other modules of the project import from this file (importers.py)."""
        self.read = True
        return names_imported_from(Path(self.path))

    @cached_property
    def folder(self) -> str:
        return str(project_folder(Path(self.path)))

    @cached_property
    def own_summary(self) -> Optional[ModuleSummary]:
        if self._source is not None and self._tree is not None:
            return summarize(self.path, self._source, self._tree)
        return summary_of(self.path)

    def _summary(self, path: str) -> Optional[ModuleSummary]:
        return self.own_summary if path == self.path else summary_of(path)

    def _resolve(self, reference: ModuleReference, importer: Optional[str] = None) -> list[str]:
        """The project's files an import reference may name, those nearest the importing module
        first: `from engine import train_one_epoch` in `detection/train.py` means
        `detection/engine.py` (a script's folder leads `sys.path`), not `classification/engine.py`."""
        importer = importer or self.path
        found = [path for path in _resolved(self.folder, reference) if reference.reaches(module_parts(path), importer)]
        return sorted(found, key=_distance_from(importer, reference)) if len(found) > 1 else found

    def epoch_uses(self, function: str, index: Optional[int]) -> list[EpochUse]:
        """Loops in other modules of the project that train and, on every pass, iterate what
        `function` of this module returns (its `index`-th value, for a tuple), built before the
        loop: directly, or by handing it to a function that iterates that parameter."""
        uses = []
        for summary, scope in self._scopes_elsewhere():
            built = self._returned_into(summary, scope, function, index)
            for loop in scope.loops if built else ():
                iterated = self._iterated_each_pass(summary, loop, set(built))
                if iterated is not None:
                    uses.append(EpochUse(Site(summary.path, loop.line, self.folder), function, built[iterated].literals))
        for summary, call, facts, param, handed in self._returned_handed(function, index):
            # `train(net, train_loader, test_loader, epochs)`, whose epoch loop iterates them.
            if param in facts.iterated_each_pass:
                through = call.callee.rpartition(".")[2]
                uses.append(EpochUse(Site(summary.path, call.line, self.folder), function, handed.literals, through))
        return uses

    def returned_copied_to_cuda(self, function: str, index: Optional[int]) -> bool:
        """Whether another module of the project hands what `function` of this module returns
        (its `index`-th value, for a tuple) to a function that copies its batches to a device
        that can be CUDA: `train(net, train_loader, is_gpu)` with `inputs.cuda()` there; or
        copies them there itself (`for x, y in train_loader: x = x.to(device)`)."""
        for summary, scope in self._scopes_elsewhere():
            if scope.copied_to_cuda.intersection(self._returned_into(summary, scope, function, index)):
                return True
        for _, call, facts, param, _ in self._returned_handed(function, index):
            if param not in facts.moves:
                continue
            device = facts.moves[param]
            if device is None:
                return True
            position = facts.params.index(device)
            given = device in call.keywords or position < len(call.positional)
            if (given and (device in call.cuda_arguments or position in call.cuda_arguments)) or (not given and device in facts.cuda_when_omitted):
                return True
        return False

    def returned_trained_on(self, function: str, index: Optional[int]) -> Optional[tuple[str, Site]]:
        """The function, as the other module names it, whose loop that trains takes the items
        of what `function` of this module returns, with the call of another module of the project
        that hands it there (`train(net, train_loader)`)."""
        for summary, call, facts, param, _ in self._returned_handed(function, index):
            if param in facts.trained_params:
                return call.callee, Site(summary.path, call.line, self.folder)
        return None

    def _returned_handed(self, function: str, index: Optional[int]) -> Iterator[tuple[ModuleSummary, CallFacts, FunctionFacts, str, Built]]:
        """The calls in other modules of the project that hand a project function what this
        module's `function` returns (its `index`-th value), each with the function's facts, the
        parameter it is handed as, and how it was built."""
        for summary, scope in self._scopes_elsewhere():
            built = self._returned_into(summary, scope, function, index)
            for call in scope.calls if built else ():
                facts = self._function(summary, call.callee)
                if facts is None:
                    continue
                for param, passed in [*zip(facts.params, call.positional), *call.keywords.items()]:
                    if passed in built:
                        yield summary, call, facts, param, built[passed]

    def _returned_into(self, summary: ModuleSummary, scope: ScopeFacts, function: str, index: Optional[int]) -> dict[str, Built]:
        """The names a scope of another module binds to what this module's `function` returns
        (its `index`-th value)."""
        return {name: built for name, built in scope.built.items() if built.index == index and self._reaches(summary, built.callee, function)}

    def _scopes_elsewhere(self) -> Iterator[tuple[ModuleSummary, ScopeFacts]]:
        """Every scope of the project's other modules that import this one."""
        for summary in self._summaries_elsewhere():
            for scope in summary.scopes:
                yield summary, scope

    def _summaries_elsewhere(self) -> Iterator[ModuleSummary]:
        """The summaries of the project's other modules that import one named as this one is."""
        self.read = True
        try:
            importers = importers_of(self.folder, self.module[-1])
        except OSError:
            return
        for importer in importers:
            summary = summary_of(importer) if importer != self.path else None
            if summary is not None:
                yield summary

    def passed_to(self, function: str, param: str, index: int) -> Optional[list[str]]:
        """What the other modules of the project hand this module's `function` as `param` (its
        `index`-th parameter): the callee each argument was built by, spelled from its module
        (`torch.optim.Adam` for `optimizer = optim.Adam(...)` ... `train(model, optimizer)`).
        None where a call hands something else, or no call is found."""
        found: list[str] = []
        for summary, scope, call in self._calls_elsewhere(function):
            passed = call.keywords.get(param) or (call.positional[index] if index < len(call.positional) else None)
            built = scope.built.get(passed) if passed is not None else None
            if built is None or built.index is not None:
                return None
            found.append(summary.qualified(built.callee))
        return found or None

    def unpinned_loaders_passed_to(self, function: str, param: str, index: int) -> list[Site]:
        """Where other modules of the project hand this module's `function`, as `param` (its
        `index`-th parameter), a loader built without pinned memory: by torch's DataLoader
        leaving pin_memory off, or by a function of the project that returns one
        (`train_loader = build_dataloader(args, dataset)`). Empty unless every call found does."""
        found: list[Site] = []
        for summary, scope, call in self._calls_elsewhere(function):
            passed = call.keywords.get(param) or (call.positional[index] if index < len(call.positional) else None)
            built = scope.built.get(passed) if passed is not None else None
            if built is None or not self._unpinned(summary, built):
                return []
            found.append(Site(summary.path, call.line, self.folder))
        return found

    def _unpinned(self, summary: ModuleSummary, built: Built) -> bool:
        if built.callee in DATALOADERS or summary.qualified(built.callee) in TORCH_DATALOADERS:
            pinned = built.literals.get("pin_memory", False if "pin_memory" not in built.keywords else None)
            return built.index is None and not built.spread and pinned is False and built.positional <= PIN_MEMORY_POSITION
        if built.spread:
            return False
        facts = self.function_facts(summary.qualified(built.callee))
        return facts is not None and built.index in facts.unpinned_returns

    def cuda_passed_to(self, function: str, param: str, index: int) -> bool:
        """Whether another module of the project hands this module's `function` (or class, for
        its constructor) a CUDA device as `param`, its `index`-th parameter: `Trainer(model,
        device=torch.device("cuda"))` in the entry script for `self.device = device` here."""
        return any(param in call.cuda_arguments or index in call.cuda_arguments for _, _, call in self._calls_elsewhere(function))

    def cuda_attribute_passed_to(self, function: str, param: str, index: int, attribute: str) -> bool:
        """Whether another module of the project hands this module's `function` (or class), as
        `param`, an object whose `attribute` can be a CUDA device there: options whose `--device`
        defaults to "cuda", or any object of a module that sets `.device` to a CUDA device
        (`opt.device = torch.device("cuda:" + str(opt.gpu_id))` before `Trainer(opt)`)."""
        for summary, scope, call in self._calls_elsewhere(function):
            passed = call.keywords.get(param) or (call.positional[index] if index < len(call.positional) else None)
            if passed is None:
                continue
            if attribute in summary.cuda_attributes or self._imported_setting_can_be_cuda(summary, passed, attribute):
                return True
            declared, parsed = summary.options
            option = declared.get(attribute)
            built = scope.built.get(passed)
            parses = passed in parsed or (built is not None and built.callee.rpartition(".")[2] == "parse_args")
            if parses and option is not None and isinstance(option.default, str) and option.default.startswith("cuda"):
                return True
        return False

    def _imported_setting_can_be_cuda(self, summary: ModuleSummary, name: str, attribute: str) -> bool:
        """Whether `name`, in `summary`'s module, is settings imported from another module of the
        project (by name or by a star import) that gives `attribute` a value that can be CUDA."""
        head = name.partition(".")[0]
        if head in summary.imports:
            qualname = summary.qualified(name)
        else:
            qualname = self._star_names(summary).get(name, UNKNOWN) if "." not in name and summary.star_imports else UNKNOWN
        return qualname != UNKNOWN and "." in qualname and self.module_name_can_be_cuda(f"{qualname}.{attribute}")

    def parsed_options(self, qualname: str, method: Optional[str] = None) -> Optional[dict[str, tuple[Option, str]]]:
        """The command-line options that the project's function `qualname` returns parsed
        (`args = parse_args()` after `from options import parse_args`), or its class's `method`,
        inherited or not (`TrainOptions().parse()`), each with the path of the module declaring
        it; None where the call returns no parsed options. The options are the ones the modules
        of that function and of the class's lineage declare, less those two of them declare and
        those a declaring module assigns on some object: `parse()` may rewrite them."""
        for summary, name in self._defining(qualname):
            if method is None:
                if name not in summary.parsing_functions:
                    return None
                modules = [summary]
            else:
                lineage = list(self._named_lineage(summary, name, 0))
                defining = next(((module, owner) for module, owner, cls in lineage if cls is not None and method in cls.methods), None)
                if defining is None or f"{defining[1]}.{method}" not in defining[0].parsing_functions:
                    return None
                modules = list({module.path: module for module, _, _ in lineage}.values())
            return _declared_once(modules)
        return None

    def option(self, qualname: str, attribute: str) -> Optional[tuple[Option, str]]:
        """The command-line option `attribute` of the parsed options `qualname` names
        (`param.args` after `from param import args`), with the module declaring it."""
        for summary, name in self._defining(qualname):
            declared, parsed = summary.options
            if name in parsed and attribute in declared:
                return declared[attribute], summary.path
        return None

    def sets_option(self, option: Option, declaring: str) -> bool:
        """Whether a launch script, README or configuration file of the project, or one of its
        Python files other than the one declaring it, names one of the option's flags: a run may
        set it there. An unreadable project may, too."""
        flags = {flag.encode() for flag in option.flags if flag.startswith("-")}
        if not flags:
            return True
        self.read = True
        try:
            named = _flags_named(self.folder)
        except OSError:
            return True
        mine = os.path.realpath(declaring)
        # An unreadable file (None) may name any flag.
        return any(words is None or words & flags for path, words in named if path != mine)

    def cuda_parameters_passed_to(self, function: str, param: str, index: int) -> bool:
        """Whether another module of the project hands this module's `function`, as `param`, the
        parameters of a module moved to CUDA there (`build_optimizer(model.parameters(), opt)`
        after `model = Net().cuda()`)."""
        return any(param in call.cuda_parameters or index in call.cuda_parameters for _, _, call in self._calls_elsewhere(function))

    def _calls_elsewhere(self, function: str) -> Iterator[tuple[ModuleSummary, ScopeFacts, CallFacts]]:
        """The calls of this module's `function` (or class) that the project's other modules make."""
        for summary, scope in self._scopes_elsewhere():
            for call in scope.calls:
                if self._reaches(summary, call.callee, function):
                    yield summary, scope, call

    def overrides_moving(self, class_name: str, method: str, index: int) -> set[str]:
        """The attributes of the instance holding the devices to which overrides of `method`,
        in subclasses of this module's `class_name` defined by other modules of the project, move
        the argument at `index` (after the instance): `def training_forward(self, batch):
        x = batch.to(self.device)` -> {"device"}."""
        found: set[str] = set()
        for summary in self._summaries_elsewhere():
            for cls in summary.classes.values():
                facts = cls.methods.get(method)
                if facts is None or index >= len(facts.params) or facts.params[index] not in facts.attribute_moves:
                    continue
                if any(
                    (other.path, name) == (self.path, class_name)
                    for base in cls.bases for other, name in self._class_definitions(summary, base)
                ):
                    found.add(facts.attribute_moves[facts.params[index]])
        return found

    def sets_cuda_attribute(self, qualname: str, attribute: str) -> bool:
        """Whether the project module that `qualname` (`config.OptInit`) comes from sets
        `attribute` on some object to a value that can be a CUDA device."""
        return any(attribute in summary.cuda_attributes for summary, _ in self._defining(qualname))

    def class_sets_cuda_attribute(self, qualname: str, attribute: str) -> bool:
        """Whether the project's class `qualname`, or a class it inherits from, comes from a
        module that sets `attribute` to a value that can be a CUDA device: `self.device` of an
        agent whose base class sets `self.device = torch.device("cuda:0")`."""
        return any(
            attribute in module.cuda_attributes
            for summary, name in self._defining(qualname)
            for module, _ in self._lineage(summary, name)
        )

    def module_name_can_be_cuda(self, qualname: str) -> bool:
        """Whether `qualname` (`util.device`) is a module-level name of the project that module
        assigns a device that can be CUDA, or a setting of one of its module-level settings
        objects that it gives one (`config.args.device` after `args = EasyDict({"device": ...})`)."""
        if any(name in summary.cuda_names for summary, name in self._defining(qualname)):
            return True
        owner, _, key = qualname.rpartition(".")
        return "." in owner and any((name, key) in summary.cuda_settings for summary, name in self._defining(owner))

    def _moves_to_cuda(self, summary: ModuleSummary, cls: ClassFacts) -> bool:
        """Whether the class's constructor moves it, or its layers, to a device that can be CUDA:
        one of its module's, or one it imports (`DEVICE` of `from .config import DEVICE`)."""
        return cls.moves_itself_to_cuda or any(
            name in other.cuda_names for device in cls.moves_itself_to_imported for other, name in self._reexported(summary, device, 0)
        )

    def constructor_copies(self, qualname: str) -> Optional[tuple[tuple[str, ...], dict[str, Optional[str]]]]:
        """The constructor's parameters of the project's class `qualname`, and those of them its
        methods iterate and copy to a device (ClassFacts.copied_params); None for another name."""
        found = self._project_class(qualname)
        return (found[1].init_params, found[1].copied_params) if found is not None else None

    def moves_itself_to_cuda(self, qualname: str) -> bool:
        """Whether `qualname` is a class of the project whose constructor, or an inherited
        one, moves the instance to a device that can be CUDA."""
        for summary, name in self._defining(qualname):
            if any(cls is not None and self._moves_to_cuda(owner, cls) for owner, cls in self._lineage(summary, name)):
                return True
        return False

    def configured_positive(self, key: str) -> Optional[bool]:
        """What the YAML configuration files beside this module set `key` to: a positive
        integer everywhere (True), 0 everywhere (False), or not known (configured_values.py)."""
        self.read = True
        return configured_positive(self.folder, os.path.dirname(self.path), key)

    def configures_cuda(self, key: str) -> bool:
        """Whether the project gives the setting `key` a CUDA device anywhere (configured_values.py)."""
        self.read = True
        return key in cuda_settings(self.folder)

    def convolutional_network(self, qualname: str) -> bool:
        """Whether `qualname` is a network class of the project (an nn.Module, a LightningModule)
        defined in a module that builds Conv2d layers at two places or more."""
        found = self._project_class(qualname)
        if found is None:
            return False
        summary, facts = found
        return summary.conv2d_layers >= 2 and any(base.rsplit(".", 1)[-1] in ("Module", "LightningModule") for base in facts.bases)

    def dataset_on_device(self, qualname: str) -> bool:
        """Whether `qualname` is a dataset class of the project whose items are copied to the GPU
        as they are made: by its item methods or by a function of the project they call that
        copies to the GPU (`return Variable(encoded)`, `Variable` calling `.cuda()`)."""
        found = self._project_class(qualname)
        if found is None:
            return False
        summary, facts = found
        if facts.item_cuda:
            return True
        for callee in facts.item_calls:
            function = summary.functions.get(callee) or self.function_facts(summary.qualified(callee))
            if function is not None and function.copies_to_cuda:
                return True
        return False

    def indexes_what_it_was_given(self, qualname: str) -> bool:
        """Whether `qualname` is a dataset class of the project whose items are in memory
        (in_memory_datasets.py)."""
        found = self._project_class(qualname)
        return found is not None and found[1].in_memory

    def function_facts(self, qualname: Optional[str]) -> Optional[FunctionFacts]:
        """What the project's function `qualname` (`pkg.utils.to_device`) does, where it is one;
        None for a name with no module (`train`), which is the file's own or a builtin."""
        if qualname is None:
            return None
        for summary, name in self._defining(qualname):
            if name in summary.functions:
                return summary.functions[name]
        return None

    def _reaches(self, summary: ModuleSummary, callee: str, function: str) -> bool:
        target = summary.target_of(callee) or self._star_target(summary, callee)
        return target is not None and target[1] == function and target[0].reaches(self.module, summary.path)

    def _iterated_each_pass(self, summary: ModuleSummary, loop: LoopFacts, names: set[str]) -> Optional[str]:
        """Which of the names the loop iterates on every pass, directly or through a function it
        hands the name to, when the loop trains; None otherwise."""
        trains = loop.trains
        iterated = set(loop.nested_iterations & names)
        for call in loop.calls:
            facts = self._function(summary, call.callee)
            if facts is None:
                continue
            trains = trains or facts.trains
            for param, passed in [*zip(facts.params, call.positional), *call.keywords.items()]:
                if passed in names and param in facts.iterated_params:
                    iterated.add(passed)
        return min(iterated) if trains and iterated else None

    def lightning_class(self, qualname: str) -> Optional[ClassFacts]:
        """A Lightning class of the project, for the name a call of it resolves to
        (`asteroid.engine.system.System`), when it hands what its constructor was given to its
        loader hooks (`System(train_loader=...)` returning it from `train_dataloader`)."""
        for summary, name in self._defining(qualname):
            facts = summary.classes.get(name)
            if facts is not None and facts.hooked_params and self._lightning(summary, facts):
                return facts
        return None

    def lightning_on_gpu(self) -> bool:
        """Whether the Lightning Trainers that may fit this module's classes train on CUDA: those
        built here and in the modules that import this one, or import those (the entry scripts),
        tests aside; one at least, and every one as its literal settings say, or for one built
        from configuration (`Trainer(**config.trainer)`) as the configuration files beside it do."""
        self.read = True
        return self._lightning_devices == ["gpu"]

    @cached_property
    def _lightning_devices(self) -> list[Optional[str]]:
        """The distinct places those Trainers train, as lightning_on_gpu reads them."""
        modules, frontier = {self.path}, {self.path}
        try:
            for _ in range(2):
                frontier = {importer for path in frontier for importer in self._importing(path)} - modules
                modules |= frontier
        except OSError:
            return [None]
        devices: set[Optional[str]] = set()
        for path in sorted(modules):
            summary = self._summary(path)
            if summary is None or is_test_module(path, self.folder):
                continue
            parsed_elsewhere = self._options_parsed_elsewhere(summary)
            for device in summary.lightning_trainers_with(parsed_elsewhere) if parsed_elsewhere else summary.lightning_trainers:
                devices.add(configuration_device(self.folder, os.path.dirname(path)) if device == CONFIGURED else device)
        return sorted(devices, key=str)

    def _options_parsed_elsewhere(self, summary: ModuleSummary) -> dict[str, object]:
        """The defaults of the command-line options a function of another module of the project
        declares, where the module imports that function (`from params import parse_args`, then
        `args = parse_args()` and `Trainer(gpus=args.gpus)`)."""
        defaults: dict[str, object] = {}
        for reference, taken in summary.imports.values():
            if taken is None:
                continue
            for path in self._resolve(reference, summary.path)[:1]:
                other = summary_of(path)
                if other is not None and taken in other.parsing_functions:
                    defaults.update({name: option.default for name, option in other.options[0].items()})
        return defaults

    def _importing(self, path: str) -> set[str]:
        """The project's modules that import the module at `path`, as Python would resolve them."""
        parts = module_parts(path)
        if not parts:
            return set()
        return {
            importer for importer, taken in importers_of(self.folder, parts[-1]).items()
            if any(path in self._resolve(reference, importer) for reference, _ in taken)
        }

    def loader_subclass(self, qualname: str) -> Optional[LoaderForwarding]:
        """How the project's DataLoader subclass `qualname` hands its arguments to torch's."""
        found = self._project_class(qualname)
        return found[1].loader if found is not None else None

    def _project_class(self, qualname: str) -> Optional[tuple[ModuleSummary, ClassFacts]]:
        """The project's class `qualname` names, with the summary of the module defining it: the
        first module it may come from that defines it."""
        for summary, name in self._defining(qualname):
            facts = summary.classes.get(name)
            if facts is not None:
                return summary, facts
        return None

    def _defining(self, qualname: str) -> Iterator[tuple[ModuleSummary, str]]:
        """The summaries of the project's modules that `qualname` (`pkg.module.Name`) may come
        from, each with the name it would have there."""
        module, _, name = qualname.rpartition(".")
        for path in self._resolve(ModuleReference(tuple(module.split(".")))) if module else []:
            # Read only where a module of the project may be meant: `tqdm.tqdm` reads nothing,
            # and a file whose answer read nothing stays cached.
            self.read = True
            summary = summary_of(path)
            if summary is not None:
                yield from self._reexported(summary, name, 0)

    def _reexported(self, summary: ModuleSummary, name: str, hops: int) -> Iterator[tuple[ModuleSummary, str]]:
        """Where `name` of `summary` is defined when the module only imports it: a package's
        `__init__` that gathers its modules' classes (`from .native_scaler import Scaler`)."""
        if hops < MAX_REEXPORT_HOPS and name not in summary.functions and name not in summary.classes:
            target = summary.target_of(name) or self._star_target(summary, name)
            if target is not None:
                found = [other for path in self._resolve(target[0], summary.path) if (other := summary_of(path)) is not None]
                for other in found:
                    yield from self._reexported(other, target[1], hops + 1)
                if found:
                    return
        yield summary, name

    def neighbours(self) -> list[ModuleSummary]:
        """Where this module's model, training loop or precision are set up when not here: the
        project's modules it imports, those that import it (the entry script that runs it), and
        the modules those import (the model an entry script builds for a training loop here)."""
        self.read = True
        try:
            # Those whose import resolves to this module, not to another of the same name
            # (`from utils.train import cycle` does not import the `train.py` beside it).
            found = {
                importer: taken for importer, taken in importers_of(self.folder, self.module[-1]).items()
                if any(self.path in self._resolve(reference, importer) for reference, _ in taken)
            }
        except OSError:
            found = {}
        helpers = self._helpers() if found else set()
        importers = {importer for importer, taken in found.items() if not _takes_only(taken, helpers)}
        paths = self._imported_by(self.path) | importers
        for importer in importers:
            paths |= self._imported_by(importer)
        paths.discard(self.path)
        return [summary for path in sorted(paths) if (summary := summary_of(path)) is not None]

    def float16_autocast_imported(self) -> Optional[str]:
        """A module of the project this one imports (by its path from the project's root) whose
        `forward` enters an autocast of its own that can be float16 (ModuleSummary.autocast_in_forward):
        it stays float16 whatever this module's autocast asks for."""
        self.read = True
        paths = self._imported_by(self.path) | self._star_imported_by(self.path)
        # A package's `__init__` that gathers its modules with `from .model import *`.
        paths |= {star for path in paths for star in self._star_imported_by(path)}
        for path in sorted(paths - {self.path}):
            summary = summary_of(path)
            if summary is not None and summary.autocast_in_forward:
                return Path(os.path.relpath(path, self.folder)).as_posix()
        return None

    def _helpers(self) -> set[str]:
        """The module's top-level functions that run no training and call nothing else the module
        defines: whoever imports only these does not run its training."""
        own = self.own_summary
        if own is None:
            return set()
        tree = self._tree if self._tree is not None else parse_python(own.source)
        if tree is None:
            return set()
        defined = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
        helpers = set()
        for node in tree.body:
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            facts = own.functions.get(node.name)
            if facts is None or facts.trains:
                continue
            if not any(isinstance(inner, ast.Name) and inner.id in defined for inner in ast.walk(node)):
                helpers.add(node.name)
        return helpers

    def _star_imported_by(self, path: str) -> set[str]:
        summary = self._summary(path)
        if summary is None:
            return set()
        return {module for reference in summary.star_imports for module in self._resolve(reference, path)}

    def _imported_by(self, path: str) -> set[str]:
        summary = self._summary(path)
        if summary is None:
            return set()
        try:
            found = set()
            for reference, name in summary.imports.values():
                for module in self._resolve(reference, path):
                    found.add(module)
                    if name is not None and (imported := summary_of(module)) is not None:
                        # `from chatlearn import FSDPModule`: the module that defines it, too.
                        found.update(defining.path for defining, _ in self._reexported(imported, name, 0))
            return found
        except OSError:  # a buffer checked as a file of a folder that does not exist
            return set()

    def trains(self, qualname: str, method: Optional[str] = None) -> bool:
        """Whether calling the project's function `qualname` (or `method` of its class
        `qualname`) runs a training step: a backward or an optimizer step in its body."""
        for summary, name in self._defining(qualname):
            if method is None and name in summary.functions:
                return summary.functions[name].trains
            if method is not None and name in summary.classes:
                return method in summary.classes[name].training_methods
        return False

    def backward_per_call(self, qualname: str, method: Optional[str] = None) -> bool:
        """Whether every call of the project's function `qualname` (or `method` of its class
        `qualname`, or of a class it inherits from) runs one training step's backward: outside
        any loop of its own, so the caller's loop is the one that steps."""
        for summary, name in self._defining(qualname):
            if method is None:
                return name in summary.functions and summary.functions[name].backward_per_call
            return any(cls is not None and method in cls.backward_methods for _, cls in self._lineage(summary, name))
        return False

    def lacks_pin_memory(self, qualname: str) -> bool:
        """Whether the project's class `qualname` and every class it inherits from are defined by
        the project and none of them has a `pin_memory` method: torch's pinning leaves such an
        object as it is (a graph library's own `Batch`)."""
        for summary, name in self._defining(qualname):
            return self._without_pin_memory(summary, name, 0)
        return False

    def _without_pin_memory(self, summary: ModuleSummary, name: str, depth: int) -> bool:
        cls = summary.classes.get(name)
        if cls is None or depth >= MAX_BASES or "pin_memory" in cls.methods:
            return False
        for base in cls.bases:
            if base == "object":
                continue
            defined = list(self._class_definitions(summary, base))
            if not defined or not all(self._without_pin_memory(other, other_name, depth + 1) for other, other_name in defined):
                return False
        return True

    def method_facts(self, qualname: str, method: str) -> Optional[FunctionFacts]:
        """What `method` of the project's class `qualname` (or of a class it inherits from) does,
        where the project defines it."""
        for summary, name in self._defining(qualname):
            return next((cls.methods[method] for _, cls in self._lineage(summary, name) if cls is not None and method in cls.methods), None)
        return None

    def _lineage(self, summary: ModuleSummary, name: str) -> Iterator[tuple[ModuleSummary, Optional[ClassFacts]]]:
        """The class `name` of `summary` and the classes it inherits from, nearest first, each
        with the module that defines it (None for a class the module does not define), up to
        MAX_BASES generations."""
        return ((module, cls) for module, _, cls in self._named_lineage(summary, name, 0))

    def _named_lineage(self, summary: ModuleSummary, name: str, depth: int) -> Iterator[tuple[ModuleSummary, str, Optional[ClassFacts]]]:
        """The same, with the name each class has in its module."""
        cls = summary.classes.get(name)
        yield summary, name, cls
        if cls is None or depth >= MAX_BASES:
            return
        for base in cls.bases:
            for other, base_name in self._class_definitions(summary, base):
                yield from self._named_lineage(other, base_name, depth + 1)

    def _class_definitions(self, summary: ModuleSummary, name: str) -> Iterator[tuple[ModuleSummary, str]]:
        """Where a base class named in `summary` is defined: there, or in the project module it
        is imported from (relatively, or absolutely as the base's qualified name says)."""
        if name in summary.classes:
            yield summary, name
            return
        target = summary.target_of(name) or self._star_target(summary, name)
        if target is not None:
            for path in self._resolve(target[0], summary.path):
                other = summary_of(path)
                if other is not None:
                    yield other, target[1]
            return
        yield from self._defining(name)

    def kernels_without_bfloat16(self) -> list[str]:
        """The project's own CUDA sources that dispatch on types without bfloat16 among them
        (`AT_DISPATCH_FLOATING_TYPES_AND_HALF`, a kernel written for `__half`): autocast in
        bfloat16 hands them a dtype they do not take."""
        self.read = True
        try:
            return [path for path in project_files(self.folder, CUDA_SUFFIXES) if _without_bfloat16(path)]
        except OSError:
            return [self.folder]  # unreadable: as if it held one, so the advice stays away

    def torch_ceiling(self) -> Optional[tuple[int, int]]:
        """The newest torch this module runs on, as its code shows: it, or a project module it
        imports, imports a module torch has since removed. None when nothing shows one."""
        self.read = True
        own = self.own_summary
        if own is None:
            return None
        # Only a module whose bytes name a removed module can import one: the rest are not parsed.
        naming = [path for path in sorted(self._imported_by(self.path)) if _names_removed_module(path)]
        summaries = [own] + [s for path in naming if (s := summary_of(path)) is not None]
        return min((s.torch_ceiling for s in summaries if s.torch_ceiling is not None), default=None)

    def allows_pickled_loads(self) -> list[str]:
        """The project's modules that let torch.load unpickle what `weights_only` refuses, for
        loads anywhere: classes allowed with `add_safe_globals` or `safe_globals`, the
        `TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD` switch, or a `torch.load` replaced by a wrapper."""
        self.read = True
        try:
            return list(files_matching(self.folder, PICKLED_LOADS_ALLOWED))
        except OSError:
            return [self.folder]  # unreadable: the refusal may be allowed there, so nothing is said

    def _lightning(self, summary: ModuleSummary, facts: ClassFacts, depth: int = 0) -> bool:
        """A LightningModule or LightningDataModule, directly or through classes of its module."""
        for base in facts.bases:
            if is_lightning(base, "LightningModule") or is_lightning(base, "LightningDataModule"):
                return True
            local = summary.classes.get(base)
            if local is not None and depth < MAX_BASES and self._lightning(summary, local, depth + 1):
                return True
        return False

    def star_imported(self) -> dict[str, str]:
        """What this module's `from module import *` lines bind that can be named, each with
        its qualified name: a project module's functions and classes (`KBayes_Net` ->
        `src.model.KBayes_Net`) and absolute imports (`DataLoader` ->
        `torch.utils.data.DataLoader`), as star_exports.py reads them."""
        if self._source is not None and not _STAR_IMPORT.search(self._source):
            return {}
        own = self.own_summary
        names = self._star_names(own) if own is not None else {}
        return {name: qualname for name, qualname in names.items() if qualname != UNKNOWN}

    def _star_names(self, summary: ModuleSummary) -> dict[str, str]:
        """What all of a module's star imports bind, in order (UNKNOWN where that cannot be
        named), worked out once per module and asked for each name it calls."""
        if summary.path not in self._star_memo:
            names: dict[str, str] = {}
            for reference in summary.star_imports:
                names = self._star_bound(names, reference, summary.path, 0)
            self._star_memo[summary.path] = names
        return self._star_memo[summary.path]

    def package(self, level: int, module: Optional[str]) -> Optional[str]:
        """The dotted name, from the project's root, of what `from <level dots><module> import`
        in this module names; None where that is above the root."""
        reference = module_reference(module or "", level, self.path)
        assert reference.folder is not None
        folder = os.path.relpath(os.path.join(reference.folder, *reference.parts), self.folder)
        parts = Path(folder).parts
        if not parts or parts[0] == os.pardir or folder == os.curdir:
            return None
        return ".".join(parts)

    def _star_bound(self, names: dict[str, str], reference: ModuleReference, importer: str, depth: int) -> dict[str, str]:
        """`names` (bound so far) with what `from reference import *` in `importer` binds on
        top: a module outside the project, or one too deep to follow, may replace any of them."""
        paths = self._resolve(reference, importer) if depth < MAX_STAR_DEPTH else []
        other = summary_of(paths[0]) if paths else None
        exports = other.star_exports if other is not None else None
        if exports is None:
            return {name: UNKNOWN for name in names}
        self.read = True
        names = dict(names)
        bound: dict[str, str] = {}
        for step in exports.steps:
            if isinstance(step, ModuleReference):
                bound = self._star_bound(bound, step, paths[0], depth + 1)
            else:
                name, qualname = step
                bound[name] = f"{self._dotted(paths[0])}.{name}" if qualname == OWN else qualname
        names.update((name, qualname) for name, qualname in bound.items() if exports.exports(name))
        return names

    def _star_target(self, summary: ModuleSummary, name: str) -> Optional[tuple[ModuleReference, str]]:
        """The project module and name a plain `name` of `summary` reaches through its star
        imports, where that is one of the project's functions or classes."""
        if "." in name or not summary.star_imports:
            return None
        qualname = self._star_names(summary).get(name, UNKNOWN)
        if qualname == UNKNOWN:
            return None
        module, _, last = qualname.rpartition(".")
        return ModuleReference(tuple(module.split("."))), last

    def _dotted(self, path: str) -> str:
        """The module a project file is, named from the project's folder."""
        return ".".join(module_parts(os.path.relpath(path, self.folder)))

    def _function(self, summary: ModuleSummary, callee: str) -> Optional[FunctionFacts]:
        """A function a call reaches: one of the module's own, or one it imports from the project."""
        if callee in summary.functions:
            return summary.functions[callee]
        target = summary.target_of(callee) or self._star_target(summary, callee)
        if target is None:
            return None
        for path in self._resolve(target[0], summary.path):
            other = summary_of(path)
            if other is not None and target[1] in other.functions:
                return other.functions[target[1]]
        return None


def _declared_once(modules: list[ModuleSummary]) -> dict[str, tuple[Option, str]]:
    declared: dict[str, list[tuple[Option, str]]] = {}
    rewritten: set[str] = set()
    for module in modules:
        line = module.command_line
        rewritten |= line.options.keys() & line.assigned_attributes
        for name, option in line.options.items():
            declared.setdefault(name, []).append((option, module.path))
    return {name: found[0] for name, found in declared.items() if len(found) == 1 and name not in rewritten}


def _enters_autocast(call: ast.Call) -> bool:
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    enabled = next((k.value for k in call.keywords if k.arg == "enabled"), None)
    # torch.cuda.amp.autocast takes it first (`autocast(False)`); torch.autocast a device first.
    if enabled is None and call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, bool):
        enabled = call.args[0]
    return name == "autocast" and not (isinstance(enabled, ast.Constant) and enabled.value is False)
