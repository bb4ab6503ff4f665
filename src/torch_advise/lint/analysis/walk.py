"""Read-only walks over a libcst tree, for the model and the checks.

A walk is most of the cost of linting a file once it is parsed. libcst's own `visit` rebuilds
every node it passes (the same machinery serves transformers) and looks visitor methods up by
name for every node and every field. These walks read each node's children straight from its
fields, in the order libcst visits them, dispatch from tables built once per visitor class, and
skip the formatting nodes (whitespace, comments, parentheses, commas, operator tokens) that no
check reads: together a few times cheaper than `node.visit(CSTVisitor)`.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterator
from typing import Any, Callable, NamedTuple, Optional, TypeVar, Union

import libcst as cst

NodeT = TypeVar("NodeT", bound=cst.CSTNode)

# Fields that hold only formatting: layout, not meaning. Operator fields count: what a check
# needs of an operator it reads with isinstance on the parent's field, never by walking to it.
_FORMATTING_FIELDS = frozenset(
    {
        "asynchronous", "colon", "comma", "dot", "equal", "first_colon", "footer", "header",
        "lbrace", "lbracket", "leading_lines", "leading_whitespace", "lines_after_decorators",
        "lpar", "operator", "rbrace", "rbracket", "relative", "rpar", "second_colon",
        "semicolon", "trailing_whitespace",
    }
)
# The node types found only in those fields: a walk never reaches them.
FORMATTING_TYPES: tuple[type, ...] = (
    cst.BaseParenthesizableWhitespace, cst.EmptyLine, cst.TrailingWhitespace, cst.Newline, cst.Comment,
    cst.BaseBinaryOp, cst.BaseBooleanOp, cst.BaseCompOp, cst.BaseUnaryOp, cst.BaseAugOp,
    cst.Comma, cst.Dot, cst.Colon, cst.Semicolon, cst.AssignEqual, cst.Asynchronous,
    cst.LeftParen, cst.RightParen, cst.LeftSquareBracket, cst.RightSquareBracket,
    cst.LeftCurlyBrace, cst.RightCurlyBrace,
)

_child_fields: dict[type, tuple[str, ...]] = {}


class _FieldOrder(cst.CSTVisitor):
    """Records the fields libcst's visit passes through on one node, without descending."""

    def __init__(self) -> None:
        self.fields: list[str] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        return False

    def on_leave(self, original_node: cst.CSTNode) -> None:
        return None

    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        self.fields.append(attribute)

    def on_leave_attribute(self, original_node: cst.CSTNode, attribute: str) -> None:
        return None


def child_fields(node: cst.CSTNode) -> tuple[str, ...]:
    """The fields of `node`'s type that may hold meaningful children, in libcst's visit order.

    libcst visits the fields of a type in one fixed order, absent ones too with few exceptions
    (an f-string's format spec), so one node of a type tells the order for all of them: source
    order, which dataclass field order is not. A field that node did not report comes last.
    """
    node_type = type(node)
    fields = _child_fields.get(node_type)
    if fields is None:
        recorder = _FieldOrder()
        node._visit_and_replace_children(recorder)
        declared = {field.name: field.type for field in dataclasses.fields(node_type)}
        names = dict.fromkeys([*recorder.fields, *(name for name in declared if _holds_nodes(declared[name]))])
        fields = _child_fields[node_type] = tuple(
            name for name in names if name not in _FORMATTING_FIELDS and not name.startswith("whitespace")
        )
    return fields


def _holds_nodes(annotation: object) -> bool:
    """Whether a field declared with this type can hold a node (`Optional[Sequence[...]]` can,
    `Optional[str]` cannot); a type written as a string might."""
    if isinstance(annotation, type):
        return issubclass(annotation, cst.CSTNode)
    if isinstance(annotation, str):
        return True
    if typing.get_origin(annotation) is typing.Literal:
        return False
    return any(_holds_nodes(argument) for argument in typing.get_args(annotation))


# What a child field holds, by the value's type. libcst's node classes are abstract base
# classes, so `isinstance(value, cst.CSTNode)` runs ABCMeta's check in Python for every field
# of every node walked; a lookup by type is a tenth of that, and a walk is mostly such checks.
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
    fields = _child_fields.get(type(node))
    if fields is None:
        fields = child_fields(node)
    for name in fields:
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
        fields = _child_fields.get(current_type)
        if fields is None:
            fields = child_fields(current)
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
