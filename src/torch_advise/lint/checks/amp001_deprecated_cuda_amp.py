"""AMP001: the deprecated torch.cuda.amp API."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional, Union

from torch_advise.lint.analysis.call_rewrite import (
    FileSpelling,
    Rewrite,
    Spelling,
    successor_arguments,
    successor_decorator,
)
from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    Deferred,
    Edit,
    EnsureImport,
    ReplaceNode,
    Resolve,
)
from torch_advise.lint.analysis.importers import EVERY_NAME
from torch_advise.lint.analysis.model import (
    Binding,
    Scope,
    TrainingModel,
)
from torch_advise.lint.analysis.syntax import (
    dotted,
    positional_args,
    string_value,
)
from torch_advise.lint.analysis.walk import TableVisitor, descendants
from torch_advise.lint.syntax_tree import nodes as cst
from torch_advise.lint.syntax_tree.source import code
from torch_advise.records import dataclass, field

DEPRECATED_MODULE = "torch.cuda.amp"

# The deprecated names; each has a torch.amp twin that takes the device type.
REPLACED = ("autocast", "GradScaler", "custom_fwd", "custom_bwd")
# Those whose calls build an instance of a class other than the one the new name builds.
CLASSES = ("autocast", "GradScaler")
# How many names bound to one another a test of torch's version is followed through.
MAX_VERSION_NAMES = 3


def deprecated_name(qualname: Optional[str]) -> Optional[str]:
    """`autocast` for `torch.cuda.amp.autocast` (and `torch.cuda.amp.autocast_mode.autocast`)."""
    if qualname is None or not qualname.startswith(DEPRECATED_MODULE + "."):
        return None
    last = qualname.rsplit(".", 1)[-1]
    return last if last in REPLACED else None


@dataclass(eq=False)
class Reference:
    """One use of a deprecated name: as a call's function, a bare decorator, or a plain value."""

    node: Union[cst.Name, cst.Attribute]
    name: str
    scope: Scope
    role: str  # call | decorator | value
    call: Optional[cst.Call] = None
    fallback: bool = False  # in an except handler: the old-torch path of a version-adaptive script


@dataclass(eq=False)
class ImportGroup:
    """An import that binds a deprecated name or the deprecated module: its uses change with it."""

    statement: Union[cst.Import, cst.ImportFrom]
    references: list[Reference] = field(default_factory=list)
    bare_uses: int = 0  # the module alias used other than as `alias.<replaced name>`


class _References(TableVisitor):
    """Every use of a deprecated name, with the scope it is read in and the role it plays."""

    def __init__(self, model: TrainingModel) -> None:
        self.model = model
        self.scopes: list[Scope] = [model.module_scope]
        self.class_scopes = {klass.node: klass.scope for klass in model.classes}
        self.references: list[Reference] = []
        self.groups: dict[int, ImportGroup] = {}
        self.handlers = 0  # except handlers the walk is inside
        self.version_testing_scopes: set[int] = set()
        self.annotations = 0  # annotations the walk is inside
        self.fallback_imports: set[int] = set()
        # Names an import binds to a deprecated thing: the only bare names worth resolving.
        scopes = [model.module_scope, *(f.scope for f in model.functions), *(c.scope for c in model.classes)]
        self.imported_names = {
            binding.name
            for scope in scopes
            for bindings in scope.bindings.values()
            for binding in bindings
            if binding.kind == "import"
            and (binding.qualname == DEPRECATED_MODULE or deprecated_name(binding.qualname) is not None)
        }

    @property
    def scope(self) -> Scope:
        return self.scopes[-1]

    def _resolve(self, node: cst.BaseExpression) -> Optional[str]:
        # Cheap refusals first: every deprecated reference ends in a deprecated name or is
        # a name an import bound to one.
        if isinstance(node, cst.Attribute) and node.attr.value not in REPLACED:
            return None
        if isinstance(node, cst.Name) and (node.value not in self.imported_names or not self._imported(node)):
            return None  # `ac = torch.cuda.amp.autocast`: the assignment is the use reported
        return deprecated_name(self.model.qualname(node, self.scope))

    def _imported(self, node: cst.Name) -> list[Binding]:
        bindings = self.model.lookup(node.value, self.scope)
        return bindings if bindings and all(b.kind == "import" for b in bindings) else []

    def _record(self, node, name: str, role: str, call: Optional[cst.Call] = None) -> None:
        group = self._group_of(node)
        if self.annotations:
            # A type named in an annotation is never constructed there, so nothing warns; the
            # import it reads stays as it is, since rewriting it would change the annotation.
            if group is not None:
                group.bare_uses += 1
            return
        reference = Reference(node, name, self.scope, role, call, fallback=self.handlers > 0)
        self.references.append(reference)
        if group is not None:
            group.references.append(reference)

    def _group_of(self, node: cst.BaseExpression) -> Optional[ImportGroup]:
        """The import that `name` or `alias.name` reads, when it binds a deprecated thing."""
        root = node
        while isinstance(root, cst.Attribute):
            root = root.value
        if not isinstance(root, cst.Name):
            return None
        bindings = self._imported(root)
        if len(bindings) != 1 or not isinstance(bindings[0].node, (cst.Import, cst.ImportFrom)):
            return None
        qualname = bindings[0].qualname or ""
        if qualname != DEPRECATED_MODULE and deprecated_name(qualname) is None:
            return None
        statement = bindings[0].node
        return self.groups.setdefault(id(statement), ImportGroup(statement))

    # ---- traversal ----------------------------------------------------------------------

    def visit_Import(self, node: cst.Import) -> bool:
        if self.handlers:
            self.fallback_imports.add(id(node))
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        if self.handlers:
            self.fallback_imports.add(id(node))
        return False

    def visit_ExceptHandler(self, node: cst.ExceptHandler) -> None:
        self.handlers += 1

    def leave_ExceptHandler(self, original_node: cst.ExceptHandler) -> None:
        self.handlers -= 1

    def visit_If(self, node: cst.If) -> None:
        self._tests(node.test)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._tests(node.test)

    def _tests(self, test: cst.BaseExpression) -> None:
        """`if version.parse(torch.__version__) >= version.parse("2.4"):` picks the API by the
        torch it runs on: the old name in the same scope is the deliberate older-torch path."""
        # Only a file that names `__version__` can test it: the others' tests are not read.
        if "__version__" in self.model.identifiers and self._reads_torch_version(test):
            self.version_testing_scopes.add(id(self.scope))

    def _reads_torch_version(self, test: cst.BaseExpression, depth: int = 0) -> bool:
        """The test reads `torch.__version__`, itself or through a name bound to a value that
        does (`TORCH_2_4 = version.parse(torch.__version__) >= ...`)."""
        for node in descendants(test, (cst.Attribute, cst.Name)):
            if self.model.qualname(node, self.scope) == "torch.__version__":
                return True
            if isinstance(node, cst.Name) and depth < MAX_VERSION_NAMES and any(
                binding.kind == "assign" and binding.value is not None and self._reads_torch_version(binding.value, depth + 1)
                for binding in self.model.lookup(node.value, self.scope)
            ):
                return True
        return False

    def visit_Annotation(self, node: cst.Annotation) -> None:
        self.annotations += 1

    def leave_Annotation(self, original_node: cst.Annotation) -> None:
        self.annotations -= 1

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        for decorator in node.decorators:
            self._decorator(decorator.decorator)
        info = self.model.function_of(node)
        self.scopes.append(info.scope if info is not None else self.scope)
        self.walk(node.params)
        self.walk(node.body)
        self.scopes.pop()
        return False

    def _decorator(self, expr: cst.BaseExpression) -> None:
        if isinstance(expr, (cst.Name, cst.Attribute)):
            name = self._resolve(expr)
            if name is not None:
                self._record(expr, name, "decorator")
                return
        self.walk(expr)

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        for decorator in node.decorators:
            self.walk(decorator.decorator)
        for base in node.bases:
            self.walk(base.value)
        self.scopes.append(self.class_scopes.get(node, self.scope))
        self.walk(node.body)
        self.scopes.pop()
        return False

    def visit_Call(self, node: cst.Call) -> bool:
        name = self._resolve(node.func) if isinstance(node.func, (cst.Name, cst.Attribute)) else None
        if name is None:
            return True
        self._record(node.func, name, "call", node)
        for arg in node.args:
            self.walk(arg.value)
        return False

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        name = self._resolve(node)
        if name is not None:
            self._record(node, name, "value")
        else:
            self.walk(node.value)
        return False

    def visit_Name(self, node: cst.Name) -> None:
        if node.value not in self.imported_names:
            return
        name = self._resolve(node)
        if name is not None:
            self._record(node, name, "value")
            return
        group = self._group_of(node)
        if group is not None:
            group.bare_uses += 1

    def visit_Arg(self, node: cst.Arg) -> bool:
        self.walk(node.value)
        return False

    def visit_Param(self, node: cst.Param) -> bool:
        for part in (node.annotation, node.default):
            if part is not None:
                self.walk(part)
        return False


def _code(node: cst.CSTNode) -> str:
    return code(node)


def _rewrite(reference: Reference, func: str, spell: Spelling) -> Optional[Edit]:
    """The edit that spells one use the torch.amp way, calling `func`; None where the new
    spelling cannot be proven to mean what the old one did (call_rewrite)."""
    old = f"{DEPRECATED_MODULE}.{reference.name}"
    if reference.role == "call":
        assert reference.call is not None
        rewrite = successor_arguments(old, reference.call.args, spell)
        if rewrite is None:
            return None
        return ReplaceNode(reference.call, _written_call(reference.call, func, rewrite))
    if reference.role == "decorator":
        parenthesised = successor_decorator(old, spell)
        return ReplaceNode(reference.node, f"{func}{parenthesised}") if parenthesised is not None else None
    return None


def _written_call(old: cst.Call, func: str, rewrite: Rewrite) -> Deferred:
    """The new call, written when the fix is: on libcst's node, keeping the old call's layout."""

    def written(resolve: Resolve) -> str:
        import libcst

        call = resolve(old)
        assert isinstance(call, libcst.Call)
        new = call.with_changes(func=libcst.parse_expression(func), args=rewrite.arguments(call.args))
        return libcst.Module([]).code_for_node(new)

    return written


def _import_rewrite(group: ImportGroup) -> Optional[Edit]:
    """`from torch.cuda.amp import X` -> `from torch.amp import X`; `import torch.cuda.amp as amp`
    -> `import torch.amp as amp`; `from torch.cuda import amp` -> `from torch import amp`."""
    statement = group.statement
    if isinstance(statement, cst.ImportFrom):
        if isinstance(statement.names, cst.ImportStar) or statement.module is None:
            return None
        module = dotted(statement.module) or ""
        names = [dotted(alias.name) for alias in statement.names]
        if module.startswith(DEPRECATED_MODULE) and all(name in REPLACED for name in names):
            return ReplaceNode(statement.module, "torch.amp")
        if module == "torch.cuda" and names == ["amp"]:
            return ReplaceNode(statement.module, "torch")
        return None
    for alias in statement.names:
        if dotted(alias.name) == DEPRECATED_MODULE and alias.asname is not None:
            return ReplaceNode(alias.name, "torch.amp")
    return None


def _group_edits(ctx: CheckContext, group: ImportGroup) -> tuple[Edit, ...]:
    """All of an import's uses rewritten together with it, or nothing: a use left behind would
    call torch.amp's twin without its device type."""
    if group.bare_uses:
        return ()
    torch_name, extra = _torch_name(ctx)
    edits = []
    spelled_torch = False
    for reference in group.references:
        spell = FileSpelling(torch_name)
        edit = _rewrite(reference, _code(reference.node), spell)
        if edit is None or (spell.names_torch and not _reaches_torch(ctx, torch_name, reference.scope, adding=bool(extra))):
            return ()
        spelled_torch = spelled_torch or spell.names_torch
        edits.append(edit)
    rewrite = _import_rewrite(group)
    if rewrite is None or _taken_by_other_modules(ctx, group.statement):
        return ()
    return (rewrite, *edits, *(extra if spelled_torch else ()))


def _taken_by_other_modules(ctx: CheckContext, statement: Union[cst.Import, cst.ImportFrom]) -> bool:
    """Whether another module of the project may import a name this import binds: it would get
    the new callable and call it as the old one. Unknown counts as yes."""
    taken = ctx.project.names_imported_by_other_modules()
    if taken is None or EVERY_NAME in taken:
        return True
    names = statement.names if isinstance(statement.names, Sequence) else ()
    bound = {(dotted(a.asname.name) if a.asname is not None else dotted(a.name)) for a in names}
    return bool(bound & taken)


def _torch_name(ctx: CheckContext) -> tuple[str, tuple[Edit, ...]]:
    """How the file names torch at module level, and the import to add when it does not."""
    torch_name = ctx.model.module_alias("torch")
    return (torch_name, ()) if torch_name is not None else ("torch", (EnsureImport("torch"),))


def _reaches_torch(ctx: CheckContext, name: str, scope: Scope, adding: bool) -> bool:
    """Whether `name`, written in `scope`, is the torch module: the module-level import, or the
    one the fix adds where nothing else in reach binds that name."""
    bindings = ctx.model.lookup(name, scope)
    if adding:
        return not bindings
    return bool(bindings) and all(b.kind == "import" and b.qualname == "torch" for b in bindings)


def _direct_edits(ctx: CheckContext, reference: Reference) -> tuple[Edit, ...]:
    """`torch.cuda.amp.autocast(...)` and other spellings that reach it through `torch`."""
    root: cst.BaseExpression = reference.node
    while isinstance(root, cst.Attribute):
        root = root.value
    torch_name = root.value if isinstance(root, cst.Name) and ctx.model.qualname(root, reference.scope) == "torch" else None
    extra: tuple[Edit, ...] = ()
    if torch_name is None:
        torch_name, extra = _torch_name(ctx)
        if not _reaches_torch(ctx, torch_name, reference.scope, adding=bool(extra)):
            return ()
    edit = _rewrite(reference, f"{torch_name}.amp.{reference.name}", FileSpelling(torch_name))
    return (edit, *extra) if edit is not None else ()


def _version_adaptive_scopes(model: TrainingModel) -> set[int]:
    """Scopes that test for the new API before using the old one: `hasattr(torch.amp, ...)` (a
    test of torch's version counts too: _References.version_testing_scopes)."""
    scopes = set()
    for site in model.calls:
        arguments = positional_args(site.node)
        if dotted(site.node.func) != "hasattr" or len(arguments) < 2:
            continue
        tested = dotted(arguments[0]) or ""
        if tested == "amp" or tested.endswith(".amp") or (tested == "torch" and string_value(arguments[1]) == "amp"):
            scopes.add(id(site.scope))
    return scopes


def _replacement(name: str) -> str:
    return {
        "autocast": 'torch.amp.autocast("cuda", ...)',
        "GradScaler": 'torch.amp.GradScaler("cuda", ...)',
    }.get(name, f'torch.amp.{name}(device_type="cuda")')


def check(ctx: CheckContext) -> None:
    # torch.amp's GradScaler and custom_fwd arrived, and torch.cuda.amp was deprecated, in 2.4.
    if "amp" not in ctx.facts.identifiers or not ctx.target.torch_at_least(2, 4):
        return
    finder = _References(ctx.model)
    finder.walk(ctx.model.module)
    if not finder.references or not ctx.runs_on_torch_at_least(2, 4):
        return
    grouped = {id(r): group for group in finder.groups.values() for r in group.references}
    group_edits: dict[int, tuple[Edit, ...]] = {}
    adaptive = _version_adaptive_scopes(ctx.model) | finder.version_testing_scopes
    # A class the file names other than to build one (`isinstance(s, torch.cuda.amp.GradScaler)`)
    # may be tested against what it builds: an instance of the new class would fail that test.
    tested = {r.name for r in finder.references if r.role == "value" and r.name in CLASSES}
    for reference in finder.references:
        group = grouped.get(id(reference))
        if reference.fallback or id(reference.scope) in adaptive:
            continue  # the old name kept on purpose for torch < 2.4, where torch.amp lacks it
        if group is not None and id(group.statement) in finder.fallback_imports:
            continue
        if reference.name in tested or (group is not None and any(r.name in tested for r in group.references)):
            edits: tuple[Edit, ...] = ()
        elif group is not None:
            if id(group) not in group_edits:
                group_edits[id(group)] = _group_edits(ctx, group)
            edits = group_edits[id(group)]
        else:
            edits = _direct_edits(ctx, reference)
        ctx.report(
            reference.node,
            f"torch.cuda.amp.{reference.name} is deprecated since torch 2.4 (a FutureWarning where it is called): "
            f"use {_replacement(reference.name)}",
            edits,
        )
