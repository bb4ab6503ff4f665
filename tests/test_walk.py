"""The walks over advise's own tree reach the same nodes, fields and hooks, in the same order,
as libcst's visit over its tree of the same file (formatting aside), on every fixture and on
real library code: the two trees have one shape."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import libcst
import pytest

from torch_advise.lint.analysis.walk import FORMATTING_TYPES, TableVisitor, descendants
from torch_advise.lint.engine import own_tree
from torch_advise.lint.fix_tree import child_fields
from torch_advise.lint.syntax_tree import nodes as cst

from conftest import FIXTURES

NODE_TYPES = [
    value
    for value in vars(cst).values()
    if inspect.isclass(value) and issubclass(value, cst.CSTNode) and not issubclass(value, FORMATTING_TYPES)
]
# What libcst's tree has and advise's leaves out: layout, and operators (read on their parent).
LIBCST_FORMATTING = (
    libcst.BaseParenthesizableWhitespace, libcst.EmptyLine, libcst.TrailingWhitespace, libcst.Newline, libcst.Comment,
    libcst.BaseBinaryOp, libcst.BaseBooleanOp, libcst.BaseCompOp, libcst.BaseUnaryOp, libcst.BaseAugOp,
    libcst.Comma, libcst.Dot, libcst.Colon, libcst.Semicolon, libcst.AssignEqual, libcst.Asynchronous,
    libcst.LeftParen, libcst.RightParen, libcst.LeftSquareBracket, libcst.RightSquareBracket,
    libcst.LeftCurlyBrace, libcst.RightCurlyBrace,
)


def _tree(source: bytes) -> cst.Module:
    return own_tree(source, ast.parse(source))


def _corpus() -> list[Path]:
    files = sorted(path for path in FIXTURES.rglob("*.py"))
    # Library code has constructs training scripts rarely use (match, lambdas, star-args, async).
    library = Path(libcst.__file__).parent
    return files + sorted(library.rglob("*.py"))[::15]


CORPUS = _corpus()


class _LibcstEvents(libcst.CSTVisitor):
    """Events of libcst's own visit, leaving out formatting nodes and fields the walk skips."""

    def __init__(self) -> None:
        self.events: list[tuple] = []

    def on_visit(self, node: libcst.CSTNode) -> bool:
        if isinstance(node, LIBCST_FORMATTING):
            return False
        self.events.append(("enter", type(node).__name__))
        return True

    def on_leave(self, original_node: libcst.CSTNode) -> None:
        if not isinstance(original_node, LIBCST_FORMATTING):
            self.events.append(("leave", type(original_node).__name__))

    def on_visit_attribute(self, node: libcst.CSTNode, attribute: str) -> None:
        if attribute in child_fields(node) and _present(node, attribute):
            self.events.append(("enter field", type(node).__name__, attribute))

    def on_leave_attribute(self, original_node: libcst.CSTNode, attribute: str) -> None:
        if attribute in child_fields(original_node) and _present(original_node, attribute):
            self.events.append(("leave field", type(original_node).__name__, attribute))


def _present(node: object, field: str) -> bool:
    """libcst runs field hooks for most absent fields but not all (an f-string's format spec); the
    walk runs them for every field. Hooks on absent fields are left out of the comparison."""
    return getattr(node, field) is not None


def _recording_visitor_class() -> type:
    """A TableVisitor with a hook for every node type and every field libcst visits."""

    def hook(*event):
        def record(self, node):
            if len(event) == 2 or _present(node, event[2]):
                self.events.append(event)

        return record

    methods: dict[str, object] = {}
    for node_type in NODE_TYPES:
        name = node_type.__name__
        methods[f"visit_{name}"] = hook("enter", name)
        methods[f"leave_{name}"] = hook("leave", name)
        for field in node_type._fields:
            methods[f"visit_{name}_{field}"] = hook("enter field", name, field)
            methods[f"leave_{name}_{field}"] = hook("leave field", name, field)
    recorder = type("Recorder", (TableVisitor,), methods)
    recorder.__init__ = lambda self: setattr(self, "events", [])
    return recorder


Recorder = _recording_visitor_class()


@pytest.mark.parametrize("path", CORPUS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_walk_matches_libcst_visit(path):
    source = path.read_bytes()
    expected = _LibcstEvents()
    libcst.parse_module(source).visit(expected)
    walked = Recorder()
    walked.walk(_tree(source))
    assert walked.events == expected.events


def test_descendants_are_in_source_order_and_include_the_node():
    module = _tree(b"f(g(1), h(k(2)))\nm()\n")
    names = [call.func.value for call in descendants(module, cst.Call)]
    assert names == ["f", "g", "h", "k", "m"]
    call = module.body[0].body[0].value
    assert descendants(call, cst.Call)[0] is call
    assert [type(node).__name__ for node in descendants(call, (cst.Call, cst.Integer))] == [
        "Call", "Call", "Integer", "Call", "Call", "Integer",
    ]


def test_a_hook_on_a_formatting_node_is_refused():
    with pytest.raises(TypeError, match="formatting"):
        type("AddCounter", (TableVisitor,), {"visit_Add": lambda self, node: None})


def test_returning_false_skips_children_but_still_leaves():
    class Outer(TableVisitor):
        def __init__(self) -> None:
            self.seen: list[str] = []

        def visit_Call(self, node: cst.Call) -> bool:
            self.seen.append("call")
            return False

        def leave_Call(self, node: cst.Call) -> None:
            self.seen.append("left call")

        def visit_Name(self, node: cst.Name) -> None:
            self.seen.append(node.value)

    visitor = Outer()
    visitor.walk(_tree(b"x = f(y)\n"))
    assert visitor.seen == ["x", "call", "left call"]
