"""Read-only walks over the syntax tree (syntax_tree/nodes.py), for the model and the checks.

A walk is most of the cost of linting a file once it is parsed. These walks read each node's
children straight from its fields, in the order libcst visits them, and dispatch from tables
built once per visitor class, with CSTVisitor's method names and conventions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Callable, NamedTuple, Optional, TypeVar, Union

from torch_advise.lint.syntax_tree import nodes as cst

NodeT = TypeVar("NodeT", bound=cst.CSTNode)

# The node types a walk never reaches: operators, read with isinstance on their parent's field.
FORMATTING_TYPES: tuple[type, ...] = (
    cst.BaseBinaryOp, cst.BaseBooleanOp, cst.BaseCompOp, cst.BaseUnaryOp, cst.BaseAugOp, cst.Asynchronous, cst.Dot,
)


def child_fields(node: cst.CSTNode) -> tuple[str, ...]:
    """The fields of `node`'s type that may hold children, in libcst's visit order."""
    return type(node)._fields


# What a child field holds, by the value's type: a lookup by type is cheaper than isinstance
# for every field of every node walked.
NODE, NODES, NOTHING = 1, 2, 3
_holds: dict[type, int] = {tuple: NODES, list: NODES}


def _holding(value: object) -> int:
    kind = _holds[type(value)] = NODE if isinstance(value, cst.CSTNode) else NOTHING
    return kind


def children(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """`node`'s meaningful children in source order."""
    for name in child_fields(node):
        value = getattr(node, name)
        kind = _holds.get(type(value)) or _holding(value)
        if kind == NODE:
            yield value
        elif kind == NODES:
            yield from value


def child_list(node: cst.CSTNode) -> list[cst.CSTNode]:
    """`children(node)` as a list, built without a generator: for walks that visit every node."""
    found: list[cst.CSTNode] = []
    for name in type(node)._fields:
        value = getattr(node, name)
        kind = _holds.get(type(value)) or _holding(value)
        if kind == NODE:
            found.append(value)
        elif kind == NODES:
            found.extend(value)
    return found


def descendants(node: cst.CSTNode, node_type: Union[type[NodeT], tuple[type[NodeT], ...]]) -> list[NodeT]:
    """Every node of `node_type` (a type or a tuple of them) under `node`, `node` included, in
    source order."""
    found: list[NodeT] = []
    matches = _matching.get(node_type)
    if matches is None:
        matches = _matching[node_type] = {}
    stack = [node]
    while stack:
        current = stack.pop()
        current_type = type(current)
        hit = matches.get(current_type)
        if hit is None:
            hit = matches[current_type] = issubclass(current_type, node_type)
        if hit:
            found.append(current)  # type: ignore[arg-type]  # issubclass above; mypy narrows only on isinstance
        fields = current_type._fields
        # Pushed last child first, so that they come off the stack in source order.
        for name in reversed(fields):
            value = getattr(current, name)
            kind = _holds.get(type(value)) or _holding(value)
            if kind == NODE:
                stack.append(value)
            elif kind == NODES:
                stack.extend(reversed(value))
    return found


# node_type -> {a node's type: whether it is one}, for descendants (the same reason as _holds).
_matching: dict[Any, dict[type, bool]] = {}


class TableVisitor:
    """A visitor with CSTVisitor's method names and conventions, run by `walk`.

    `visit_<Type>` (return False to skip the children), `leave_<Type>`, and the field hooks
    `visit_<Type>_<field>` / `leave_<Type>_<field>`, found in tables filled when the class is
    defined. Formatting nodes are not walked, so a method for one of them is an error.
    """

    _enter: dict[type, Callable] = {}
    _exit: dict[type, Callable] = {}
    _enter_field: dict[tuple[type, str], Callable] = {}
    _exit_field: dict[tuple[type, str], Callable] = {}
    _plans: dict[type, _Plan] = {}

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._enter, cls._exit, cls._enter_field, cls._exit_field = {}, {}, {}, {}
        cls._plans = {}
        own: dict[str, Any] = {}
        for klass in reversed(cls.__mro__[: cls.__mro__.index(TableVisitor)]):
            own.update(vars(klass))
        for name, function in own.items():
            kind, _, rest = name.partition("_")
            if kind not in ("visit", "leave") or not rest or not rest[0].isupper():
                continue
            type_name, _, field_name = rest.partition("_")
            node_type = getattr(cst, type_name, None)
            if not isinstance(node_type, type):
                continue
            if issubclass(node_type, FORMATTING_TYPES):
                raise TypeError(f"{cls.__name__}.{name}: walks skip formatting nodes like {type_name}")
            if field_name:
                # Keyed by (type, field) here and by type below: one name for both tables.
                table: dict[Any, Callable] = cls._enter_field if kind == "visit" else cls._exit_field
                table[(node_type, field_name)] = function
            else:
                table = cls._enter if kind == "visit" else cls._exit
                table[node_type] = function

    def _plan(self, node: cst.CSTNode) -> _Plan:
        node_type = type(node)
        fields = tuple(
            (name, self._enter_field.get((node_type, name)), self._exit_field.get((node_type, name)))
            for name in child_fields(node)
        )
        leave = self._exit.get(node_type)
        plan = self._plans[node_type] = _Plan(self._enter.get(node_type), fields, leave, not fields and leave is None)
        return plan

    def walk(self, node: cst.CSTNode) -> None:
        plans = self._plans
        enter, fields, leave, leaf = plans.get(type(node)) or self._plan(node)
        if leaf:
            if enter is not None:
                enter(self, node)
            return
        if enter is None or enter(self, node) is not False:
            for name, before, after in fields:
                if before is not None:
                    before(self, node)
                value = getattr(node, name)
                kind = _holds.get(type(value)) or _holding(value)
                if kind == NODE:
                    # A leaf (a Name, a number, a string: no children, no leave hook) is
                    # handled here, which spares a call for every other node walked.
                    plan = plans.get(type(value))
                    if plan is not None and plan.leaf:
                        if plan.enter is not None:
                            plan.enter(self, value)
                    else:
                        self.walk(value)
                elif kind == NODES:
                    for item in value:
                        plan = plans.get(type(item))
                        if plan is not None and plan.leaf:
                            if plan.enter is not None:
                                plan.enter(self, item)
                        else:
                            self.walk(item)
                if after is not None:
                    after(self, node)
        if leave is not None:
            leave(self, node)


class _Plan(NamedTuple):
    """What a walk does at a node of one type: the enter hook, each child field with its own
    hooks, the leave hook, and whether it is a leaf (nothing after the enter hook)."""

    enter: Optional[Callable]
    fields: tuple[tuple[str, Optional[Callable], Optional[Callable]], ...]
    leave: Optional[Callable]
    leaf: bool


def statements_after(holder: cst.CSTNode, statement: cst.CSTNode) -> list[cst.CSTNode]:
    """The statements after `statement` in the block, somewhere under `holder`, that holds it."""
    for node in descendants(holder, cst.CSTNode):
        body = getattr(node, "body", None)
        if isinstance(body, (list, tuple)) and any(s is statement for s in body):
            return list(body[next(i for i, s in enumerate(body) if s is statement) + 1 :])
    return []
