"""IPython's own syntax in a notebook's code cell, masked so that Python's parser reads the rest.

What IPython runs itself is never parsed: a line magic (`%time step()`), a shell escape
(`!pip install x`, `files = !ls`), a magic whose result is assigned (`t = %timeit -o f()`), and
help (`?obj`, `obj??`). Each such line becomes a line Python reads as nothing, so the line count
stays and every other line keeps its number and its text: a comment where the line is not
indented, and `pass` at its own indentation inside a block, of which a magic may be the only
statement. A comment rather than `pass` at the top level, because a statement there would end
the leading imports a fix inserts its line after (`%matplotlib inline` opens many notebooks).
IPython recognises these only where a statement starts, so a line inside brackets, a string
over several lines or after a backslash is never one.

A cell magic (`%%bash`) hands its whole cell to another interpreter: the cell is masked whole.
The cell magics that run their body as Python in the notebook's own namespace (`%%time`,
`%%timeit`, `%%capture`, `%%prun`) mask their first line only, so their body is checked with
the rest of the notebook: a training loop timed with %%time is still the loop.
"""

from __future__ import annotations

import re
from typing import Optional

from torch_advise.records import dataclass

# Cell magics whose body is Python run in the notebook's namespace.
PYTHON_BODY_MAGICS = frozenset({"time", "timeit", "capture", "prun"})

LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
# No Python statement starts with these: IPython's magic, shell, help and autocall escapes.
_ESCAPES = ("%", "!", "?", "/", ",", ";")
# `x = !ls`, `a, b = %magic`: `=` then `!` or `%` starts no Python expression.
_ASSIGNED = re.compile(r"\s*[A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*\s*=\s*[!%]")
_CELL_MAGIC = re.compile(r"\s*%%(\w*)")
# A line masked at the top level: a comment, which Python and libcst read as no statement.
_NOTHING = "#"


@dataclass(frozen=True)
class Masked:
    text: str
    lines: frozenset[int]  # the masked lines, 1-based
    # The cell is another interpreter's (a cell magic): no fix may put Python into it.
    foreign: bool = False


def line_starts(text: str) -> list[int]:
    """The offset where each LINE of `text` starts, and the end of its last one."""
    starts = [0]
    for line in LINE.findall(text):
        starts.append(starts[-1] + len(line))
    return starts


def _string_end(text: str, at: int, quote: str) -> int:
    """Where the string opened with `quote` and continued at `at` ends (the index after its
    closing quote), or -1 when it does not end on this line."""
    while at < len(text):
        if text[at] == "\\":
            at += 2
        elif text.startswith(quote, at):
            return at + len(quote)
        else:
            at += 1
    return -1


def _scan(text: str, depth: int, quote: str) -> tuple[int, str, int]:
    """After a line (its ending excluded): brackets open, the string left open, and where its
    code ends (a comment excluded)."""
    at = 0
    while at < len(text):
        if quote:
            end = _string_end(text, at, quote)
            if end < 0:
                # A triple-quoted string goes on; a single-quoted one only after a backslash.
                keeps = len(quote) == 3 or text.endswith("\\")
                return depth, quote if keeps else "", len(text)
            at, quote = end, ""
            continue
        char = text[at]
        if char == "#":
            return depth, "", at
        if char in "'\"":
            quote = text[at : at + 3] if text[at : at + 3] in ('"""', "'''") else char
            at += len(quote)
            continue
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(depth - 1, 0)
        at += 1
    return depth, quote, len(text)


def _is_magic(text: str) -> bool:
    stripped = text.lstrip()
    return stripped.startswith(_ESCAPES) or _ASSIGNED.match(text) is not None


def _indent(text: str) -> str:
    return text[: len(text) - len(text.lstrip())]


def _masked(indent: str) -> str:
    """What a masked line becomes (see the module's docstring)."""
    return f"{indent}pass" if indent else _NOTHING


def mask(source: str) -> Masked:
    """The cell's source with IPython's lines masked (see the module's docstring)."""
    lines = LINE.findall(source)
    first = next((line for line in lines if line.strip()), "")
    cell_magic = _CELL_MAGIC.match(first)
    if cell_magic and cell_magic.group(1) not in PYTHON_BODY_MAGICS:
        nothing = "".join(_NOTHING + line[len(line.rstrip("\r\n")) :] for line in lines)
        return Masked(nothing, frozenset(range(1, len(lines) + 1)), foreign=True)
    out: list[str] = []
    masked: set[int] = set()
    depth, quote, continued = 0, "", False
    magic_indent: Optional[str] = None  # a magic's, while it goes on over backslashed lines
    for number, line in enumerate(lines, 1):
        text = line.rstrip("\r\n")
        newline = line[len(text) :]
        starts = depth == 0 and not quote and not continued
        if magic_indent is not None or (starts and _is_magic(text)):
            # A magic continued with a backslash is IPython's to its end, at its own indentation.
            magic_indent = _indent(text) if magic_indent is None else magic_indent
            masked.add(number)
            out.append(_masked(magic_indent) + newline)
            magic_indent = magic_indent if text.endswith("\\") else None
            continue
        depth, quote, code_end = _scan(text, depth, quote)
        code = text[:code_end].rstrip()
        continued = not quote and code.endswith("\\")
        if starts and depth == 0 and not quote and code.endswith("?"):
            # `obj?`, `obj??`: help, which no Python statement ends with.
            masked.add(number)
            out.append(_masked(_indent(text)) + newline)
            continue
        out.append(line)
    return Masked("".join(out), frozenset(masked))
