"""The edits a fix is made of. Each names the original nodes it changes; lint/fixes.py applies them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Callable, Union

from torch_advise.lint.syntax_tree import nodes as cst
from torch_advise.records import dataclass

if TYPE_CHECKING:
    import libcst

# The libcst node that stands where a node of advise's tree stands (lint/fix_nodes.py).
Resolve = Callable[[cst.CSTNode], "libcst.CSTNode"]
# Code that can only be written on libcst's tree, whose layout it keeps: written when the fix is.
Deferred = Callable[[Resolve], str]


@dataclass(frozen=True)
class SetKeyword:
    """Give `call` the keyword argument `name=value`, replacing an existing value."""

    call: cst.Call
    name: str
    value: str


@dataclass(frozen=True)
class ReplaceNode:
    node: cst.CSTNode
    code: Union[str, Deferred]


@dataclass(frozen=True)
class InsertBefore:
    """Insert statements (source text, one per line) before `statement`, at its indentation."""

    statement: cst.CSTNode
    code: str


@dataclass(frozen=True)
class SwapStatements:
    first: cst.CSTNode
    second: cst.CSTNode


@dataclass(frozen=True)
class EnsureImport:
    """`import <module>` at module level, unless the module is already bound to its own name."""

    module: str


@dataclass(frozen=True)
class InsertAfterImports:
    code: str


Edit = Union[SetKeyword, ReplaceNode, InsertBefore, SwapStatements, EnsureImport, InsertAfterImports]


def edits_overlap(first: Sequence[Edit], second: Sequence[Edit]) -> bool:
    """Two fixes that name the same node may not both apply in one pass."""

    def nodes(edits: Sequence[Edit]) -> set[int]:
        found: set[int] = set()
        for edit in edits:
            if isinstance(edit, ReplaceNode):
                found.add(id(edit.node))
            elif isinstance(edit, SwapStatements):
                found.update((id(edit.first), id(edit.second)))
        return found

    return bool(nodes(first) & nodes(second))
