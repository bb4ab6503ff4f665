"""A notebook's JSON as text: where each cell's source is written in it, how to write a new
source there in the file's own layout, and where a character of a cell lies in the file.

A fixed notebook is not dumped again from the parsed document, which would change whatever
Jupyter or the user's tools wrote otherwise (indent width, key order, escapes, a trailing
newline): only the `source` values of the cells a fix changed are replaced, in place, and
every other byte of the file stays. The text was already read by json.loads, so it is valid
JSON; json's own scanners walk it here, at their speed.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from typing import Optional, Union

from torch_advise.records import dataclass

_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def _skip(text: str, at: int) -> int:
    match = _SPACE.match(text, at)
    assert match is not None  # the pattern matches the empty string
    return match.end()


def _members(text: str, at: int) -> dict[str, tuple[int, int]]:
    """The span of each member's value in the object at text[at], the last of a repeated key
    as json.loads keeps it."""
    spans: dict[str, tuple[int, int]] = {}
    at = _skip(text, at + 1)
    while text[at] != "}":
        key, at = _DECODER.raw_decode(text, at)
        start = _skip(text, _skip(text, at) + 1)
        end = _DECODER.raw_decode(text, start)[1]
        spans[key] = (start, end)
        at = _skip(text, end)
        if text[at] == ",":
            at = _skip(text, at + 1)
    return spans


def _elements(text: str, at: int) -> list[tuple[int, int]]:
    """The span of each element of the array at text[at]."""
    spans = []
    at = _skip(text, at + 1)
    while text[at] != "]":
        end = _DECODER.raw_decode(text, at)[1]
        spans.append((at, end))
        at = _skip(text, end)
        if text[at] == ",":
            at = _skip(text, at + 1)
    return spans


@dataclass(frozen=True)
class SourceValue:
    """Where one cell's `source` is written: the whole value, and each string literal of it
    (one for a string, one per element for a list)."""

    start: int
    end: int
    literals: tuple[tuple[int, int], ...]
    is_list: bool


def source_values(text: str) -> list[Optional[SourceValue]]:
    """For every cell, in order, where its source is written (None for a cell without one)."""
    cells_at = _members(text, _skip(text, 0))["cells"][0]
    values: list[Optional[SourceValue]] = []
    for cell_start, _ in _elements(text, cells_at):
        span = _members(text, cell_start).get("source")
        if span is None:
            values.append(None)
            continue
        start, end = span
        is_list = text[start] == "["
        values.append(SourceValue(start, end, tuple(_elements(text, start)) if is_list else ((start, end),), is_list))
    return values


def _raw_offset(text: str, literal_start: int, index: int) -> int:
    """Where the `index`th character of the string literal at `literal_start` is written."""
    at = literal_start + 1
    for _ in range(index):
        if text[at] != "\\":
            at += 1
        elif text[at + 1] != "u":
            at += 2
        else:
            # json reads a surrogate pair written as two escapes as one character.
            high = 0xD800 <= int(text[at + 2 : at + 6], 16) < 0xDC00
            at += 12 if high and text.startswith("\\u", at + 6) and 0xDC00 <= int(text[at + 8 : at + 12], 16) < 0xE000 else 6
    return at


class NotebookText:
    """A notebook file's text and the document json.loads read from it."""

    def __init__(self, text: str, document: dict) -> None:
        self.text = text
        self.document = document
        self._values: Optional[list[Optional[SourceValue]]] = None
        self._line_starts: Optional[list[int]] = None

    @property
    def values(self) -> list[Optional[SourceValue]]:
        # Walked only for a notebook with findings or fixes.
        if self._values is None:
            self._values = source_values(self.text)
        return self._values

    def position(self, cell_index: int, offset: int) -> tuple[int, int]:
        """The 1-based line and code-point column in the file of the character at `offset` of
        the source of cell `cell_index` (0-based among all cells)."""
        value = self.values[cell_index]
        assert value is not None  # only a code cell with code holds a finding
        source = self.document["cells"][cell_index]["source"]
        pieces = source if isinstance(source, list) else [source]
        ends = []
        total = 0
        for piece in pieces:
            total += len(piece)
            ends.append(total)
        which = min(bisect_right(ends, offset), len(pieces) - 1)
        before = ends[which - 1] if which else 0
        at = _raw_offset(self.text, value.literals[which][0], offset - before)
        if self._line_starts is None:
            self._line_starts = [0] + [match.end() for match in re.finditer("\n", self.text)]
        line = bisect_right(self._line_starts, at)
        return line, at - self._line_starts[line - 1] + 1


def _layout(text: str, value: SourceValue) -> tuple[str, str, str]:
    """How the array is laid out: what follows "[", what separates two elements (the comma
    with its spaces), what precedes "]"."""
    (first_start, first_end), last_end = value.literals[0], value.literals[-1][1]
    opening = text[value.start + 1 : first_start]
    between = text[first_end : value.literals[1][0]] if len(value.literals) > 1 else "," + opening
    return opening, between, text[last_end : value.end - 1]


def written_source(text: str, value: SourceValue, old: Union[str, list[str]], new: str) -> tuple[str, Union[str, list[str]]]:
    """The JSON text of `new` as the file would hold it in place of `value`, and the value
    json.loads will read from it.

    A list is split in lines as nbformat writes it; a line that was there before keeps its
    literal as written, escapes and all; a new one is escaped as the rest of the file is
    (non-ASCII characters as \\u escapes where the file writes none as they are).
    """
    ascii_only = text.isascii()
    if not value.is_list:
        return json.dumps(new, ensure_ascii=ascii_only), new
    lines = new.splitlines(keepends=True)
    if not lines:
        return "[]", []
    kept = {piece: text[start:end] for piece, (start, end) in zip(old, value.literals)}
    literals = [kept.get(line) or json.dumps(line, ensure_ascii=ascii_only) for line in lines]
    opening, between, closing = _layout(text, value)
    return "[" + opening + between.join(literals) + closing + "]", lines
