"""Where code reads from what a torch.load returned an attribute that only a pickled object has
(`ckpt["opt"].bn`, `model = torch.load(p); model.eval()`): the file holds an object that
`weights_only=True` refuses. CKPT001 reports such loads where that is torch's default; SEC001 does
not advise `weights_only=True` for them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Optional

from torch_advise.lint.analysis.model import CallSite, Scope, TrainingModel
from torch_advise.lint.analysis.syntax import called_name, literal_value, root_name
from torch_advise.lint.analysis.walk import child_list, descendants, statements_after
from torch_advise.lint.analysis.weights_only_attributes import NAMES
from torch_advise.lint.syntax_tree import nodes as cst

# Calls that test what an object is: code that asks handles both a state dict and an object.
TYPE_TESTS = {"hasattr", "getattr", "isinstance", "type"}

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


def _read_of(name: str, statement: cst.CSTNode, entries: Optional[dict[str, object]] = None) -> Optional[Evidence]:
    """A read in the statement of a pickled object's attribute from `name`, or from a name that
    holds one of its entries (`entries`: that name -> the entry's key)."""
    entries = entries or {}
    for read in _reads(statement):
        unmasked = _unmasked(read)
        if unmasked is None or not isinstance(unmasked[0], cst.Name):
            continue
        if unmasked[0].value == name:
            return read, unmasked[1]
        if unmasked[0].value in entries and unmasked[1] is None:
            return read, entries[unmasked[0].value]
    return None


def _entries_taken(name: str, statement: cst.CSTNode) -> dict[str, object]:
    """The names a statement binds to constant-key entries of `name`: `args = ckpt["args"]`, or
    `args, epoch = ckpt["args"], ckpt["epoch"]`, each with its key."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1 or not isinstance(statement.body[0], cst.Assign):
        return {}
    assign = statement.body[0]
    if len(assign.targets) != 1:
        return {}
    target, value = assign.targets[0].target, assign.value
    if isinstance(target, cst.Tuple) and isinstance(value, cst.Tuple) and len(target.elements) == len(value.elements):
        pairs = [(t.value, v.value) for t, v in zip(target.elements, value.elements)]
    else:
        pairs = [(target, value)]
    found: dict[str, object] = {}
    for bound, taken in pairs:
        if not (isinstance(bound, cst.Name) and isinstance(taken, cst.Subscript) and isinstance(taken.value, cst.Name)):
            continue
        if taken.value.value == name and len(taken.slice) == 1 and isinstance(taken.slice[0].slice, cst.Index):
            key = literal_value(taken.slice[0].slice.value)
            if isinstance(key, (str, int)):
                found[bound.value] = key
    return found


def _read_after(model: TrainingModel, site: CallSite) -> Optional[Evidence]:
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
    if any(b.node is None for b in bindings) or name in model.rebound_names:
        return None
    bound = {id(b.node) for b in bindings}
    # Names bound once in the scope to one of the result's entries, read like the result itself.
    entries: dict[str, object] = {}
    for later in statements_after(site.scope.node, statement):
        rebinds = any(id(node) in bound for node in descendants(later, cst.CSTNode))
        if rebinds and not (isinstance(later, cst.SimpleStatementLine) and len(later.body) == 1 and isinstance(later.body[0], cst.Assign)):
            return None
        found = _read_of(name, later.body[0].value if rebinds else later, entries)  # type: ignore[attr-defined]
        if found is not None or rebinds:
            return found
        entries.update({
            taken: key for taken, key in _entries_taken(name, later).items()
            if len(site.scope.bindings.get(taken, [])) == 1 and taken not in model.rebound_names
        })
    return None


def _scopes(model: TrainingModel) -> Iterator[Scope]:
    yield model.module_scope
    for function in model.functions:
        yield function.scope


def _tested_names(model: TrainingModel) -> set[str]:
    """Names whose type the code asks about (`isinstance(ckpt, dict)`)."""
    tests = (site.node for site in model.calls if called_name(site.node) in TYPE_TESTS and site.node.args)
    return {name for call in tests if (name := root_name(call.args[0].value))}


def _holders(model: TrainingModel, loads: list[CallSite]) -> set[str]:
    """Names a load's result may be bound to: those a load is assigned to, and those a call of
    one of the file's own functions that returns a load is assigned to. Only their reads are
    traced: tracing every name of a file costs far more than this rule can be worth."""
    loaded = {id(site.node) for site in loads}
    names = {name for site in loads for name in site.assigned_names}
    returning = [f for f in model.functions if any(isinstance(v, cst.Call) and id(v) in loaded for v in f.returns)]
    if returning:
        for site in model.calls:
            if model.callee(site.node, site.scope) in returning:
                names |= site.assigned_names
    return names


def _traced(model: TrainingModel, loads: list[CallSite]) -> dict[int, Evidence]:
    """Reads whose value, wherever it is read, can only be a load's result (`model =
    torch.load(p)` and nothing else binds `model`; what a helper returns; one load in each arm of
    an `if`, the GPU's and the CPU's): by id of each load that reaches the read."""
    holders = _holders(model, loads)
    loaded = {id(site.node) for site in loads}
    found: dict[int, Evidence] = {}
    for scope in _scopes(model):
        for read in _reads(scope.node):
            unmasked = _unmasked(read)
            if unmasked is None:
                continue
            value = unmasked[0]
            if isinstance(value, cst.Call):
                found.setdefault(id(value), (read, unmasked[1]))
            elif isinstance(value, cst.Name) and value.value in holders:
                origins = model.origins(value, scope)
                if origins and all(o.expr is origins[0].expr for o in origins) and isinstance(origins[0].expr, cst.Call):
                    found.setdefault(id(origins[0].expr), (read, unmasked[1]))
                elif origins and all(id(o.expr) in loaded for o in origins):
                    for origin in origins:
                        found.setdefault(id(origin.expr), (read, unmasked[1]))
    return found


def pickled_object_reads(model: TrainingModel, loads: list[CallSite]) -> dict[int, Evidence]:
    """For each load (by id of its call) whose result the code reads a pickled object's attribute
    from, and whose type it never tests, that read and the key it goes through."""
    tested = _tested_names(model)
    traced = _traced(model, loads)
    found = {}
    for site in loads:
        evidence = traced.get(id(site.node)) or _read_after(model, site)
        if evidence is not None and root_name(evidence[0].value) not in tested:
            found[id(site.node)] = evidence
    return found
