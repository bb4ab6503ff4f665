"""libcst's tree of a file, parsed only when a fix is written or shown, and where each node of
advise's own tree (syntax_tree/) stands in it.

The two trees have the same nodes in the same order (tests/test_walk.py compares them over
the fixtures), so walking both side by side pairs each node with its twin: edits, which
name advise's nodes, are applied to libcst's, which keep every byte of the layout.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Optional

import libcst

from torch_advise import records
from torch_advise.lint.analysis.edits import Edit, InsertBefore, ReplaceNode, SetKeyword, SwapStatements
from torch_advise.lint.analysis.walk import child_list
from torch_advise.lint.syntax_tree import nodes as own
from torch_advise.lint.syntax_tree.source import declared_encoding
from torch_advise.lint.trusted_parse import parse_trusted

# Fields that hold only layout, which advise's tree leaves out.
_FORMATTING_FIELDS = frozenset(
    {
        "asynchronous", "colon", "comma", "dot", "equal", "first_colon", "footer", "header",
        "lbrace", "lbracket", "leading_lines", "leading_whitespace", "lines_after_decorators",
        "lpar", "operator", "rbrace", "rbracket", "relative", "rpar", "second_colon",
        "semicolon", "separator", "trailing_whitespace",
    }
)
_child_fields: dict[type, tuple[str, ...]] = {}


class TreesDiffer(RuntimeError):
    """libcst's tree of the file is not shaped as advise's: no fix is written."""


def parse(source: bytes) -> libcst.Module:
    try:
        return parse_trusted(source)
    except SyntaxError:
        if b"\r" not in source:
            raise
        return parse_trusted(source, encoding=declared_encoding(source))


class NodeMap:
    """advise's node -> libcst's node, for one file."""

    def __init__(self, mine: own.Module, theirs: libcst.Module) -> None:
        self.mine = mine
        self.theirs = theirs
        self._twins: Optional[dict[int, libcst.CSTNode]] = None

    def resolve(self, node: own.CSTNode) -> libcst.CSTNode:
        if self._twins is None:
            self._twins = _pair(self.mine, self.theirs)
        return self._twins[id(node)]

    def edits(self, edits: typing.Iterable[Edit]) -> list[Edit]:
        """The edits with libcst's nodes in place of advise's."""
        resolve = self.resolve
        result: list[Edit] = []
        for edit in edits:
            if isinstance(edit, SetKeyword):
                edit = records.replace(edit, call=resolve(edit.call))  # type: ignore[arg-type]
            elif isinstance(edit, ReplaceNode):
                code = edit.code if isinstance(edit.code, str) else edit.code(resolve)
                edit = ReplaceNode(resolve(edit.node), code)  # type: ignore[arg-type]
            elif isinstance(edit, InsertBefore):
                edit = records.replace(edit, statement=resolve(edit.statement))  # type: ignore[arg-type]
            elif isinstance(edit, SwapStatements):
                edit = SwapStatements(resolve(edit.first), resolve(edit.second))  # type: ignore[arg-type]
            result.append(edit)
        return result


def _pair(mine: own.Module, theirs: libcst.Module) -> dict[int, libcst.CSTNode]:
    twins: dict[int, libcst.CSTNode] = {}
    stack: list[tuple[own.CSTNode, libcst.CSTNode]] = [(mine, theirs)]
    while stack:
        a, b = stack.pop()
        if type(a).__name__ != type(b).__name__:
            raise TreesDiffer(f"{type(a).__name__} where libcst has {type(b).__name__}")
        twins[id(a)] = b
        mine_children = child_list(a)
        their_children = [child for name in child_fields(b) for child in _nodes(getattr(b, name))]
        if len(mine_children) != len(their_children):
            raise TreesDiffer(f"{type(a).__name__} has {len(mine_children)} children where libcst has {len(their_children)}")
        stack.extend(zip(mine_children, their_children))
    return twins


def _nodes(value: object) -> list:
    if isinstance(value, (list, tuple)):
        return [item for item in value if isinstance(item, libcst.CSTNode)]
    return [value] if isinstance(value, libcst.CSTNode) else []


class _FieldOrder(libcst.CSTVisitor):
    """Records the fields libcst's visit passes through on one node, without descending."""

    def __init__(self) -> None:
        self.fields: list[str] = []

    def on_visit(self, node: libcst.CSTNode) -> bool:
        return False

    def on_leave(self, original_node: libcst.CSTNode) -> None:
        return None

    def on_visit_attribute(self, node: libcst.CSTNode, attribute: str) -> None:
        self.fields.append(attribute)

    def on_leave_attribute(self, original_node: libcst.CSTNode, attribute: str) -> None:
        return None


def child_fields(node: libcst.CSTNode) -> tuple[str, ...]:
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
        return issubclass(annotation, libcst.CSTNode)
    if isinstance(annotation, str):
        return True
    if typing.get_origin(annotation) is typing.Literal:
        return False
    return any(_holds_nodes(argument) for argument in typing.get_args(annotation))
