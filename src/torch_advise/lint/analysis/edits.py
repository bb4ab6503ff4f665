"""The edits a fix is made of. Each names the original nodes it changes; lint/fixes.py applies them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

import libcst as cst


@dataclass(frozen=True)
class SetKeyword:
    """Give `call` the keyword argument `name=value`, replacing an existing value."""

    call: cst.Call
    name: str
    value: str


@dataclass(frozen=True)
class ReplaceNode:
    node: cst.CSTNode
    code: str


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
