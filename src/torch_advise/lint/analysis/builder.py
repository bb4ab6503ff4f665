"""The one walk over a file that fills a TrainingModel: scopes, bindings, calls, loops, branches."""

from __future__ import annotations

from typing import Optional

from torch_advise.lint.analysis.constants import arm_dead
from torch_advise.lint.analysis.model import (
    Binding,
    Branch,
    CallSite,
    ClassInfo,
    FunctionInfo,
    LoopInfo,
    Scope,
    TrainingModel,
)
from torch_advise.lint.analysis.syntax import Expr, Loop, dotted, item_key, target_names
from torch_advise.lint.analysis.walk import TableVisitor
from torch_advise.lint.syntax_tree import nodes as cst


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
        # id of a function's scope -> the names it declares `global`: what it assigns them binds
        # the module's names (`global loader` ... `loader = DataLoader(...)` in `prepare()`).
        self.globals: dict[int, set[str]] = {}

    @property
    def scope(self) -> Scope:
        return self.scopes[-1]

    def _bind(self, name: str, kind: str, **kw: object) -> None:
        if name in self.globals.get(id(self.scope), ()):
            module = self.model.module_scope
            module.bind(Binding(name, kind, module, **kw))  # type: ignore[arg-type]
            return
        self.scope.bind(Binding(name, kind, self.scope, branches=tuple(self.branches), **kw))  # type: ignore[arg-type]
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
            if item.asname is None:
                continue
            if isinstance(item.asname.name, cst.Name) and _enters_itself(item.item):
                # `with tqdm(loader) as bar:` binds the bar itself, as `bar = tqdm(loader)` would.
                self._assign(item.asname.name, item.item)
                continue
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

    def visit_Global(self, node: cst.Global) -> None:
        self.model.rebound_names.update(item.name.value for item in node.names)
        if self.scope is not self.model.module_scope:
            self.globals.setdefault(id(self.scope), set()).update(item.name.value for item in node.names)

    def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
        self.model.rebound_names.update(item.name.value for item in node.names)

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
            elif isinstance(target.value, cst.Name):
                binding = Binding(target.attr.value, "assign", self.scope, value=value, node=target)
                self.model.object_attributes.setdefault(target.attr.value, []).append(binding)
        elif isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and (key := item_key(target)) is not None:
            binding = Binding(key, "assign", self.scope, value=value, node=target)
            self.model.object_items.setdefault(key, []).append(binding)

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

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self.model.choices.append((node, self.scope))

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
    _drop_dead_code(model)
    return model


def _drop_dead_code(model: TrainingModel) -> None:
    """Forget calls and loops under an `if` arm that never runs (`num_gpus = 1` ... `if num_gpus > 1:`):
    no rule should speak of code the script, as written, cannot reach."""
    decided: dict[tuple[int, str], bool] = {}

    def dead(branches: tuple[Branch, ...], scope: Scope) -> bool:
        for branch in branches:
            key = (id(branch.owner), branch.arm)
            if key not in decided:
                decided[key] = arm_dead(model, branch, scope)
            if decided[key]:
                return True
        return False

    dead_sites = {id(site) for site in model.calls if site.branches and dead(site.branches, site.scope)}
    dead_loops = {id(loop) for loop in model.loops if loop.branches and dead(loop.branches, loop.scope)}
    if not dead_sites and not dead_loops:
        return
    model.calls = [site for site in model.calls if id(site) not in dead_sites]
    model.loops = [loop for loop in model.loops if id(loop) not in dead_loops]
    for function in model.functions:
        function.calls = [site for site in function.calls if id(site) not in dead_sites]
        function.loops = [loop for loop in function.loops if id(loop) not in dead_loops]
    for loop in model.loops:
        loop.calls = [site for site in loop.calls if id(site) not in dead_sites]
    for site in list(model._call_by_node.values()):
        if id(site) in dead_sites:
            del model._call_by_node[site.node]


# Progress bars whose `with` hands back the bar itself, which iterates what it was given.
SELF_ENTERING = {"tqdm", "trange"}


def _enters_itself(expr: cst.BaseExpression) -> bool:
    name = dotted(expr.func) if isinstance(expr, cst.Call) else None
    return name is not None and name.rsplit(".", 1)[-1] in SELF_ENTERING
