"""Dataset classes of another module whose items are already in memory, read from Python's
`ast` (the project's modules; facts.py reads the linted file's own classes the same way).

A TensorDataset in all but name: `__getitem__` calls nothing but conversions of what it indexes
(`torch.from_numpy(self.x[i])`) and reads only attributes that some method set from the
constructor's arguments, as they are, indexed, converted or reshaped (`self.x = torch.unsqueeze(self.x, 1)`, `self.X = X`,
`self.features = df[columns].values`). An item then costs an index, and there is nothing
for pinned memory or workers to hide.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Optional

# Calls that copy or cast data already in memory, and the methods and attributes that do.
# Reshaping keeps the data where it is too (`torch.unsqueeze(self.x, 1)`, `x.permute(0, 2, 1)`).
ARRAY_CONVERSIONS = {
    "torch.from_numpy", "torch.tensor", "torch.as_tensor", "numpy.asarray", "numpy.array", "numpy.ascontiguousarray",
    "torch.unsqueeze", "torch.squeeze", "torch.transpose", "torch.permute", "torch.flatten",
    "numpy.expand_dims", "numpy.squeeze", "numpy.transpose", "numpy.swapaxes", "numpy.moveaxis",
}
CONVERTING_METHODS = {
    "astype", "float", "long", "int", "double", "copy", "reshape", "to_numpy",
    "unsqueeze", "squeeze", "permute", "transpose", "view", "contiguous", "flatten", "swapaxes",
}
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
    instance = {m.args.args[0].arg for m in methods.values() if m.args.args}

    def given(value: Optional[ast.expr], seen: frozenset[str]) -> bool:
        # `df[features].astype("int").values.reshape(-1, 5)`: columns of a frame it was handed;
        # `self.x = torch.unsqueeze(self.x, 1)`: what another assignment stored there, reshaped.
        while isinstance(value, (ast.Call, ast.Subscript, ast.Attribute)):
            if isinstance(value, ast.Call):
                value = _converted(value, qualified)
            elif isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id in instance:
                name = value.attr
                return name in seen or (name in stored and all(given(v, seen | {name}) for v in stored[name]))
            elif isinstance(value, ast.Attribute) and value.attr not in ARRAY_VIEWS:
                return False
            else:
                value = value.value
        return isinstance(value, ast.Name) and value.id in parameters

    return bool(read) and all(name in stored and all(given(v, frozenset({name})) for v in stored[name]) for name in read)


def _self_attributes(method: ast.FunctionDef) -> set[str]:
    this = method.args.args[0].arg
    return {n.attr for n in ast.walk(method) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == this}


def _converted(call: ast.Call, qualified: Callable[[str], str]) -> Optional[ast.expr]:
    """What a conversion converts: `X` of `X.astype(np.float32)` or `torch.from_numpy(X)`; None
    for any other call."""
    # The function first: `torch.unsqueeze(x, 1)` converts `x`, not `torch`.
    if call.args and not isinstance(call.args[0], ast.Starred) and qualified(ast.unparse(call.func)) in ARRAY_CONVERSIONS:
        return call.args[0]
    if isinstance(call.func, ast.Attribute) and call.func.attr in CONVERTING_METHODS:
        return call.func.value
    return None
