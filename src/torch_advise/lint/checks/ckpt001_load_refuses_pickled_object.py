"""CKPT001: a torch.load that refuses the pickled object its caller reads from the result."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Optional

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.facts import TORCH_LOADS
from torch_advise.lint.analysis.model import CallSite, Scope
from torch_advise.lint.analysis.syntax import (
    called_name,
    dotted,
    has_star_args,
    keyword_args,
    literal_value,
    positional_args,
    root_name,
)
from torch_advise.lint.analysis.walk import child_list, descendants
from torch_advise.lint.analysis.weights_only_attributes import NAMES
from torch_advise.lint.syntax_tree import nodes as cst

# Calls that test what an object is: code that asks handles both a state dict and an object.
TYPE_TESTS = {"hasattr", "getattr", "isinstance", "type"}
# Handlers that catch the UnpicklingError a refused load raises.
BROAD_HANDLERS = {"Exception", "BaseException", "UnpicklingError", "pickle.UnpicklingError", "PickleError", "pickle.PickleError"}
# The names the project's own modules use to allow classes or turn the refusal off, seen here.
ALLOWING_NAMES = {"add_safe_globals", "safe_globals", "_default_to_weights_only"}


def _refuses_objects(ctx: CheckContext, site: CallSite) -> Optional[bool]:
    """Whether this load runs with weights_only on: True when it says so, False when torch's
    default decides (2.6 on), None when off or unknown."""
    if has_star_args(site.node):
        return None
    keywords = keyword_args(site.node)
    if "weights_only" in keywords:
        return True if literal_value(keywords["weights_only"]) is True else None
    # A pickle_module turns the default off (torch's _default_to_weights_only).
    if "pickle_module" in keywords or len(positional_args(site.node)) >= 3:
        return None
    return False if ctx.target.torch_at_least(2, 6) else None


def _caught(site: CallSite) -> bool:
    """The load sits in a `try` whose handler catches the refusal."""
    for branch in site.branches:
        if isinstance(branch.owner, cst.Try) and branch.arm == "body":
            for handler in branch.owner.handlers:
                kinds = handler.type.elements if isinstance(handler.type, cst.Tuple) else [handler.type]
                for kind in kinds:
                    value = kind.value if isinstance(kind, cst.Element) else kind
                    if value is None or dotted(value) in BROAD_HANDLERS:
                        return True
    return False


_STORES = (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.Del)
_NESTED_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def _reads(node: cst.CSTNode) -> list[cst.Attribute]:
    """Attribute reads in a scope's own code, in source order: not its nested functions and
    classes, not stores. A stack, not recursion: expressions nest deeper than Python's frames."""
    found: list[cst.Attribute] = []
    pending: list[tuple[cst.CSTNode, bool]] = [(node, False)]
    while pending:
        current, read = pending.pop()
        current_type = type(current)
        if read and current_type is cst.Attribute:
            found.append(current)  # type: ignore[arg-type]  # its type was just tested
        stored = current.target if current_type in _STORES else None  # type: ignore[attr-defined]
        for child in reversed(child_list(current)):
            if type(child) not in _NESTED_SCOPES:
                pending.append((child, child is not stored))
    return found


def _unmasked(read: cst.Attribute) -> Optional[tuple[cst.CSTNode, Optional[object]]]:
    """What a read takes its attribute from (`ckpt` in `ckpt["model"].yaml`), with the constant
    key it goes through; None for an attribute no weights-only type lacks, or a computed key."""
    if read.attr.value in NAMES or read.attr.value.startswith("_"):
        return None
    if isinstance(read.value, cst.Subscript):
        subscript = read.value
        if len(subscript.slice) != 1 or not isinstance(subscript.slice[0].slice, cst.Index):
            return None
        key = literal_value(subscript.slice[0].slice.value)
        return (subscript.value, key) if isinstance(key, (str, int)) else None
    return read.value, None


Evidence = tuple[cst.Attribute, Optional[object]]


def _read_of(name: str, statement: cst.CSTNode) -> Optional[Evidence]:
    for read in _reads(statement):
        unmasked = _unmasked(read)
        if unmasked is not None and isinstance(unmasked[0], cst.Name) and unmasked[0].value == name:
            return read, unmasked[1]
    return None


def _next_statements(scope: Scope, statement: cst.CSTNode) -> list[cst.CSTNode]:
    """The statements after `statement` in the block that holds it."""
    for node in descendants(scope.node, cst.CSTNode):
        body = getattr(node, "body", None)
        if isinstance(body, (list, tuple)) and any(s is statement for s in body):
            return list(body[next(i for i, s in enumerate(body) if s is statement) + 1 :])
    return []


def _read_after(ctx: CheckContext, site: CallSite) -> Optional[Evidence]:
    """`ckpt = torch.load(p)`, then a read of `ckpt` in a later statement of the same block
    before anything binds `ckpt` again: that read sees this load's result whatever else the
    name holds elsewhere in the function. A statement that binds it is read up to its own
    assignment (`ckpt = ckpt["model"].float()` reads the load's result)."""
    names = site.assigned_names
    statement = site.statement
    if len(names) != 1 or not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    (name,) = names
    bindings = site.scope.bindings.get(name, [])
    if any(b.node is None for b in bindings) or name in ctx.model.rebound_names:
        return None
    bound = {id(b.node) for b in bindings}
    for later in _next_statements(site.scope, statement):
        rebinds = any(id(node) in bound for node in descendants(later, cst.CSTNode))
        if rebinds and not (isinstance(later, cst.SimpleStatementLine) and len(later.body) == 1 and isinstance(later.body[0], cst.Assign)):
            return None
        found = _read_of(name, later.body[0].value if rebinds else later)  # type: ignore[attr-defined]
        if found is not None or rebinds:
            return found
    return None


def _scopes(ctx: CheckContext) -> Iterator[Scope]:
    yield ctx.model.module_scope
    for function in ctx.model.functions:
        yield function.scope


def _tested_names(ctx: CheckContext) -> set[str]:
    """Names whose type the code asks about (`isinstance(ckpt, dict)`)."""
    tests = (site.node for site in ctx.model.calls if called_name(site.node) in TYPE_TESTS and site.node.args)
    return {name for call in tests if (name := root_name(call.args[0].value))}


def _holders(ctx: CheckContext, loads: list[CallSite]) -> set[str]:
    """Names a load's result may be bound to: those a load is assigned to, and those a call of
    one of the file's own functions that returns a load is assigned to. Only their reads are
    traced: tracing every name of a file costs far more than this rule can be worth."""
    loaded = {id(site.node) for site in loads}
    names = {name for site in loads for name in site.assigned_names}
    returning = [f for f in ctx.model.functions if any(isinstance(v, cst.Call) and id(v) in loaded for v in f.returns)]
    if returning:
        for site in ctx.model.calls:
            if ctx.model.callee(site.node, site.scope) in returning:
                names |= site.assigned_names
    return names


def _traced(ctx: CheckContext, loads: list[CallSite]) -> dict[int, Evidence]:
    """Reads whose value, wherever it is read, can only be one load's result (`model =
    torch.load(p)` and nothing else binds `model`; what a helper returns): by id of that load."""
    holders = _holders(ctx, loads)
    found: dict[int, Evidence] = {}
    for scope in _scopes(ctx):
        for read in _reads(scope.node):
            unmasked = _unmasked(read)
            if unmasked is None:
                continue
            value = unmasked[0]
            if isinstance(value, cst.Call):
                found.setdefault(id(value), (read, unmasked[1]))
            elif isinstance(value, cst.Name) and value.value in holders:
                origins = ctx.model.origins(value, scope)
                if origins and all(o.expr is origins[0].expr for o in origins) and isinstance(origins[0].expr, cst.Call):
                    found.setdefault(id(origins[0].expr), (read, unmasked[1]))
    return found


def _evidence(ctx: CheckContext, loads: list[CallSite]) -> dict[int, Evidence]:
    tested = _tested_names(ctx)
    traced = _traced(ctx, loads)
    found = {}
    for site in loads:
        evidence = traced.get(id(site.node)) or _read_after(ctx, site)
        if evidence is not None and root_name(evidence[0].value) not in tested:
            found[id(site.node)] = evidence
    return found


def check(ctx: CheckContext) -> None:
    refusing = {}  # load -> whether weights_only=True is written (else torch's default)
    for site in ctx.model.calls:
        if ctx.model.call_name(site) in TORCH_LOADS and not _caught(site):
            explicit = _refuses_objects(ctx, site)
            if explicit is not None:
                refusing[site] = explicit
    if not refusing or ALLOWING_NAMES & ctx.model.identifiers:
        return
    evidence = _evidence(ctx, list(refusing))
    if not evidence or ctx.project.allows_pickled_loads():
        return
    for site, explicit in refusing.items():
        if id(site.node) not in evidence or not (explicit or ctx.runs_on_torch_at_least(2, 6)):
            continue
        read, key = evidence[id(site.node)]
        entry = f"its {key!r} entry" if key is not None else "it"
        why = "torch.load(weights_only=True) refuses" if explicit else "from torch 2.6 torch.load loads with weights_only=True, which refuses"
        ctx.report(
            site.node,
            f"{why} pickled objects, but the code reads `.{read.attr.value}` from {entry}, which no tensor, "
            "container or number has: the file holds a pickled object and this load raises UnpicklingError; "
            "save a state_dict instead, allow the class with torch.serialization.add_safe_globals, or, "
            "for a file you made yourself, pass weights_only=False",
        )
