"""Positions for findings agree with libcst's PositionProvider, node for node."""

from __future__ import annotations

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from torch_advise.lint.positions import positions

from conftest import FIXTURES

SOURCES = sorted(p for p in (FIXTURES / "lint").rglob("*.py") if not p.name.endswith(".fixed.py"))[::3]


def _all_nodes(module: cst.Module) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []

    class Collector(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            found.append(node)
            return True

    module.visit(Collector())
    return found


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_every_node_has_the_position_libcst_gives(source):
    module = cst.parse_module(source.read_bytes())
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    nodes = _all_nodes(module)
    assert positions(module, nodes) == {node: expected[node] for node in nodes}


def test_a_few_nodes_in_crlf_source():
    module = cst.parse_module(b"import torch\r\n\r\ndef f(x):\r\n    return torch.zeros(3).cuda()\r\n")
    calls = [n for n in _all_nodes(module) if isinstance(n, cst.Call)]
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    assert positions(module, calls) == {call: expected[call] for call in calls}
    assert positions(module, calls[:1])[calls[0]].start.line == 4


def test_nodes_early_in_a_file_need_only_the_code_before_them():
    source = "import torch\n\nx = torch.zeros(3).cuda()\n" + "y = 1\n" * 2000
    module = cst.parse_module(source)
    call = next(n for n in _all_nodes(module) if isinstance(n, cst.Call))
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)[call]
    assert positions(module, [call]) == {call: expected}


def _expected(module: cst.Module) -> dict:
    return MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)


PLACED_ONE_BY_ONE = (cst.Call, cst.Attribute, cst.Arg, cst.SimpleStatementLine, cst.BaseCompoundStatement, cst.IndentedBlock)


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_with_the_text_every_node_alone_has_the_position_libcst_gives(source):
    data = source.read_bytes()
    module = cst.parse_module(data)
    text = data.decode(module.encoding)
    expected = _expected(module)
    nodes = [n for n in _all_nodes(module) if isinstance(n, PLACED_ONE_BY_ONE)]
    assert nodes
    for node in nodes:
        assert positions(module, [node], text)[node] == expected[node], module.code_for_node(node)
    assert positions(module, _all_nodes(module), text) == {node: expected[node] for node in _all_nodes(module)}


ODD_LAYOUTS = {
    # The same statement, at the same indentation, in two functions: its own text is not enough.
    "twice": "import torch\n\ndef a():\n    x = torch.zeros(3).cuda()\n\ndef b():\n    x = torch.zeros(3).cuda()\n",
    # Two identical functions: only the module places them.
    "identical": "class A:\n    def f(self):\n        return g(1)\n\nclass B:\n    def f(self):\n        return g(1)\n",
    "crlf": "import torch\r\n\r\ndef f(x):\r\n    # a comment\r\n    return torch.zeros(3).cuda()\r\n",
    "cr": "import torch\rdef f(x):\r    return torch.zeros(3).cuda()\r",
    "tabs": "def f(x):\n\tif x:\n\t\ty = x.cuda()\n\treturn y\n",
    "mixed": "class A:\n  def f(self):\n      for i in range(3):\n       g(i)\n",
    "no final newline": "def f():\n    return g(1)",
    "one line": "g(1); g(1)",
    "comment lines": "def f():\n    # one\n\n    # two\n    g(1)\n    # trailing, owned by the block\n# after\ng(2)\n",
    # Generated alone, the elif would read `if b:`, which the file holds once, further down.
    "elif": "def f():\n    if a:\n        pass\n    elif b:\n        g(1)\n    if b:\n        g(1)\n",
    "suite": "if x: g(1)\nelse: g(2)\nwhile y: g(1)\n",
    "decorated": "@d(1)\n@d(2)\n\ndef f():\n    g(1)\n",
    "strings": 'x = """\ng(1)\n"""\ng(1)\n',
    "unicode": "s = 'héllo wörld'; t = g('é')\ndef f():\n    return g('ü', 'é')\n",
}


@pytest.mark.parametrize("name", sorted(ODD_LAYOUTS))
def test_odd_layouts_every_node_alone(name):
    source = ODD_LAYOUTS[name]
    for data in (source.encode(), b"\xef\xbb\xbf" + source.encode()):
        module = cst.parse_module(data)
        text = data.decode(module.encoding)
        expected = _expected(module)
        # The module's own range is left out: in a file without a final line ending,
        # PositionProvider ends it on a line the file does not have.
        for node in _all_nodes(module)[1:]:
            assert positions(module, [node], text).get(node) == expected[node], (name, module.code_for_node(node))
