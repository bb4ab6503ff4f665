"""One libcst pass over a file that builds what the checks read: a TrainingModel.

The pass resolves imports and aliases itself (libcst's QualifiedNameProvider and ScopeProvider
cost more than the parse) and records scopes with their bindings, every call with where it sits
(function, enclosing loops, branch conditions, statement), and every loop. The questions the
checks ask (where does this value come from? does this loop train?) are answered on demand from
those records, with memoisation, so a file pays only for what its checks ask.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cached_property, partial
from typing import Optional, Union

from torch_advise.lint.analysis.command_line import Option
from torch_advise.lint.analysis.dataclass_fields import Field, dataclass_fields, field_argument
from torch_advise.lint.analysis.names import canonical
from torch_advise.lint.analysis.syntax import (
    Expr,
    Loop,
    argparse_dest,
    argument_for,
    called_name,
    dotted,
    is_parse_args_call,
    item_key,
    literal_value,
    positional_args,
    string_value,
    target_names,
)
from torch_advise.lint.syntax_tree import nodes as cst
from torch_advise.records import dataclass, field


@dataclass(eq=False)
class Binding:
    """A name bound in a scope: by import, assignment, parameter, def, class, loop or with."""

    name: str
    kind: str
    scope: Scope
    value: Optional[Expr] = None
    index: Optional[int] = None
    qualname: Optional[str] = None
    node: Optional[cst.CSTNode] = None
    branches: tuple[Branch, ...] = ()  # the if/try arms around the binding


@dataclass(eq=False)
class Scope:
    kind: str  # module | class | function
    node: cst.CSTNode
    parent: Optional[Scope]
    bindings: dict[str, list[Binding]] = field(default_factory=dict)
    function: Optional[FunctionInfo] = None
    cls: Optional[ClassInfo] = None

    def bind(self, binding: Binding) -> None:
        self.bindings.setdefault(binding.name, []).append(binding)


@dataclass(eq=False)
class ClassInfo:
    node: cst.ClassDef
    name: str
    scope: Scope
    methods: dict[str, FunctionInfo] = field(default_factory=dict)
    # `self.x = ...` in any method: the instance's attributes, shared by all methods.
    attributes: dict[str, list[Binding]] = field(default_factory=dict)
    bases: tuple[Expr, ...] = ()


@dataclass(eq=False)
class FunctionInfo:
    node: cst.FunctionDef
    name: str
    scope: Scope
    cls: Optional[ClassInfo]
    params: list[cst.Param] = field(default_factory=list)
    returns: list[Expr] = field(default_factory=list)
    calls: list[CallSite] = field(default_factory=list)
    loops: list[LoopInfo] = field(default_factory=list)

    @property
    def self_name(self) -> Optional[str]:
        if self.cls is None or not self.params:
            return None
        if any(
            isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod"
            for d in self.node.decorators
        ):
            return None
        return self.params[0].name.value

    def arguments(self, call: cst.Call) -> list[tuple[cst.Param, Optional[Expr]]]:
        """Each parameter a caller fills (all but `self`), with what `call` passes for it (None:
        nothing, so its default or a `*args` the call spreads)."""
        params = self.params[1:] if self.self_name is not None else self.params
        return [(param, argument_for(call, param.name.value, position)) for position, param in enumerate(params)]


@dataclass(frozen=True)
class Branch:
    """Where a node sits under a conditional: which arm of which `if`/`try`."""

    owner: cst.CSTNode
    arm: str


@dataclass(eq=False)
class CallSite:
    node: cst.Call
    scope: Scope
    function: Optional[FunctionInfo]
    loops: tuple[LoopInfo, ...]
    branches: tuple[Branch, ...]
    statement: Optional[cst.CSTNode]
    order: int

    # Cached: the checks ask a call's method name hundreds of times a file.
    @cached_property
    def method(self) -> Optional[str]:
        return self.node.func.attr.value if type(self.node.func) is cst.Attribute else None

    @property
    def receiver(self) -> Optional[Expr]:
        return self.node.func.value if type(self.node.func) is cst.Attribute else None

    @property
    def discarded(self) -> bool:
        """The call is a statement of its own: what it returns is thrown away (a context
        manager never entered, a module's `.cuda()` that moves it in place)."""
        return isinstance(self.statement, cst.SimpleStatementLine) and any(
            isinstance(part, cst.Expr) and part.value is self.node for part in self.statement.body
        )

    @property
    def assigned_names(self) -> set[str]:
        """The names the call's value is assigned to: `x, y = f()`, or one arm of a conditional
        (`ctx = nullcontext() if final else torch.autocast("cuda")`)."""
        names: set[str] = set()
        if isinstance(self.statement, cst.SimpleStatementLine):
            for small in self.statement.body:
                if not isinstance(small, cst.Assign):
                    continue
                value = small.value
                arms = (value.body, value.orelse) if isinstance(value, cst.IfExp) else (value,)
                if any(arm is self.node for arm in arms):
                    names.update(name for target in small.targets for name in target_names(target.target))
        return names


@dataclass(eq=False)
class LoopInfo:
    node: Loop
    scope: Scope
    function: Optional[FunctionInfo]
    parents: tuple[LoopInfo, ...]
    branches: tuple[Branch, ...]
    order: int
    calls: list[CallSite] = field(default_factory=list)
    # Names bound in the loop: its target and assignments in its body.
    assigned: dict[str, list[Expr]] = field(default_factory=dict)


@dataclass(frozen=True)
class Origin:
    """Where a value comes from: an expression that could not be traced further, in its scope."""

    expr: cst.CSTNode
    scope: Scope


# How many steps one origins() question may take before it answers "not traced".
MAX_ORIGIN_STEPS = 20_000
# origins()'s marks of where an answer was cut short: nowhere, or by a limit that depends on
# the path it was reached by.
UNCUT = 1 << 30
CUT_EVERYWHERE = -1


class TrainingModel:
    """What a training script does, as far as one file shows it."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self.module_scope = Scope("module", module, None)
        self.functions: list[FunctionInfo] = []
        self.classes: list[ClassInfo] = []
        self.calls: list[CallSite] = []
        self.loops: list[LoopInfo] = []
        self.top_level_imports: list[cst.SimpleStatementLine] = []
        self.identifiers: frozenset[str] = frozenset()
        # Names some function declares `global` or `nonlocal`: it may rebind them, so no
        # assignment seen in their own scope says what they hold.
        self.rebound_names: set[str] = set()
        # String literals that mention a CUDA device or the NCCL backend, for "does it use CUDA?"
        self.cuda_strings: list[Union[cst.SimpleString, cst.FormattedStringText]] = []
        # Every `a if test else b`, with the scope it is in: a constant test leaves one arm dead.
        self.choices: list[tuple[cst.IfExp, Scope]] = []
        # `args.device = ...` on an object other than a method's own instance, by attribute name.
        self.object_attributes: dict[str, list[Binding]] = {}
        self.object_items: dict[str, list[Binding]] = {}  # `args["device"] = value`, by key
        self._function_by_node: dict[cst.CSTNode, FunctionInfo] = {}
        self._call_by_node: dict[cst.Call, CallSite] = {}
        self._qualname_memo: dict[tuple[int, int], Optional[str]] = {}
        self._backward_memo: dict[FunctionInfo, bool] = {}
        self._call_names: dict[CallSite, Optional[str]] = {}
        self._trains_memo: dict[LoopInfo, bool] = {}
        # function -> the calls running it makes, in order (inline.run_order's, shared by every caller)
        self.run_bodies: dict[FunctionInfo, list[CallSite]] = {}
        # The questions being answered, each with its depth in the chain of questions.
        self._origin_stack: dict[tuple[int, int], int] = {}
        self._origin_memo: dict[tuple[int, int], list[Origin]] = {}
        self._origin_steps = 0  # calls made by the current top-level origins() question
        # The shallowest question the answer being worked out was cut short at (a cycle back to
        # it): an answer cut short only at itself or deeper is whole, and kept.
        self._origin_low = UNCUT
        self._callee_memo: dict[tuple[int, int], Union[FunctionInfo, ClassInfo, None]] = {}
        self._calls_to_memo: dict[FunctionInfo, list[CallSite]] = {}
        self._class_stack: set[tuple[int, int]] = set()
        # Calls this file cannot follow that run backward elsewhere (set from the project's
        # modules, backward_elsewhere.py); with no project, none does.
        self.backward_elsewhere: Callable[[CallSite], bool] = _no_backward_elsewhere
        # The command-line options a call this file cannot follow returns parsed, as another
        # module of the project declares them (options_elsewhere.py); with no project, none.
        self.options_elsewhere: Callable[[cst.Call, Scope], Optional[Mapping[str, tuple[Option, str]]]] = _no_options_elsewhere

    def release(self) -> None:
        """Break the model's reference cycles (scopes and their bindings, functions and their
        calls, classes and their methods), so that the file's tree is freed by reference counting
        the moment the lint is done with it, instead of waiting for the cycle collector to walk
        every node of it."""
        for scope in (self.module_scope, *(f.scope for f in self.functions), *(c.scope for c in self.classes)):
            scope.bindings.clear()
            scope.function = scope.cls = scope.parent = None
        for function in self.functions:
            function.calls.clear()
            function.loops.clear()
            function.cls = None
        for cls in self.classes:
            cls.methods.clear()
            cls.attributes.clear()
        for loop in self.loops:
            loop.calls.clear()
        for value in vars(self).values():
            if isinstance(value, (dict, list, set)):
                value.clear()
        # The project's predicate holds the model: dropping it breaks that cycle too.
        self.backward_elsewhere = _no_backward_elsewhere
        self.options_elsewhere = _no_options_elsewhere

    # ---- lookups -------------------------------------------------------------------------

    def call_site(self, node: cst.Call) -> Optional[CallSite]:
        return self._call_by_node.get(node)

    def function_of(self, node: cst.FunctionDef) -> Optional[FunctionInfo]:
        return self._function_by_node.get(node)

    def lookup(self, name: str, scope: Scope) -> list[Binding]:
        """Bindings of `name` visible from `scope` (class bodies do not enclose their methods)."""
        current: Optional[Scope] = scope
        first = True
        while current is not None:
            if (first or current.kind != "class") and name in current.bindings:
                return current.bindings[name]
            first = False
            current = current.parent
        return []

    def qualname(self, expr: cst.CSTNode, scope: Scope) -> Optional[str]:
        """The imported name an expression refers to (`torch.utils.data.DataLoader`), or None."""
        key = (id(expr), id(scope))
        if key in self._qualname_memo:
            return self._qualname_memo[key]
        self._qualname_memo[key] = None  # guards `x = x.y` cycles
        result = canonical(self._qualname(expr, scope))
        self._qualname_memo[key] = result
        return result

    def _qualname(self, expr: cst.CSTNode, scope: Scope) -> Optional[str]:
        if isinstance(expr, cst.Attribute):
            head = self.qualname(expr.value, scope)
            return f"{head}.{expr.attr.value}" if head else None
        if not isinstance(expr, cst.Name):
            return None
        bindings = self.lookup(expr.value, scope)
        if any(binding.kind == "import" for binding in bindings):
            # `except ImportError: torch = None`: where the code runs at all, the name is the module.
            bindings = [b for b in bindings if not (b.kind == "assign" and isinstance(b.value, cst.Name) and b.value.value == "None")]
        names: set[Optional[str]] = set()
        for binding in bindings:
            if binding.kind in ("import", "star_import"):
                names.add(binding.qualname)
            elif binding.kind == "assign" and binding.index is None and binding.value is not None and isinstance(
                binding.value, (cst.Name, cst.Attribute)
            ):
                names.add(self.qualname(binding.value, binding.scope))
            else:
                return None
        if len(names) == 1:
            return names.pop()
        return None

    def name_relative_imports(self, package: Callable[[int, Optional[str]], Optional[str]]) -> None:
        """Gives the names that relative imports bind (`from .engine import train_one_epoch`)
        the qualified names the project knows them by; `package(level, module)` is the module's
        dotted name from the project's root (None outside it)."""
        scopes = [self.module_scope, *(f.scope for f in self.functions), *(c.scope for c in self.classes)]
        for scope in scopes:
            for bindings in scope.bindings.values():
                for binding in bindings:
                    node = binding.node
                    if binding.kind != "import" or binding.qualname is not None or not isinstance(node, cst.ImportFrom):
                        continue
                    if not node.relative or isinstance(node.names, cst.ImportStar):
                        continue
                    module = package(len(node.relative), dotted(node.module) if node.module is not None else None)
                    imported = next((dotted(a.name) for a in node.names if _local_name(a) == binding.name), None)
                    if module is not None and imported is not None:
                        binding.qualname = f"{module}.{imported}"
        self._qualname_memo.clear()
        self._call_names.clear()

    def bind_star_imports(self, names: dict[str, str]) -> None:
        """Binds what the file's `from module import *` lines bring in (name -> qualified name),
        which only the project can tell; a name the module binds itself keeps its own bindings.
        Their kind is "star_import", not "import": a fix that edits import statements has none to edit."""
        for name, qualname in names.items():
            if name not in self.module_scope.bindings:
                self.module_scope.bind(Binding(name, "star_import", self.module_scope, qualname=qualname))
        self._qualname_memo.clear()
        self._call_names.clear()

    def call_name(self, call: CallSite) -> Optional[str]:
        if call in self._call_names:
            return self._call_names[call]
        name = self._call_names[call] = self.qualname(call.node.func, call.scope)
        return name

    def imported_packages(self, anywhere: bool = False) -> set[str]:
        """The packages the file imports (`apex` for `from apex import amp`): at its top level,
        or with `anywhere` in any function or class too (`if args.fp16: from apex import amp`)."""
        scopes = [self.module_scope, *(f.scope for f in self.functions), *(c.scope for c in self.classes)] if anywhere else [self.module_scope]
        return {
            (binding.qualname or "").split(".")[0]
            for scope in scopes for bindings in scope.bindings.values() for binding in bindings if binding.kind == "import"
        }

    def module_alias(self, module: str) -> Optional[str]:
        """The name under which `module` is imported at module level (`torch`), if any."""
        for name, bindings in self.module_scope.bindings.items():
            if all(b.kind == "import" and b.qualname == module for b in bindings):
                return name
        return None

    # ---- where values come from ------------------------------------------------------------

    def origins(self, expr: cst.CSTNode, scope: Scope, depth: int = 0) -> list[Origin]:
        """The expressions a value may come from, following assignments, `self.x` attributes,
        returns of functions in this file, and arguments at their call sites."""
        key = (id(expr), id(scope))
        if key in self._origin_memo:
            return self._origin_memo[key]
        if depth > 12:
            self._origin_low = CUT_EVERYWHERE
            return []
        if key in self._origin_stack:
            self._origin_low = min(self._origin_low, self._origin_stack[key])
            return []
        if not self._origin_stack:
            self._origin_steps = 0
        self._origin_steps += 1
        if self._origin_steps > MAX_ORIGIN_STEPS:
            # Parameters fed by tuples fed by parameters can branch without end: past the
            # budget the value is one that could not be traced, as an unknown name is.
            self._origin_low = CUT_EVERYWHERE
            return [Origin(expr, scope)]
        position = len(self._origin_stack)
        self._origin_stack[key] = position
        outer_low, self._origin_low = self._origin_low, UNCUT
        try:
            # A value reassigned through helpers (`image = flip(image)` ten times over, each
            # helper called with the others' results) reaches one origin by many paths: listed
            # once, the answers stay as small as the file.
            result = list({(id(o.expr), id(o.scope)): o for o in self._origins(expr, scope, depth + 1)}.values())
        finally:
            del self._origin_stack[key]
            whole = self._origin_low >= position
            self._origin_low = min(outer_low, self._origin_low)
        # An answer cut short by a cycle back to a question still open, or by a depth or step
        # limit, depends on how it was reached: it is recomputed next time, unless it is the
        # answer to the question first asked, which is asked the same way each time.
        if whole or not self._origin_stack:
            self._origin_memo[key] = result
        return result

    def _origins(self, expr: cst.CSTNode, scope: Scope, depth: int) -> list[Origin]:
        if isinstance(expr, cst.IfExp):
            return self.origins(expr.body, scope, depth) + self.origins(expr.orelse, scope, depth)
        if isinstance(expr, cst.Name):
            bindings = self.lookup(expr.value, scope)
            if not bindings:
                return [Origin(expr, scope)]
            result: list[Origin] = []
            for binding in bindings:
                result.extend(self._binding_origins(binding, depth))
            return result
        if isinstance(expr, cst.Attribute):
            attributes = self._instance_attribute(expr, scope)
            if attributes is not None:
                result = []
                for binding in attributes:
                    result.extend(self._binding_origins(binding, depth))
                if not self._is_self(expr.value, scope):
                    # `args = Args(); args.device = device`: set on the object, not in its class.
                    result.extend(self._object_attribute_origins(expr, scope, depth))
                    result.extend(self._field_origins(expr, scope, depth))
                return result or [Origin(expr, scope)]
            settings = self._class_setting_origins(expr, scope, depth)
            if settings:
                return [*settings, *self._object_attribute_origins(expr, scope, depth)]
            return [Origin(expr, scope), *self._object_attribute_origins(expr, scope, depth)]
        if isinstance(expr, cst.Subscript) and (key := item_key(expr)) is not None:
            return [Origin(expr, scope), *self._item_origins(expr, key, scope, depth)]
        if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index):
            position = literal_value(expr.slice[0].slice.value)
            chosen = position if isinstance(position, int) and not isinstance(position, bool) else None
            return [Origin(expr, scope), *self._sequence_elements(expr.value, scope, depth, chosen)]
        if isinstance(expr, cst.Call):
            callee = self.callee(expr, scope)
            if isinstance(callee, FunctionInfo) and callee.returns:
                result = []
                for value in callee.returns:
                    result.extend(self.origins(value, callee.scope, depth))
                return result
        return [Origin(expr, scope)]

    def _object_attribute_origins(self, expr: cst.Attribute, scope: Scope, depth: int) -> list[Origin]:
        """What `args.device` may hold where the file sets it on that very object (`args.device =
        torch.device("cuda")` after `args = parser.parse_args()`, also when `args` is handed to the
        function reading it). The attribute itself stays an origin: what else sets it is not known."""
        assignments = self.object_attributes.get(expr.attr.value)
        if not assignments:
            return []
        return self._assigned_on(self.origins(expr.value, scope, depth), assignments, depth)

    def _class_setting_origins(self, expr: cst.Attribute, scope: Scope, depth: int) -> list[Origin]:
        """What `CFG.num_workers` holds where `CFG` is a class of this file used as a settings
        namespace (`class CFG: num_workers = 4`): the values its body, or a base's, assigns."""
        if not isinstance(expr.value, cst.Name):
            return []
        bindings = self.lookup(expr.value.value, scope)
        if len(bindings) != 1 or bindings[0].kind != "class":
            return []
        cls = self._class_by_node(bindings[0].node)
        if cls is None:
            return []
        result: list[Origin] = []
        for klass in self.class_lineage(cls):
            for binding in klass.scope.bindings.get(expr.attr.value, []):
                if binding.kind != "assign":
                    return []  # a method or a nested class: not a setting
                result.extend(self._binding_origins(binding, depth))
            if result:
                return result  # the nearest class that sets it decides
        return result

    def _field_origins(self, expr: cst.Attribute, scope: Scope, depth: int) -> list[Origin]:
        """What a field of a dataclass of this file holds on an instance the file builds
        (`cfg = Config(); cfg.workers`): the argument the constructor is given for it, else the
        field's default. A constructor call this cannot read (`Config(**options)`) leaves the
        attribute itself as an origin."""
        name = expr.attr.value
        result: list[Origin] = []
        for origin in self.origins(expr.value, scope, depth):
            call = origin.expr
            cls = self.callee(call, origin.scope) if isinstance(call, cst.Call) else None
            fields = self._dataclass_fields(cls) if isinstance(cls, ClassInfo) else None
            if fields is None or name not in fields:
                continue
            assert isinstance(call, cst.Call) and isinstance(cls, ClassInfo)
            given = field_argument(call, name, fields)
            default = fields[name].default
            if given is not None:
                result.extend(self.origins(given, origin.scope, depth))
            elif any(argument.star for argument in call.args) or default is None:
                result.append(Origin(expr, scope))
            else:
                result.extend(self.origins(default, cls.scope.parent or cls.scope, depth))
        return result

    def _dataclass_fields(self, cls: ClassInfo) -> Optional[dict[str, Field]]:
        lineage = self.class_lineage(cls)
        if sum(len(klass.bases) for klass in lineage) != len(lineage) - 1:
            return None  # a base from elsewhere, or several: its fields are not known here
        return dataclass_fields([(klass.node, partial(self.qualname, scope=klass.scope.parent or klass.scope)) for klass in lineage])

    def _item_origins(self, expr: cst.Subscript, key: str, scope: Scope, depth: int) -> list[Origin]:
        """What `args["device"]` may hold where the file gives the key a value on that very dict:
        in its literal (`args = {"device": device}`, `dict(device=device)`), or by assignment
        (`args["device"] = torch.device("cuda")`). The item itself stays an origin, as an
        attribute does: what else fills it is not known."""
        owners = self.origins(expr.value, scope, depth)
        result: list[Origin] = []
        for owner in owners:
            node = owner.expr
            if isinstance(node, cst.Dict):
                for element in node.elements:
                    if isinstance(element, cst.DictElement) and string_value(element.key) == key:
                        result.extend(self.origins(element.value, owner.scope, depth))
            elif isinstance(node, cst.Call) and dotted(node.func) == "dict" and not self.lookup("dict", owner.scope):
                for argument in node.args:
                    if argument.keyword is not None and argument.keyword.value == key:
                        result.extend(self.origins(argument.value, owner.scope, depth))
        return result + self._assigned_on(owners, self.object_items.get(key, []), depth)

    def _assigned_on(self, owners: list[Origin], assignments: list[Binding], depth: int) -> list[Origin]:
        """The values of those `x.attr = value` or `x["key"] = value` assignments whose `x` is one
        of these very objects."""
        mine = {id(o.expr) for o in owners}
        result: list[Origin] = []
        for binding in assignments:
            assert isinstance(binding.node, (cst.Attribute, cst.Subscript)) and binding.value is not None
            if mine & {id(o.expr) for o in self.origins(binding.node.value, binding.scope, depth)}:
                result.extend(self.origins(binding.value, binding.scope, depth))
        return result

    def _binding_origins(self, binding: Binding, depth: int) -> list[Origin]:
        if binding.kind == "assign" and binding.value is not None:
            if binding.index is None:
                return self.origins(binding.value, binding.scope, depth)
            return self._element_origins(binding.value, binding.index, binding.scope, depth)
        if binding.kind == "param" and binding.scope.function is not None:
            return self._parameter_origins(binding, depth)
        if binding.kind == "loop" and isinstance(binding.node, (cst.For, cst.CompFor)):
            return [Origin(binding.node, binding.scope), *self._loop_target_origins(binding, depth)]
        return [Origin(binding.node or binding.scope.node, binding.scope)] if binding.kind != "param" else []

    def _sequence_elements(self, sequence: Expr, scope: Scope, depth: int, position: Optional[int] = None) -> list[Origin]:
        """What an element of a list or tuple written out in the file may hold (`loaders[i]` with
        `loaders = [train_loader, val_loader]`): the one at `position` when it is known, else any;
        any element of a list comprehension is its expression."""
        result: list[Origin] = []
        for origin in self.origins(sequence, scope, depth):
            if isinstance(origin.expr, cst.ListComp):
                result.extend(self.origins(origin.expr.elt, origin.scope, depth))
            if not isinstance(origin.expr, (cst.List, cst.Tuple)):
                continue
            elements = [e for e in origin.expr.elements if not isinstance(e, cst.StarredElement)]
            if position is not None:
                if len(elements) != len(origin.expr.elements) or not -len(elements) <= position < len(elements):
                    continue
                elements = [elements[position]]
            for element in elements:
                result.extend(self.origins(element.value, origin.scope, depth))
        return result

    def _loop_target_origins(self, binding: Binding, depth: int) -> list[Origin]:
        """What a loop's name takes from a list or tuple written out in the file: `for loader in
        loaders` or `for i, loader in enumerate(loaders)`; or from the values of a dict written out:
        `for name, model in models.items()`, `for model in models.values()`."""
        loop = binding.node
        assert isinstance(loop, (cst.For, cst.CompFor))
        target, iterable = loop.target, loop.iter
        if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Attribute) and not iterable.args:
            method = iterable.func.attr.value
            named: cst.BaseExpression = target
            if method == "items" and isinstance(target, cst.Tuple) and len(target.elements) == 2:
                named = target.elements[1].value
            elif method != "values":
                return []
            if not (isinstance(named, cst.Name) and named.value == binding.name):
                return []
            return self._dict_values(iterable.func.value, binding.scope, depth)
        if isinstance(target, cst.Tuple) and isinstance(iterable, cst.Call) and dotted(iterable.func) == "enumerate":
            names = [e.value for e in target.elements]
            arguments = positional_args(iterable)
            if len(names) != 2 or not arguments or not isinstance(names[1], cst.Name) or self.lookup("enumerate", binding.scope):
                return []
            target, iterable = names[1], arguments[0]
        if not (isinstance(target, cst.Name) and target.value == binding.name):
            return []
        return self._sequence_elements(iterable, binding.scope, depth)

    def _dict_values(self, value: Expr, scope: Scope, depth: int) -> list[Origin]:
        result: list[Origin] = []
        for origin in self.origins(value, scope, depth):
            if isinstance(origin.expr, cst.Dict):
                for element in origin.expr.elements:
                    if isinstance(element, cst.DictElement):
                        result.extend(self.origins(element.value, origin.scope, depth))
        return result

    def _element_origins(self, value: Expr, index: int, scope: Scope, depth: int) -> list[Origin]:
        """`a, b = f()`: element `index` of what `f` returns, where it returns tuples."""
        result: list[Origin] = []
        for origin in self.origins(value, scope, depth):
            if isinstance(origin.expr, (cst.Tuple, cst.List)) and index < len(origin.expr.elements):
                element = origin.expr.elements[index]
                if not isinstance(element, cst.StarredElement):
                    result.extend(self.origins(element.value, origin.scope, depth))
        return result

    def _parameter_origins(self, binding: Binding, depth: int) -> list[Origin]:
        function = binding.scope.function
        assert function is not None
        position = next(i for i, p in enumerate(function.params) if p.name.value == binding.name)
        if function.self_name is not None:
            position -= 1
        result: list[Origin] = []
        for site in self.calls_to(function):
            argument = argument_for(site.node, binding.name, position)
            if argument is not None:
                result.extend(self.origins(argument, site.scope, depth))
            else:
                result.extend(self._spread_option_origins(site, binding.name, depth))
        param = function.params[position + (1 if function.self_name else 0)]
        if param.default is not None:
            result.extend(self.origins(param.default, function.scope.parent or function.scope, depth))
        return result

    def _spread_option_origins(self, site: CallSite, name: str, depth: int) -> list[Origin]:
        """`main(**vars(args))` or `main(**args.__dict__)` with `args = parser.parse_args()` fills
        each parameter with the option of its name: its `add_argument` calls are where the value
        comes from (what they declare decides, as for `args.workers`). A spread of anything but
        parsed options is a value nobody can see here: the spread itself stands for it."""
        result: list[Origin] = []
        for arg in site.node.args:
            if arg.star != "**":
                continue
            namespaces = [self._namespace_of(o.expr) for o in self.origins(arg.value, site.scope, depth)]
            parsed = bool(namespaces) and all(
                n is not None and any(is_parse_args_call(o.expr) for o in self.origins(n, site.scope, depth)) for n in namespaces
            )
            if not parsed:
                result.append(Origin(arg.value, site.scope))
                continue
            # An option nobody declares leaves the parameter its default, which is traced already.
            result.extend(Origin(s.node, s.scope) for s in self.calls if s.method == "add_argument" and argparse_dest(s.node) == name)
        return result

    @staticmethod
    def _namespace_of(expr: cst.CSTNode) -> Optional[cst.CSTNode]:
        """`args` of `vars(args)` or `args.__dict__`."""
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == "vars" and len(expr.args) == 1:
            return expr.args[0].value if not expr.args[0].star and expr.args[0].keyword is None else None
        if isinstance(expr, cst.Attribute) and expr.attr.value == "__dict__":
            return expr.value
        return None

    def _instance_attribute(self, expr: cst.Attribute, scope: Scope) -> Optional[list[Binding]]:
        """Bindings of `self.x` when `expr` is `self.x` inside a method (None otherwise)."""
        cls = self.enclosing_class(scope, expr.value)
        if cls is None:
            return None
        return self.class_attribute(cls, expr.attr.value)

    def class_attribute(self, cls: ClassInfo, name: str) -> list[Binding]:
        found: list[Binding] = []
        for klass in self.class_lineage(cls):
            found.extend(klass.attributes.get(name, []))
        return found

    @staticmethod
    def _is_self(receiver: cst.CSTNode, scope: Scope) -> bool:
        function = scope.function
        return isinstance(receiver, cst.Name) and function is not None and function.cls is not None and function.self_name == receiver.value

    def enclosing_class(self, scope: Scope, receiver: cst.CSTNode) -> Optional[ClassInfo]:
        """The class whose instance `receiver` is, when it is the `self` of a method, or an
        object built from a class of this file (`trainer = Trainer(); trainer.fit()`)."""
        if self._is_self(receiver, scope):
            assert scope.function is not None and scope.function.cls is not None
            return scope.function.cls
        if isinstance(receiver, cst.Call):
            # `TrainOptions().parse()`: the object the call builds.
            built = self.callee(receiver, scope)
            return built if isinstance(built, ClassInfo) else None
        key = (id(receiver), id(scope))
        if isinstance(receiver, (cst.Name, cst.Attribute)) and not (
            isinstance(receiver, cst.Name) and receiver.value in ("self", "cls")
        ) and key not in self._class_stack:
            # `x = x.to(device)`: the receiver's origin is the call being resolved; without this
            # guard callee() and enclosing_class() would ask each other forever.
            self._class_stack.add(key)
            try:
                classes = set()
                for origin in self.origins(receiver, scope):
                    if isinstance(origin.expr, cst.Call):
                        target = self.callee(origin.expr, origin.scope)
                        if isinstance(target, ClassInfo):
                            classes.add(target)
                        else:
                            return None
                    else:
                        return None
                if len(classes) == 1:
                    return classes.pop()
            finally:
                self._class_stack.discard(key)
        return None

    def class_lineage(self, cls: ClassInfo) -> list[ClassInfo]:
        lineage, pending = [], [cls]
        while pending:
            klass = pending.pop(0)
            if klass in lineage:
                continue
            lineage.append(klass)
            for base in klass.bases:
                for binding in self.lookup(dotted(base) or "", klass.scope.parent or klass.scope):
                    found = self._class_by_node(binding.node)
                    if found is not None:
                        pending.append(found)
        return lineage

    def _class_by_node(self, node: Optional[cst.CSTNode]) -> Optional[ClassInfo]:
        for cls in self.classes:
            if cls.node is node:
                return cls
        return None

    def method(self, cls: ClassInfo, name: str) -> Optional[FunctionInfo]:
        for klass in self.class_lineage(cls):
            if name in klass.methods:
                return klass.methods[name]
        return None

    # ---- calls between functions of this file ---------------------------------------------

    def callee(self, call: cst.Call, scope: Scope) -> Union[FunctionInfo, ClassInfo, None]:
        """The function or class of this file that a call runs, if it is one."""
        key = (id(call), id(scope))
        if key not in self._callee_memo:
            self._callee_memo[key] = None  # a call reached again while resolving itself runs nothing known
            self._callee_memo[key] = self._callee(call, scope)
        return self._callee_memo[key]

    def _callee(self, call: cst.Call, scope: Scope) -> Union[FunctionInfo, ClassInfo, None]:
        func = call.func
        if isinstance(func, cst.Name):
            bindings = self.lookup(func.value, scope)
            if len(bindings) == 1 and bindings[0].kind in ("def", "class"):
                node = bindings[0].node
                if isinstance(node, cst.FunctionDef):
                    return self._function_by_node.get(node)
                return self._class_by_node(node)
            return None
        if isinstance(func, cst.Attribute) and func.attr.value in self._method_names:
            cls = self.enclosing_class(scope, func.value)
            if cls is not None:
                method = self.method(cls, func.attr.value)
                function = scope.function
                on_self = function is not None and isinstance(func.value, cst.Name) and func.value.value == function.self_name
                if on_self and (method is None or _abstract(method)):
                    # A base class's loop calling `self.training_step()` that it leaves to
                    # subclasses runs the one override this file has, when it has just one.
                    overrides = [
                        klass.methods[func.attr.value] for klass in self.classes
                        if klass is not cls and func.attr.value in klass.methods and cls in self.class_lineage(klass)
                    ]
                    if len(overrides) == 1:
                        return overrides[0]
                return method
        return None

    def calls_to(self, function: FunctionInfo) -> list[CallSite]:
        """The calls that run `function`: by its name, and for a constructor, every `Cls(...)` of
        a class whose `__init__` it is (its own, or one it inherits)."""
        if function not in self._calls_to_memo:
            # Only calls spelled with the function's name can run it; resolve just those.
            named = self._calls_by_name.get(function.name, [])
            found = [site for site in named if self.callee(site.node, site.scope) is function]
            if function.name == "__init__" and function.cls is not None:
                for cls in self.classes:
                    if self.method(cls, "__init__") is function:
                        found += [s for s in self._calls_by_name.get(cls.name, []) if self.callee(s.node, s.scope) is cls]
            self._calls_to_memo[function] = found
        return self._calls_to_memo[function]

    @cached_property
    def star_imports(self) -> bool:
        """The module takes every name of another at its top level (`from utils import *`)."""
        return any(
            isinstance(small, cst.ImportFrom) and isinstance(small.names, cst.ImportStar)
            for line in self.top_level_imports for small in line.body
        )

    @cached_property
    def top_level_calls(self) -> list[CallSite]:
        """The calls at the module's top level, outside every function."""
        return [site for site in self.calls if site.function is None]

    def calls_of(self, function: Optional[FunctionInfo]) -> list[CallSite]:
        """The calls `function` makes in its own body; for None, the module's top level's."""
        return function.calls if function is not None else self.top_level_calls

    def calls_named(self, name: str) -> list[CallSite]:
        """The calls spelled with `name` as the called name: `f(...)` and `x.f(...)`."""
        return self._calls_by_name.get(name, [])

    @cached_property
    def _calls_by_name(self) -> dict[str, list[CallSite]]:
        index: dict[str, list[CallSite]] = {}
        for site in self.calls:
            name = called_name(site.node)
            if name is not None:
                index.setdefault(name, []).append(site)
        return index

    @cached_property
    def _method_names(self) -> frozenset[str]:
        return frozenset(name for cls in self.classes for name in cls.methods)

    def calls_backward(self, function: FunctionInfo) -> bool:
        """Does running `function` run `.backward()`, directly or through functions of this file?"""
        if function in self._backward_memo:
            return self._backward_memo[function]
        self._backward_memo[function] = False
        result = any(self.site_runs_backward(site) for site in function.calls)
        self._backward_memo[function] = result
        return result

    def site_runs_backward(self, site: CallSite) -> bool:
        if site.method == "backward" or self.call_name(site) == "torch.autograd.backward":
            return True
        target = self.callee(site.node, site.scope)
        if target is None:
            return self.backward_elsewhere(site)
        if isinstance(target, ClassInfo):
            target = self.method(target, "__init__")
        return isinstance(target, FunctionInfo) and self.calls_backward(target)

    def loop_trains(self, loop: LoopInfo) -> bool:
        """A training loop: its body runs `.backward()`, itself or through a call."""
        if loop not in self._trains_memo:
            self._trains_memo[loop] = any(self.site_runs_backward(site) for site in loop.calls)
        return self._trains_memo[loop]

    def training_loops(self) -> list[LoopInfo]:
        return [loop for loop in self.loops if self.loop_trains(loop)]

    def callees(self, function: FunctionInfo) -> Iterator[FunctionInfo]:
        for site in function.calls:
            target = self.callee(site.node, site.scope)
            if isinstance(target, FunctionInfo):
                yield target

    def reachable_functions(self, roots: Iterable[FunctionInfo]) -> list[FunctionInfo]:
        seen: list[FunctionInfo] = []
        pending = list(roots)
        while pending:
            function = pending.pop()
            if function in seen:
                continue
            seen.append(function)
            pending.extend(self.callees(function))
        return seen


def _no_backward_elsewhere(site: CallSite) -> bool:
    return False


def _no_options_elsewhere(call: cst.Call, scope: Scope) -> Optional[Mapping[str, tuple[Option, str]]]:
    return None


def _abstract(function: FunctionInfo) -> bool:
    """A method that leaves its work to subclasses: a body of only a docstring, `pass`, `...`
    or `raise NotImplementedError`."""
    body = function.node.body
    statements = list(body.body) if isinstance(body, cst.IndentedBlock) else [body]
    smalls: list[cst.BaseSmallStatement] = []
    for statement in statements:
        if not isinstance(statement, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            return False
        smalls.extend(statement.body)
    for small in smalls:
        if isinstance(small, cst.Pass):
            continue
        if isinstance(small, cst.Expr) and isinstance(small.value, (cst.BaseString, cst.Ellipsis)):
            continue
        if isinstance(small, cst.Raise):
            exc = small.exc.func if isinstance(small.exc, cst.Call) else small.exc
            if exc is not None and dotted(exc) == "NotImplementedError":
                continue
        return False
    return True


def _local_name(alias: cst.ImportAlias) -> Optional[str]:
    name = alias.asname.name if alias.asname is not None else alias.name
    return name.value if isinstance(name, cst.Name) else None
