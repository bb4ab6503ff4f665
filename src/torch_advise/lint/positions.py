"""Source positions of a few nodes, the same as libcst's PositionProvider gives, for less.

PositionProvider records a range for every node of the module and splits every token on
newlines as it goes; a file with findings needs the positions of a handful of nodes. This
generates the code once, notes where the wanted nodes start and end in the token list, and
turns those indices into lines and columns at the end.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Optional

import libcst as cst
from libcst._nodes.internal import CodegenState
from libcst.metadata import CodePosition, CodeRange

_NEWLINE = re.compile(r"\r\n?|\n")


class _AllFound(Exception):
    """Raised once every wanted node is generated: the rest of the file is not needed."""


@dataclass
class _Marks(CodegenState):
    wanted: set[cst.CSTNode] = field(default_factory=set)
    # node -> (first token index, token index after it), syntactic where the node says so
    syntactic: dict[cst.CSTNode, tuple[int, int]] = field(default_factory=dict)
    whole: dict[cst.CSTNode, tuple[int, int]] = field(default_factory=dict)
    hoisted: dict[cst.CSTNode, tuple[Optional[cst.CSTNode], Optional[cst.CSTNode]]] = field(default_factory=dict)
    _starts: list[int] = field(default_factory=list)

    def before_codegen(self, node: cst.CSTNode) -> None:
        if node in self.wanted:
            self._starts.append(len(self.tokens))

    def after_codegen(self, node: cst.CSTNode) -> None:
        if node in self.wanted:
            self.whole[node] = (self._starts.pop(), len(self.tokens))
            if len(self.whole) == len(self.wanted):
                raise _AllFound

    @contextmanager
    def record_syntactic_position(
        self,
        node: cst.CSTNode,
        *,
        start_node: Optional[cst.CSTNode] = None,
        end_node: Optional[cst.CSTNode] = None,
    ) -> Iterator[None]:
        if node not in self.wanted:
            yield
            return
        # A compound statement takes its start or end from a child: want that child too.
        for child in (start_node, end_node):
            if child is not None:
                self.wanted.add(child)
        if start_node is not None or end_node is not None:
            self.hoisted[node] = (start_node, end_node)
        start = len(self.tokens)
        try:
            yield
        finally:
            self.syntactic[node] = (start, len(self.tokens))


def positions(module: cst.Module, nodes: Iterable[cst.CSTNode]) -> dict[cst.CSTNode, CodeRange]:
    """The PositionProvider range of each node (1-based lines, 0-based columns)."""
    state = _Marks(default_indent=module.default_indent, default_newline=module.default_newline)
    state.wanted = set(nodes)
    try:
        module._codegen(state)
    except _AllFound:
        pass
    offsets = [0, *accumulate(len(token) for token in state.tokens)]
    text = "".join(state.tokens)
    line_starts = [0, *(match.end() for match in _NEWLINE.finditer(text))]

    def at(index: int) -> CodePosition:
        offset = offsets[index]
        line = bisect_right(line_starts, offset)
        return CodePosition(line, offset - line_starts[line - 1])

    def bounds(node: cst.CSTNode) -> tuple[int, int]:
        start, end = state.syntactic.get(node) or state.whole[node]
        start_node, end_node = state.hoisted.get(node, (None, None))
        if start_node is not None:
            start = bounds(start_node)[0]
        if end_node is not None:
            end = bounds(end_node)[1]
        return start, end

    result: dict[cst.CSTNode, CodeRange] = {}
    for node in state.wanted:
        if node in state.syntactic or node in state.whole:
            start, end = bounds(node)
            result[node] = CodeRange(at(start), at(end))
    return result
