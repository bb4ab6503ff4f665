"""Dataset classes of another module whose items are already in memory, read from Python's
`ast` (the project's modules; facts.py reads the linted file's own classes the same way).

A TensorDataset in all but name: `__getitem__` calls nothing but conversions of what it indexes
(`torch.from_numpy(self.x[i])`) and reads only attributes that some method set from the
constructor's arguments, as they are, indexed or converted (`self.X = X`,
`self.features = df[columns].values`). An item then costs an index, and there is nothing
for pinned memory or workers to hide.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Optional

# Calls that copy or cast data already in memory, and the methods and attributes that do.
ARRAY_CONVERSIONS = {"torch.from_numpy", "torch.tensor", "torch.as_tensor", "numpy.asarray", "numpy.array", "numpy.ascontiguousarray"}
CONVERTING_METHODS = {"astype", "float", "long", "int", "double", "copy", "reshape", "to_numpy"}
ARRAY_VIEWS = {"values", "T"}


def indexes_what_it_was_given(node: ast.ClassDef, qualified: Callable[[str], str]) -> bool:
    """`qualified`: the module's imported name for a dotted one (`np.asarray` -> `numpy.asarray`)."""
    methods = {m.name: m for m in node.body if isinstance(m, ast.FunctionDef)}
    getitem = methods.get("__getitem__")
    if getitem is None or len(node.bases) > 1 or not getitem.args.args:
        return False
    if any(_converted(call, qualified) is None for call in ast.walk(getitem) if isinstance(call, ast.Call)):
        return False
    read = _self_attributes(getitem)
    init = methods.get("__init__")
    parameters = {a.arg for a in [*init.args.posonlyargs, *init.args.args, *init.args.kwonlyargs][1:]} if init is not None else set()
    stored: dict[str, list[ast.expr]] = {}
    for method in methods.values():
        this = method.args.args[0].arg if method.args.args else None
        for statement in ast.walk(method):
            if isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None:
                targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
                for target in targets:
                    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == this:
                        stored.setdefault(target.attr, []).append(statement.value)
    return bool(read) and all(name in stored and all(_given(v, parameters, qualified) for v in stored[name]) for name in read)


def _self_attributes(method: ast.FunctionDef) -> set[str]:
    this = method.args.args[0].arg
    return {n.attr for n in ast.walk(method) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == this}


def _given(value: Optional[ast.expr], parameters: set[str], qualified: Callable[[str], str]) -> bool:
    while isinstance(value, (ast.Call, ast.Subscript, ast.Attribute)):
        if isinstance(value, ast.Call):
            value = _converted(value, qualified)
        elif isinstance(value, ast.Attribute) and value.attr not in ARRAY_VIEWS:
            return False
        else:
            value = value.value
    return isinstance(value, ast.Name) and value.id in parameters


def _converted(call: ast.Call, qualified: Callable[[str], str]) -> Optional[ast.expr]:
    """What a conversion converts: `X` of `X.astype(np.float32)` or `torch.from_numpy(X)`; None
    for any other call."""
    if isinstance(call.func, ast.Attribute) and call.func.attr in CONVERTING_METHODS:
        return call.func.value
    if call.args and not isinstance(call.args[0], ast.Starred) and qualified(ast.unparse(call.func)) in ARRAY_CONVERSIONS:
        return call.args[0]
    return None
