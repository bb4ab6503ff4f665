"""Source positions of a few nodes, the same as libcst's PositionProvider gives, for less.

PositionProvider records a range for every node of the module and splits every token on
newlines as it goes; a file with findings needs the positions of a handful of nodes. This
generates code only as far as it must and notes where the wanted nodes start and end in the
token list, turning those indices into lines and columns at the end.

Given the file's text, it generates only the innermost statement around each node, as the
module would (the same indentation), and finds that text in the file: where it occurs once,
at the start of a line, that is the statement's place, since the module's code is the file's
text. A statement is generated alone exactly as the module generates it: libcst writes a
statement from its own fields and the indentation of the blocks around it, except an `elif`,
which is never taken alone. A statement whose text occurs more than once is tried again with
the statement around it, and the whole module is generated only for what no statement places.
Most findings sit in a function of a few hundred lines, so this generates a few lines instead
of everything above them.
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

from torch_advise.lint.analysis.walk import children

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


def positions(module: cst.Module, nodes: Iterable[cst.CSTNode], text: Optional[str] = None) -> dict[cst.CSTNode, CodeRange]:
    """The PositionProvider range of each node (1-based lines, 0-based columns). `text`: the
    module's code (the file's decoded text), which lets most nodes be placed by their statement."""
    wanted = set(nodes)
    result: dict[cst.CSTNode, CodeRange] = {}
    if text is not None and wanted:
        result = _by_statement(module, wanted, text, _line_starts(text))
    rest = wanted - result.keys()
    if rest:
        state = _Marks(default_indent=module.default_indent, default_newline=module.default_newline)
        state.wanted = rest
        try:
            module._codegen(state)
        except _AllFound:
            pass
        # Lines from the code generated, not from `text`: it may end in the line ending that a
        # file without a final one lacks, and PositionProvider counts that line.
        result.update(_ranges(state, 0, _line_starts("".join(state.tokens))))
    return result


def _line_starts(text: str) -> list[int]:
    return [0, *(match.end() for match in _NEWLINE.finditer(text))]


def _ranges(state: _Marks, base: int, line_starts: list[int]) -> dict[cst.CSTNode, CodeRange]:
    """The ranges of the nodes `state` generated, its first token being at offset `base`."""
    offsets = [0, *accumulate(len(token) for token in state.tokens)]

    def at(index: int) -> CodePosition:
        offset = base + offsets[index]
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


_LINE_LEVEL = (cst.SimpleStatementLine, cst.BaseCompoundStatement)


def _by_statement(
    module: cst.Module, wanted: set[cst.CSTNode], text: str, line_starts: list[int]
) -> dict[cst.CSTNode, CodeRange]:
    # innermost statement -> (the path from the module down to a node in it, the indices of
    # the path's statements innermost first, the wanted nodes in it)
    groups: dict[int, tuple[tuple[cst.CSTNode, ...], list[int], list[cst.CSTNode]]] = {}
    for node, ancestors in _ancestors(module, wanted).items():
        path = (*ancestors, node)
        levels = [i for i, step in enumerate(path) if isinstance(step, _LINE_LEVEL) and not _is_elif(path, i)][::-1]
        if levels:
            groups.setdefault(id(path[levels[0]]), (path, levels, []))[2].append(node)
    result: dict[cst.CSTNode, CodeRange] = {}
    for path, levels, nodes in groups.values():
        for level in levels:
            indents = [
                module.default_indent if block.indent is None else block.indent
                for block in path[:level]
                if isinstance(block, cst.IndentedBlock)
            ]
            placed = _placed(module, path[level], indents, nodes, text, line_starts)
            if placed is not None:
                result.update(placed)
                break
    return result


def _is_elif(path: tuple[cst.CSTNode, ...], index: int) -> bool:
    """An `elif` is an If in its parent's orelse, and only the parent knows to write it as
    `elif`: generated alone, it would read `if`."""
    return index > 0 and isinstance(path[index], cst.If) and isinstance(path[index - 1], cst.If)


def _ancestors(module: cst.Module, wanted: set[cst.CSTNode]) -> dict[cst.CSTNode, tuple[cst.CSTNode, ...]]:
    """The nodes above each wanted node, the module first; formatting is not searched."""
    ids = {id(node): node for node in wanted}
    found: dict[cst.CSTNode, tuple[cst.CSTNode, ...]] = {}
    path: list[cst.CSTNode] = []

    def search(node: cst.CSTNode) -> None:
        if id(node) in ids:
            found[node] = tuple(path)
            if len(found) == len(ids):
                raise _AllFound
        path.append(node)
        for child in children(node):
            search(child)
        path.pop()

    try:
        search(module)
    except _AllFound:
        pass
    return found


def _placed(
    module: cst.Module, statement: cst.CSTNode, indents: list[str], nodes: list[cst.CSTNode], text: str,
    line_starts: list[int],
) -> Optional[dict[cst.CSTNode, CodeRange]]:
    """The nodes' ranges, from `statement` generated alone as it is indented in the module, or
    None where that text does not occur exactly once at the start of a line of `text`."""
    state = _Marks(default_indent=module.default_indent, default_newline=module.default_newline)
    state.indent_tokens = indents
    state.wanted = set(nodes)
    try:
        statement._codegen(state)
    except _AllFound:
        pass
    generated = "".join(state.tokens)
    start = text.find(generated)
    if start < 0 or text.find(generated, start + 1) >= 0 or (start > 0 and text[start - 1] not in "\r\n"):
        return None
    return _ranges(state, start, line_starts)
