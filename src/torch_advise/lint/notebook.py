"""A Jupyter notebook (nbformat 4) read as one Python program, and written back after fixes.

The code cells are read together, in order, as Jupyter runs them into one namespace: a loader
built in one cell and iterated in another is one loader. Each cell's source, its IPython lines
masked (magics.py), ends with a line break of its own in the program, so every cell starts a
line and a position in the program is a cell, a line and a column. Markdown and raw cells are
not code and are left out.

While fixes are applied, the cells are tracked as spans of the program (CellSpans): a fix may
edit inside one cell, never across a boundary between two, never a masked IPython line, never
a cell another interpreter runs. What the fixes leave in each span is that cell's new source,
its masked lines given back, and only those cells' sources are rewritten in the file
(notebook_json). No libcst here, and json only: reading a notebook costs one json.loads.
"""

from __future__ import annotations

import codecs
import json
from bisect import bisect_right
from collections.abc import Sequence
from typing import Optional

from torch_advise.lint.magics import LINE, mask
from torch_advise.lint.notebook_json import NotebookText, written_source
from torch_advise.lint.splice import Region
from torch_advise.records import dataclass, field


class NotebookError(ValueError):
    """A file that is not a notebook advise can read; the message is one line."""


class NotebookWriteError(RuntimeError):
    """The fixed notebook would not read back as the notebook with only its sources changed:
    a fault of advise's, and nothing is written."""


@dataclass
class _Masked:
    """A masked line in the program: where it is and what the cell holds there."""

    start: int
    end: int  # after its line break, where it has one
    original: bytes


@dataclass
class CellSpan:
    """A code cell with code, as a span of the program's bytes."""

    index: int  # among all the notebook's cells, 0-based
    id: str
    start: int
    end: int  # after the cell's last line break, which the program adds where the cell has none
    synthetic_break: bool = False  # the program added it
    masked: list[_Masked] = field(default_factory=list)
    # Another interpreter's cell (a cell magic such as %%bash): no fix goes into it.
    foreign: bool = False
    # It opens with a cell magic (its first masked line), before which nothing may go.
    magic_first: bool = False

    def holds(self, source: bytes, region: Region) -> bool:
        """Whether the region of `source` edits only this cell, and leaves it ending a line
        so that the next cell still starts one."""
        if self.foreign or not self.start <= region.start <= region.end <= self.end:
            return False
        if self.magic_first and region.start <= self.masked[0].start:
            return False
        if any(_touches(region, line) for line in self.masked):
            return False
        if region.end < self.end:
            return True
        last = region.text[-1:] or (source[region.start - 1 : region.start] if region.start > self.start else b"\n")
        return last in (b"\n", b"\r")


def _touches(region: Region, line: _Masked) -> bool:
    """Whether the region edits the masked line, its line break, or inserts inside it (an
    insertion where it starts goes before it)."""
    if region.start == region.end:
        return line.start < region.start < line.end
    return region.start < line.end and region.end > line.start


def _line_count(data: bytes) -> int:
    """The line breaks in `data`, as Python counts them (CR LF, CR, LF)."""
    return data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")


class CellSpans:
    """The code cells as spans of the program, kept up to date as fixes edit it: the fence the
    engine asks before it applies a fix (engine.EditFence)."""

    def __init__(self, spans: list[CellSpan]) -> None:
        self.spans = spans

    def _holder(self, source: bytes, region: Region) -> Optional[CellSpan]:
        """The cell the region edits, if it edits one as a fix may: an insertion where one
        cell ends and the next starts opens the next."""
        holder = next((span for span in reversed(self.spans) if span.start <= region.start), None)
        return holder if holder is not None and holder.holds(source, region) else None

    def admits(self, source: bytes, regions: Sequence[Region]) -> bool:
        """Whether one fix's regions edit one cell: a fix that moves code from one cell to
        another changes what each does when it is run alone."""
        holders = [self._holder(source, region) for region in regions]
        return all(holders) and len({id(holder) for holder in holders}) <= 1

    def apply(self, source: bytes, regions: Sequence[Region]) -> bool:
        """Follow a pass of fixes, each of which the fence admitted, if each of the pass's
        regions still edits one cell; False, and nothing followed, otherwise."""
        holders = [self._holder(source, region) for region in regions]
        if not all(holders):
            return False
        # From the last region back, so that the offsets a region is placed by are still those
        # of the program it was made for.
        for region, holder in sorted(zip(regions, holders), key=lambda pair: pair[0].start, reverse=True):
            assert holder is not None
            shift = len(region.text) - (region.end - region.start)
            holder.end += shift
            for line in holder.masked:
                if line.start >= region.end:
                    line.start, line.end = line.start + shift, line.end + shift
            for span in self.spans[self.spans.index(holder) + 1 :]:
                span.start, span.end = span.start + shift, span.end + shift
                for line in span.masked:
                    line.start, line.end = line.start + shift, line.end + shift
        return True

    def sources(self, program: bytes) -> dict[int, str]:
        """Each cell's source in `program` (the one the spans now describe), its masked lines
        as the cell wrote them."""
        result = {}
        for span in self.spans:
            pieces, at = [], span.start
            for line in span.masked:
                pieces += [program[at : line.start], line.original]
                at = line.end
            pieces.append(program[at : span.end])
            text = b"".join(pieces)
            if span.synthetic_break and text.endswith(b"\n"):
                text = text[:-1]
            result[span.index] = text.decode("utf-8")
        return result

    def locator(self, program: bytes) -> Locator:
        return Locator(self.spans, program)


class Locator:
    """Program lines as cells' lines, for the program the spans describe."""

    def __init__(self, spans: list[CellSpan], program: bytes) -> None:
        self.spans = spans
        self.first_lines = [_line_count(program[: span.start]) + 1 for span in spans]
        # Each cell's last line (1-based, in the cell) and the column just after it.
        self.ends: dict[int, tuple[int, int]] = {}
        for span in spans:
            lines = LINE.findall(program[span.start : span.end].decode("utf-8"))
            self.ends[span.index] = (len(lines), len(lines[-1].rstrip("\r\n")) + 1)

    def cell(self, line: int) -> CellSpan:
        """The cell that holds a 1-based program line."""
        return self.spans[max(bisect_right(self.first_lines, line) - 1, 0)]

    def within(self, span: CellSpan, line: int, column: int) -> tuple[int, int]:
        """A program position in the cell's lines. One past the cell's last line (the end of
        a node that ran on into the next cell, the end of the program) is its last line's end;
        an edit's end just after the cell's own last line break stays where it is."""
        in_cell = line - self.first_lines[self.spans.index(span)] + 1
        last, after = self.ends[span.index]
        if in_cell > last and not (in_cell == last + 1 and column == 1):
            return last, after
        return in_cell, column


@dataclass
class Notebook:
    text: NotebookText
    program: bytes
    cells: CellSpans  # followed as fixes edit the program
    bom: bool

    def written(self, sources: dict[int, str]) -> bytes:
        """The notebook's bytes with these cells' sources (cell index -> source) in place of
        theirs, everything else as it was. Raises NotebookWriteError unless the result reads
        back as exactly that."""
        text, cells = self.text.text, self.text.document["cells"]
        expected = json.loads(text)
        pieces, at = [], 0
        values = self.text.values
        for index in sorted(sources):
            old = cells[index]["source"]
            if _source(cells[index], index + 1) == sources[index]:
                continue
            value = values[index]
            assert value is not None
            literal, expected["cells"][index]["source"] = written_source(text, value, old, sources[index])
            pieces += [text[at : value.start], literal]
            at = value.end
        pieces.append(text[at:])
        new = "".join(pieces)
        try:
            same = json.loads(new) == expected
        except (ValueError, RecursionError):
            same = False
        if not same:
            raise NotebookWriteError("the fixed notebook would not read back as the notebook with only its code changed; it was left as it was")
        return (codecs.BOM_UTF8 if self.bom else b"") + new.encode("utf-8")


def _source(cell: dict, number: int) -> str:
    source = cell.get("source", "")
    if isinstance(source, list) and all(isinstance(piece, str) for piece in source):
        return "".join(source)
    if not isinstance(source, str):
        raise NotebookError(f"cell {number}: its source is neither a string nor a list of strings")
    return source


def _document(raw: bytes) -> tuple[str, dict, bool]:
    bom = raw.startswith(codecs.BOM_UTF8)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise NotebookError(f"not UTF-8 (byte {error.start + 1})") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise NotebookError(f"invalid JSON ({error.msg} at line {error.lineno} column {error.colno})") from None
    except RecursionError:
        raise NotebookError("invalid JSON (nested too deeply to read)") from None
    if not isinstance(document, dict):
        raise NotebookError("not a Jupyter notebook (the JSON is not an object)")
    version = document.get("nbformat")
    if version != 4:
        found = "no nbformat" if version is None else f"nbformat {json.dumps(version)}"
        raise NotebookError(f"{found}, and advise reads nbformat 4 (`jupyter nbconvert --to notebook --inplace` upgrades it)")
    if not isinstance(document.get("cells"), list):
        raise NotebookError("not a Jupyter notebook (no list of cells)")
    return text, document, bom


def read_notebook(raw: bytes) -> Notebook:
    """The notebook in `raw`, its code cells joined into one program; NotebookError says in one
    line why it is not a notebook advise can read."""
    text, document, bom = _document(raw)
    pieces: list[bytes] = []
    spans: list[CellSpan] = []
    at = 0
    for index, cell in enumerate(document["cells"]):
        if not isinstance(cell, dict) or not isinstance(cell.get("cell_type"), str):
            raise NotebookError(f"cell {index + 1}: not a cell (no cell_type)")
        if cell["cell_type"] != "code":
            continue
        source = _source(cell, index + 1)
        if not source:
            continue
        masked = mask(source)
        try:
            code = masked.text.encode("utf-8")
        except UnicodeEncodeError:
            raise NotebookError(f"cell {index + 1}: its source holds a lone surrogate, which is no text") from None
        cell_id = cell.get("id")
        synthetic = not code.endswith((b"\n", b"\r"))
        if synthetic:
            code += b"\n"
        span = CellSpan(
            index,
            cell_id if isinstance(cell_id, str) else "",
            at,
            at + len(code),
            synthetic,
            foreign=masked.foreign,
            magic_first=source.lstrip().startswith("%%"),
        )
        line_at = at
        for number, (line, original) in enumerate(zip(LINE.findall(masked.text), LINE.findall(source)), 1):
            size = len(line.encode("utf-8"))
            if number in masked.lines:
                span.masked.append(_Masked(line_at, line_at + size, original.encode("utf-8")))
            line_at += size
        spans.append(span)
        pieces.append(code)
        at += len(code)
    return Notebook(NotebookText(text, document), b"".join(pieces), CellSpans(spans), bom)


def code_sources(raw: bytes) -> dict[int, str]:
    """The source of each code cell (cell index -> source), for showing what a fix changed."""
    _, document, _ = _document(raw)
    return {
        index: _source(cell, index + 1) for index, cell in enumerate(document["cells"]) if isinstance(cell, dict) and cell.get("cell_type") == "code"
    }


def cell_line(raw: bytes, line: int) -> Optional[tuple[int, int]]:
    """Where a line of the notebook's program is written: its cell (1-based among all the
    cells, as a finding names it) and its line there; None for a notebook that cannot be read."""
    try:
        notebook = read_notebook(raw)
    except NotebookError:
        return None
    if not notebook.cells.spans:
        return None
    locate = notebook.cells.locator(notebook.program)
    span = locate.cell(line)
    return span.index + 1, locate.within(span, line, 1)[0]
