"""A node of advise's tree stands where libcst's PositionProvider places its twin in libcst's
tree of the same file, and its code reads as libcst's code_for_node writes it."""

from __future__ import annotations

import ast

import libcst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from torch_advise.lint.engine import own_tree
from torch_advise.lint.fix_tree import _pair
from torch_advise.lint.syntax_tree import nodes as cst
from torch_advise.lint.syntax_tree.source import code, position

from conftest import FIXTURES

SOURCES = sorted(p for p in (FIXTURES / "lint").rglob("*.py") if not p.name.endswith(".fixed.py"))
# Nodes libcst places with layout of theirs that no finding is reported on: a module ends after
# its last line break, a parameter list with the line break before `)`, a slice with the one
# after `:`, a starred element's code with its comma.
NOT_COMPARED = (cst.Module, cst.Parameters, cst.Slice, cst.SubscriptElement, cst.MatchCase, cst.ParamStar, cst.ParamSlash)


def _pairs(data: bytes) -> list[tuple[cst.CSTNode, libcst.CSTNode]]:
    mine = own_tree(data, ast.parse(data))
    theirs = libcst.parse_module(data)
    twins = _pair(mine, theirs)
    expected = MetadataWrapper(theirs, unsafe_skip_copy=True).resolve(PositionProvider)
    found = []
    stack: list[cst.CSTNode] = [mine]
    while stack:
        node = stack.pop()
        twin = twins[id(node)]
        if not isinstance(node, NOT_COMPARED):
            found.append((node, twin))
        for name in type(node)._fields:
            value = getattr(node, name)
            stack.extend(item for item in (value if isinstance(value, (list, tuple)) else [value]) if isinstance(item, cst.CSTNode))
    return [(node, twin) for node, twin in found if twin in expected], expected  # type: ignore[return-value]


def _assert_placed_alike(data: bytes, label: str) -> None:
    theirs_code = libcst.parse_module(data)
    if theirs_code.bytes != data:
        # libcst's code leaves out a form feed opening a line: its places are in that code,
        # advise's in the file.
        return
    pairs, expected = _pairs(data)
    assert pairs
    for node, twin in pairs:
        where = expected[twin]
        assert position(node) == ((where.start.line, where.start.column), (where.end.line, where.end.column)), (label, type(node).__name__)
        if isinstance(node, cst.BaseExpression) and not isinstance(node, cst.StarredElement):
            assert code(node) == theirs_code.code_for_node(twin), (label, type(node).__name__)


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_node_has_the_place_and_code_libcst_gives(source):
    _assert_placed_alike(source.read_bytes(), source.name)


ODD_LAYOUTS = {
    "twice": "import torch\n\ndef a():\n    x = torch.zeros(3).cuda()\n\ndef b():\n    x = torch.zeros(3).cuda()\n",
    "crlf": "import torch\r\n\r\ndef f(x):\r\n    # a comment\r\n    return torch.zeros(3).cuda()\r\n",
    "cr": "import torch\rdef f(x):\r    return torch.zeros(3).cuda()\r",
    "tabs": "def f(x):\n\tif x:\n\t\ty = x.cuda()\n\treturn y\n",
    "mixed": "class A:\n  def f(self):\n      for i in range(3):\n       g(i)\n",
    "no final newline": "def f():\n    return g(1)",
    "one line": "g(1); g(1)",
    "comment lines": "def f():\n    # one\n\n    # two\n    g(1)\n    # trailing, owned by the block\n# after\ng(2)\n",
    "elif": "def f():\n    if a:\n        pass\n    elif b:\n        g(1)\n    else:\n        if b:\n            g(1)\n",
    "suite": "if x: g(1)\nelse: g(2)\nwhile y: g(1)\n",
    "decorated": "@d(1)\n@d(2)\n\ndef f():\n    g(1)\n",
    "strings": 'x = """\ng(1)\n"""\ng(1)\ny = "a" \'b\' f"c{d!r:>{w}} {{e}}"\n',
    "unicode": "s = 'héllo wörld'; t = g('é')\ndef f():\n    return g('ü', 'é')\n",
    "named characters": 'a = f"\\N{bullet} {n}"\nb = rf"\\N{n}"\nc = f"{n!r:>{w}} \\N{EM DASH} {{e}}" f"\\N{bullet}"\ng(a)\n',
    "escaped braces": 'a = rf"(?:\\{{|,)\\s*[\\"\']{m}[\\"\'](?:[,}}]|$)",\nb = f"\\\\{n}"\ng(a, b)\n',
    "parentheses": "x = ((a + b))\nf((a), (b, c))\n(result,) = g(h)\nif (x):\n    y = [(i) for i in (z) if (i)]\n",
    "arguments": "f(*a, k=1, **kw)\nclass K(B, metaclass=M): pass\ndef g(a, /, b: int = 1, *c, d, **e) -> int: pass\nl = lambda: 0\n",
    "statements": (
        "import a.b as c\nfrom . import (d as e)\nwith o as (p, q), r: pass\ntry: pass\nexcept E as e: pass\nfinally: pass\n"
        "raise A from B\ndel a, b\nglobal g\nx: int = 1\nx += 1\n"
    ),
    "multi-line call": "def f():\n    return g(\n        a,\n        b=[\n            1,\n        ],\n    ).h\n",
}


@pytest.mark.parametrize("name", sorted(ODD_LAYOUTS))
def test_odd_layouts(name):
    source = ODD_LAYOUTS[name]
    for data in (source.encode(), b"\xef\xbb\xbf" + source.encode()):
        _assert_placed_alike(data, name)
