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
