"""One libcst pass over a file that builds what the checks read: a TrainingModel.

The pass resolves imports and aliases itself (libcst's QualifiedNameProvider and ScopeProvider
cost more than the parse) and records scopes with their bindings, every call with where it sits
(function, enclosing loops, branch conditions, statement), and every loop. The questions the
checks ask (where does this value come from? does this loop train?) are answered on demand from
those records, with memoisation, so a file pays only for what its checks ask.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable, Iterator, Optional, Union

import libcst as cst

from torch_advise.lint.walk import TableVisitor, descendants

Expr = cst.BaseExpression
Loop = Union[cst.For, cst.While]

# Public names users write, keyed by where the object is defined, so that
# `torch.utils.data.dataloader.DataLoader` and `torch.utils.data.DataLoader` are one thing.
CANONICAL_NAMES = {
    "torch.utils.data.dataloader.DataLoader": "torch.utils.data.DataLoader",
    "torch.utils.data.dataset.TensorDataset": "torch.utils.data.TensorDataset",
    "torch.amp.autocast_mode.autocast": "torch.amp.autocast",
    "torch.autocast": "torch.amp.autocast",
    "torch.cuda.amp.autocast_mode.autocast": "torch.cuda.amp.autocast",
    "torch.amp.grad_scaler.GradScaler": "torch.amp.GradScaler",
    "torch.cuda.amp.grad_scaler.GradScaler": "torch.cuda.amp.GradScaler",
    "torch.GradScaler": "torch.amp.GradScaler",
    "torch.nn.utils.clip_grad.clip_grad_norm_": "torch.nn.utils.clip_grad_norm_",
    "torch.nn.utils.clip_grad.clip_grad_value_": "torch.nn.utils.clip_grad_value_",
}


def canonical(name: Optional[str]) -> Optional[str]:
    if name is None:
        return None
    if name in CANONICAL_NAMES:
        return CANONICAL_NAMES[name]
    for prefix in ("torch.optim.adamw.", "torch.optim.adam.", "torch.optim.sgd.", "torch.optim.lr_scheduler."):
        if name.startswith(prefix):
            head = "torch.optim.lr_scheduler." if "lr_scheduler" in prefix else "torch.optim."
            return head + name[len(prefix):]
    return name


@dataclass(eq=False)
class Binding:
    """A name bound in a scope: by import, assignment, parameter, def, class, loop or with."""

    name: str
    kind: str
    scope: "Scope"
    value: Optional[Expr] = None
    index: Optional[int] = None
    qualname: Optional[str] = None
    node: Optional[cst.CSTNode] = None


@dataclass(eq=False)
class Scope:
    kind: str  # module | class | function
    node: cst.CSTNode
    parent: Optional["Scope"]
    bindings: dict[str, list[Binding]] = field(default_factory=dict)
    function: Optional["FunctionInfo"] = None
    cls: Optional["ClassInfo"] = None

    def bind(self, binding: Binding) -> None:
        self.bindings.setdefault(binding.name, []).append(binding)


@dataclass(eq=False)
class ClassInfo:
    node: cst.ClassDef
    name: str
    scope: Scope
    methods: dict[str, "FunctionInfo"] = field(default_factory=dict)
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
    calls: list["CallSite"] = field(default_factory=list)
    loops: list["LoopInfo"] = field(default_factory=list)

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
    loops: tuple["LoopInfo", ...]
    branches: tuple[Branch, ...]
    statement: Optional[cst.CSTNode]
    order: int

    @property
    def method(self) -> Optional[str]:
        return self.node.func.attr.value if isinstance(self.node.func, cst.Attribute) else None

    @property
    def receiver(self) -> Optional[Expr]:
        return self.node.func.value if isinstance(self.node.func, cst.Attribute) else None


@dataclass(eq=False)
class LoopInfo:
    node: Loop
    scope: Scope
    function: Optional[FunctionInfo]
    parents: tuple["LoopInfo", ...]
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


def dotted(expr: cst.CSTNode) -> Optional[str]:
    """`a.b.c` as text for a chain of names; None for anything else."""
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):
        head = dotted(expr.value)
        return f"{head}.{expr.attr.value}" if head else None
    return None


def keyword_args(call: cst.Call) -> dict[str, Expr]:
    return {a.keyword.value: a.value for a in call.args if a.keyword is not None}


def positional_args(call: cst.Call) -> list[Expr]:
    return [a.value for a in call.args if a.keyword is None and not a.star]


def has_star_args(call: cst.Call) -> bool:
    return any(a.star for a in call.args)


def string_value(expr: cst.CSTNode) -> Optional[str]:
    if isinstance(expr, cst.SimpleString):
        return expr.evaluated_value if isinstance(expr.evaluated_value, str) else None
    if isinstance(expr, cst.ConcatenatedString):
        parts = [string_value(expr.left), string_value(expr.right)]
        return None if None in parts else "".join(parts)  # type: ignore[arg-type]
    return None


def literal_value(expr: cst.CSTNode) -> object:
    """The value of a literal (True, 0, "x", None, -1); NOT_LITERAL for anything else."""
    if isinstance(expr, cst.Name) and expr.value in ("True", "False", "None"):
        return {"True": True, "False": False, "None": None}[expr.value]
    if isinstance(expr, cst.Integer):
        return int(expr.value.replace("_", ""), 0)
    if isinstance(expr, cst.Float):
        return float(expr.value.replace("_", ""))
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        inner = literal_value(expr.expression)
        return -inner if isinstance(inner, (int, float)) and not isinstance(inner, bool) else NOT_LITERAL
    text = string_value(expr)
    return text if text is not None else NOT_LITERAL


NOT_LITERAL = object()


def root_name(expr: cst.CSTNode) -> Optional[str]:
    """`batch` for `batch`, `batch[0]`, `batch.x`, `batch["x"].float()`."""
    while True:
        if isinstance(expr, cst.Name):
            return expr.value
        if isinstance(expr, (cst.Attribute, cst.Subscript)):
            expr = expr.value
        elif isinstance(expr, cst.Call):
            expr = expr.func
        else:
            return None


def calls_in(node: cst.CSTNode) -> list[cst.Call]:
    """Every call under `node`, in source order."""
    return descendants(node, cst.Call)


def target_names(target: cst.CSTNode) -> Iterator[str]:
    if isinstance(target, cst.Name):
        yield target.value
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from target_names(element.value)
    elif isinstance(target, cst.StarredElement):
        yield from target_names(target.value)


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
        # String literals that mention a CUDA device or the NCCL backend, for "does it use CUDA?"
        self.cuda_strings: list[Union[cst.SimpleString, cst.FormattedStringText]] = []
        self._function_by_node: dict[cst.CSTNode, FunctionInfo] = {}
        self._call_by_node: dict[cst.Call, CallSite] = {}
        self._qualname_memo: dict[tuple[int, int], Optional[str]] = {}
        self._backward_memo: dict[FunctionInfo, bool] = {}
        self._origin_stack: set[tuple[int, int]] = set()
        self._origin_memo: dict[tuple[int, int], list[Origin]] = {}
        self._callee_memo: dict[tuple[int, int], Union[FunctionInfo, ClassInfo, None]] = {}
        self._calls_to_memo: dict[FunctionInfo, list[CallSite]] = {}
        self._class_stack: set[tuple[int, int]] = set()

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
        names: set[Optional[str]] = set()
        for binding in bindings:
            if binding.kind == "import":
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

    def call_name(self, call: CallSite) -> Optional[str]:
        return self.qualname(call.node.func, call.scope)

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
        if depth > 12 or key in self._origin_stack:
            return []
        self._origin_stack.add(key)
        try:
            result = self._origins(expr, scope, depth + 1)
        finally:
            self._origin_stack.discard(key)
        if not self._origin_stack:
            # Only complete answers are kept: one cut short by a cycle is recomputed next time.
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
                return result or [Origin(expr, scope)]
            return [Origin(expr, scope)]
        if isinstance(expr, cst.Call):
            callee = self.callee(expr, scope)
            if isinstance(callee, FunctionInfo) and callee.returns:
                result = []
                for value in callee.returns:
                    result.extend(self.origins(value, callee.scope, depth))
                return result
        return [Origin(expr, scope)]

    def _binding_origins(self, binding: Binding, depth: int) -> list[Origin]:
        if binding.kind == "assign" and binding.value is not None:
            if binding.index is None:
                return self.origins(binding.value, binding.scope, depth)
            return self._element_origins(binding.value, binding.index, binding.scope, depth)
        if binding.kind == "param" and binding.scope.function is not None:
            return self._parameter_origins(binding, depth)
        return [Origin(binding.node or binding.scope.node, binding.scope)] if binding.kind != "param" else []

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
            argument = _argument_for(site.node, binding.name, position)
            if argument is not None:
                result.extend(self.origins(argument, site.scope, depth))
        param = function.params[position + (1 if function.self_name else 0)]
        if param.default is not None:
            result.extend(self.origins(param.default, function.scope.parent or function.scope, depth))
        return result

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

    def enclosing_class(self, scope: Scope, receiver: cst.CSTNode) -> Optional[ClassInfo]:
        """The class whose instance `receiver` is, when it is the `self` of a method, or an
        object built from a class of this file (`trainer = Trainer(); trainer.fit()`)."""
        function = scope.function
        if (
            isinstance(receiver, cst.Name)
            and function is not None
            and function.cls is not None
            and function.self_name == receiver.value
        ):
            return function.cls
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
                return self.method(cls, func.attr.value)
        return None

    def calls_to(self, function: FunctionInfo) -> list[CallSite]:
        if function not in self._calls_to_memo:
            # Only calls spelled with the function's name can run it; resolve just those.
            named = self._calls_by_name.get(function.name, [])
            self._calls_to_memo[function] = [
                site for site in named if self.callee(site.node, site.scope) is function
            ]
        return self._calls_to_memo[function]

    @cached_property
    def _calls_by_name(self) -> dict[str, list[CallSite]]:
        index: dict[str, list[CallSite]] = {}
        for site in self.calls:
            name = _called_name(site.node)
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
        if isinstance(target, ClassInfo):
            target = self.method(target, "__init__")
        return isinstance(target, FunctionInfo) and self.calls_backward(target)

    def loop_trains(self, loop: LoopInfo) -> bool:
        """A training loop: its body runs `.backward()`, itself or through a call."""
        return any(self.site_runs_backward(site) for site in loop.calls)

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


def _called_name(call: cst.Call) -> Optional[str]:
    if isinstance(call.func, cst.Name):
        return call.func.value
    if isinstance(call.func, cst.Attribute):
        return call.func.attr.value
    return None


def _argument_for(call: cst.Call, name: str, position: int) -> Optional[Expr]:
    if has_star_args(call):
        return None
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    positional = positional_args(call)
    return positional[position] if 0 <= position < len(positional) else None


class _Builder(TableVisitor):
    """Fills a TrainingModel in one traversal."""

    def __init__(self, model: TrainingModel) -> None:
        self.model = model
        self.scopes: list[Scope] = [model.module_scope]
        self.functions: list[Optional[FunctionInfo]] = [None]
        self.loops: list[LoopInfo] = []
        self.branches: list[Branch] = []
        self.statements: list[cst.CSTNode] = []
        self.order = 0
        self.saved_loops: list[tuple[list[LoopInfo], list[Branch]]] = []
        self.names: set[str] = set()

    @property
    def scope(self) -> Scope:
        return self.scopes[-1]

    def _bind(self, name: str, kind: str, **kw: object) -> None:
        self.scope.bind(Binding(name, kind, self.scope, **kw))  # type: ignore[arg-type]
        for loop in self.loops:
            if loop.scope is self.scope and kind in ("assign", "loop"):
                loop.assigned.setdefault(name, []).append(kw.get("value"))  # type: ignore[arg-type]

    # ---- statements and blocks -------------------------------------------------------------

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        self.statements.append(node)
        if self.scope is self.model.module_scope and any(
            isinstance(s, (cst.Import, cst.ImportFrom)) for s in node.body
        ):
            self.model.top_level_imports.append(node)

    def leave_SimpleStatementLine(self, original_node: cst.SimpleStatementLine) -> None:
        self.statements.pop()

    def visit_If(self, node: cst.If) -> None:
        self.statements.append(node)

    def leave_If(self, original_node: cst.If) -> None:
        self.statements.pop()

    def visit_If_body(self, node: cst.If) -> None:
        self.branches.append(Branch(node, "body"))

    def leave_If_body(self, node: cst.If) -> None:
        self.branches.pop()

    def visit_If_orelse(self, node: cst.If) -> None:
        self.branches.append(Branch(node, "orelse"))

    def leave_If_orelse(self, node: cst.If) -> None:
        self.branches.pop()

    def visit_Try_body(self, node: cst.Try) -> None:
        self.branches.append(Branch(node, "body"))

    def leave_Try_body(self, node: cst.Try) -> None:
        self.branches.pop()

    def visit_ExceptHandler(self, node: cst.ExceptHandler) -> None:
        self.branches.append(Branch(node, "except"))
        if node.name is not None:
            for name in target_names(node.name.name):
                self._bind(name, "except", node=node)

    def leave_ExceptHandler(self, original_node: cst.ExceptHandler) -> None:
        self.branches.pop()

    def visit_With(self, node: cst.With) -> None:
        self.statements.append(node)
        for item in node.items:
            if item.asname is not None:
                for name in target_names(item.asname.name):
                    self._bind(name, "with", node=item, value=None)

    def leave_With(self, original_node: cst.With) -> None:
        self.statements.pop()

    # ---- scopes ---------------------------------------------------------------------------

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self._bind(node.name.value, "class", node=node)
        scope = Scope("class", node, self.scope)
        info = ClassInfo(node, node.name.value, scope, bases=tuple(a.value for a in node.bases))
        scope.cls = info
        self.model.classes.append(info)
        self.scopes.append(scope)
        self.functions.append(None)

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self.scopes.pop()
        self.functions.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._bind(node.name.value, "def", node=node)
        owner = self.scope.cls if self.scope.kind == "class" else None
        scope = Scope("function", node, self.scope)
        params = [
            *node.params.posonly_params,
            *node.params.params,
            *node.params.kwonly_params,
        ]
        info = FunctionInfo(node, node.name.value, scope, owner, params=params)
        scope.function = info
        for param in params:
            scope.bind(Binding(param.name.value, "param", scope, node=param))
        for star in (node.params.star_arg, node.params.star_kwarg):
            if isinstance(star, cst.Param):
                scope.bind(Binding(star.name.value, "star", scope, node=star))
        if owner is not None:
            owner.methods[node.name.value] = info
        self.model.functions.append(info)
        self.model._function_by_node[node] = info
        self.scopes.append(scope)
        self.functions.append(info)
        self.saved_loops.append((self.loops, self.branches))
        self.loops, self.branches = [], []

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.scopes.pop()
        self.functions.pop()
        self.loops, self.branches = self.saved_loops.pop()

    # ---- bindings -------------------------------------------------------------------------

    def visit_Import(self, node: cst.Import) -> None:
        for alias in node.names:
            full = dotted(alias.name)
            if full is None:
                continue
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                self._bind(alias.asname.name.value, "import", qualname=full, node=node)
            else:
                head = full.split(".")[0]
                self._bind(head, "import", qualname=head, node=node)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if node.relative or node.module is None or isinstance(node.names, cst.ImportStar):
            if isinstance(node.names, cst.ImportStar):
                return
            for alias in node.names:
                name = alias.asname.name if alias.asname else alias.name
                if isinstance(name, cst.Name):
                    self._bind(name.value, "import", qualname=None, node=node)
            return
        module = dotted(node.module)
        for alias in node.names:
            imported = dotted(alias.name)
            local = alias.asname.name if alias.asname else alias.name
            if isinstance(local, cst.Name) and imported:
                self._bind(local.value, "import", qualname=f"{module}.{imported}", node=node)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._assign(target.target, node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._assign(node.target, node.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if isinstance(node.target, cst.Name):
            self._bind(node.target.value, "augassign", node=node)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._assign(node.target, node.value)

    def _assign(self, target: cst.CSTNode, value: Expr) -> None:
        if isinstance(target, cst.Name):
            self._bind(target.value, "assign", value=value, node=target)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for index, element in enumerate(target.elements):
                if isinstance(element, cst.StarredElement):
                    for name in target_names(element):
                        self._bind(name, "unpack", node=element)
                    continue
                if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(target.elements):
                    item = value.elements[index]
                    self._assign(element.value, item.value)
                elif isinstance(element.value, cst.Name):
                    self._bind(element.value.value, "assign", value=value, index=index, node=element.value)
                else:
                    for name in target_names(element.value):
                        self._bind(name, "unpack", node=element)
        elif isinstance(target, cst.Attribute):
            function = self.functions[-1]
            if (
                function is not None
                and function.cls is not None
                and isinstance(target.value, cst.Name)
                and target.value.value == function.self_name
            ):
                binding = Binding(target.attr.value, "assign", self.scope, value=value, node=target)
                function.cls.attributes.setdefault(target.attr.value, []).append(binding)

    # ---- loops, calls, returns ----------------------------------------------------------

    def _enter_loop(self, node: Loop) -> LoopInfo:
        self.order += 1
        info = LoopInfo(
            node, self.scope, self.functions[-1], tuple(self.loops), tuple(self.branches), self.order
        )
        self.model.loops.append(info)
        function = self.functions[-1]
        if function is not None:
            function.loops.append(info)
        self.loops.append(info)
        self.statements.append(node)
        return info

    def visit_For(self, node: cst.For) -> None:
        self._enter_loop(node)
        for name in target_names(node.target):
            self._bind(name, "loop", value=None, node=node)

    def leave_For(self, original_node: cst.For) -> None:
        self.loops.pop()
        self.statements.pop()

    def visit_For_iter(self, node: cst.For) -> None:
        # The iterable is evaluated once, outside the loop's own body.
        self._iter_loop = self.loops.pop()

    def leave_For_iter(self, node: cst.For) -> None:
        self.loops.append(self._iter_loop)

    def visit_While(self, node: cst.While) -> None:
        self._enter_loop(node)

    def leave_While(self, original_node: cst.While) -> None:
        self.loops.pop()
        self.statements.pop()

    def visit_CompFor(self, node: cst.CompFor) -> None:
        for name in target_names(node.target):
            self._bind(name, "loop", value=None, node=node)

    def visit_Call(self, node: cst.Call) -> None:
        self.order += 1
        site = CallSite(
            node,
            self.scope,
            self.functions[-1],
            tuple(self.loops),
            tuple(self.branches),
            self.statements[-1] if self.statements else None,
            self.order,
        )
        self.model.calls.append(site)
        self.model._call_by_node[node] = site
        function = self.functions[-1]
        if function is not None:
            function.calls.append(site)
        for loop in self.loops:
            loop.calls.append(site)

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        if "cuda" in node.value or "nccl" in node.value:
            self.model.cuda_strings.append(node)

    def visit_FormattedStringText(self, node: cst.FormattedStringText) -> None:
        if "cuda" in node.value:
            self.model.cuda_strings.append(node)

    def visit_Return(self, node: cst.Return) -> None:
        function = self.functions[-1]
        if function is not None and node.value is not None:
            function.returns.append(node.value)


def build_model(module: cst.Module) -> TrainingModel:
    model = TrainingModel(module)
    builder = _Builder(model)
    builder.walk(module)
    model.identifiers = frozenset(builder.names)
    return model
