"""Positions in an editor's text: advise's 1-based lines and code-point columns, and LSP's
0-based lines and columns in the code units the client and server agreed on (UTF-16 unless the
client offered another encoding).

Lines are split as LSP and advise's engine split them, at `\\n`, `\\r\\n` and `\\r` only: a form
feed or U+2028 inside a line (which str.splitlines would break at) stays in it.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Callable

from lsprotocol import types

from torch_advise.lint.magics import line_starts

# The client's code units in a piece of text: what PositionCodec.client_num_units counts.
Units = Callable[[str], int]


class Text:
    """One document's text, as the positions in it are counted."""

    def __init__(self, text: str, units: Units) -> None:
        self.text = text
        self.units = units
        self.starts = line_starts(text)
        # The text ends a line (or is empty): a last, empty line follows, as editors show it.
        self.lines = [text[start:end].rstrip("\r\n") for start, end in zip(self.starts, self.starts[1:])]
        if not self.lines or text.endswith(("\n", "\r")):
            self.lines.append("")
        else:
            self.starts.pop()

    def line(self, number: int) -> str:
        """A 1-based line's text without its line break; '' past the end."""
        return self.lines[number - 1] if 0 < number <= len(self.lines) else ""

    def position(self, line: int, column: int) -> types.Position:
        """The LSP position of a 1-based line and code-point column; past the last line, the
        end of the text."""
        if line > len(self.lines):
            return types.Position(len(self.lines) - 1, self.units(self.lines[-1]))
        text = self.lines[max(line, 1) - 1]
        return types.Position(max(line, 1) - 1, self.units(text[: max(column, 1) - 1]))

    def range(self, line: int, column: int, end_line: int, end_column: int) -> types.Range:
        return types.Range(self.position(line, column), self.position(end_line, end_column))

    def offset_position(self, offset: int) -> types.Position:
        """The LSP position of a code-point offset into the text."""
        line = bisect_right(self.starts, offset) - 1
        return self.position(line + 1, offset - self.starts[line] + 1)


def replacement(old: Text, new: str) -> types.TextEdit:
    """One edit that turns `old` into `new`: the span between what they start and end with in
    common, so that an editor keeps its cursor and folds outside what changed."""
    before = old.text
    start = 0
    limit = min(len(before), len(new))
    while start < limit and before[start] == new[start]:
        start += 1
    end = 0
    while end < limit - start and before[-1 - end] == new[-1 - end]:
        end += 1
    # A position between the two characters of a \r\n is in no line: widen to the whole break.
    if 0 < start < len(before) and before[start - 1 : start + 1] == "\r\n":
        start -= 1
    if 0 < end < len(before) and before[-1 - end : len(before) - end + 1] == "\r\n":
        end -= 1
    return types.TextEdit(
        types.Range(old.offset_position(start), old.offset_position(len(before) - end)), new[start : len(new) - end]
    )
