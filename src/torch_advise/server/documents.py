"""What the server lints: an editor's Python file, notebook, or notebook file shown as text, as
the bytes and the path the engine checks, and where its findings and fixes land in the
documents the editor holds.

A notebook the client opens as a notebook document arrives as cells, each a text document of
its own: its cells are written into nbformat JSON, so the engine's notebook path lints them as
the one program Jupyter runs, and each finding lands in its cell. A `.ipynb` file the client
opens as plain text (an editor without notebook documents) is that JSON itself: its findings
land where the flagged code is written in the file, and only the whole-file fix applies to it,
since a single fix's edits are in the cells' text, not in the escaped JSON.
"""

from __future__ import annotations

import io
import json
import tokenize
from itertools import islice
from typing import Optional, Union

from torch_advise.finding import Finding, TextEdit
from torch_advise.lint.magics import LINE
from torch_advise.lint.notebook import code_sources
from torch_advise.records import dataclass

# Where a finding lands: the document's URI and a 1-based line and code-point column range.
Place = tuple[str, int, int, int, int]


def _range(finding: Finding) -> tuple[int, int, int, int]:
    # A file's own codes (E999 and the like) have no end: a point at their start.
    if not finding.end_line:
        return finding.line, finding.col, finding.line, finding.col
    return finding.line, finding.col, finding.end_line, finding.end_col


@dataclass(frozen=True)
class PythonFile:
    uri: str
    path: str
    text: str

    editable = True

    @property
    def source(self) -> bytes:
        return self.text.encode(_declared_encoding(self.text), errors="surrogatepass")

    @property
    def texts(self) -> dict[str, str]:
        return {self.uri: self.text}

    def place(self, finding: Finding) -> Optional[Place]:
        return (self.uri, *_range(finding))

    def document_of(self, edit: TextEdit) -> Optional[str]:
        return self.uri

    def fixed(self, fixed_source: bytes) -> dict[str, str]:
        return {self.uri: fixed_source.decode(_declared_encoding(self.text), errors="surrogatepass")}


def _declared_encoding(text: str) -> str:
    """The encoding a coding cookie declares (Python reads the bytes in it, and the engine's
    columns are of the text it decodes), else UTF-8."""
    head = "".join(match.group() for match in islice(LINE.finditer(text), 2)).encode("utf-8", errors="surrogatepass")
    try:
        encoding = tokenize.detect_encoding(io.BytesIO(head).readline)[0]
    except SyntaxError:
        return "utf-8"
    # utf-8-sig: the editor's text holds no byte order mark of its own to encode twice.
    if encoding in ("utf-8", "utf-8-sig"):
        return "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return "utf-8"  # what the cookie's encoding cannot hold, Python would refuse anyway
    return encoding


@dataclass(frozen=True)
class NotebookFile:
    """A `.ipynb` file opened as text: its JSON."""

    uri: str
    path: str
    text: str

    editable = False

    @property
    def source(self) -> bytes:
        return self.text.encode("utf-8", errors="surrogatepass")

    @property
    def texts(self) -> dict[str, str]:
        return {self.uri: self.text}

    def place(self, finding: Finding) -> Optional[Place]:
        if finding.file_region:
            line, col, end_line, end_col = finding.file_region
            return self.uri, line, col, end_line, end_col
        return (self.uri, *_range(finding))

    def document_of(self, edit: TextEdit) -> Optional[str]:
        return None

    def fixed(self, fixed_source: bytes) -> dict[str, str]:
        return {self.uri: fixed_source.decode("utf-8-sig", errors="surrogatepass")}


@dataclass(frozen=True)
class Cell:
    uri: str
    kind: str  # nbformat's cell_type: code, markdown or raw
    text: str


@dataclass(frozen=True)
class Notebook:
    """A notebook document: its cells in order, markdown ones too, as Jupyter numbers them."""

    uri: str
    path: str
    cells: tuple[Cell, ...]

    editable = True

    @property
    def source(self) -> bytes:
        # What the engine's notebook reader reads of a cell; no outputs, which it never looks at.
        cells = [{"cell_type": cell.kind, "id": str(index), "source": cell.text} for index, cell in enumerate(self.cells)]
        document = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
        return json.dumps(document).encode("ascii")

    @property
    def texts(self) -> dict[str, str]:
        return {cell.uri: cell.text for cell in self.cells}

    def _cell(self, number: int) -> Optional[str]:
        # What is not placed in a cell (a notebook advise could not read) goes to the first.
        if not 0 < number <= len(self.cells):
            return self.cells[0].uri if self.cells else None
        return self.cells[number - 1].uri

    def place(self, finding: Finding) -> Optional[Place]:
        uri = self._cell(finding.cell)
        return None if uri is None else (uri, *_range(finding))

    def document_of(self, edit: TextEdit) -> Optional[str]:
        return self._cell(edit.cell)

    def fixed(self, fixed_source: bytes) -> dict[str, str]:
        sources = code_sources(fixed_source)
        return {
            cell.uri: sources[index]
            for index, cell in enumerate(self.cells)
            if index in sources and sources[index] != cell.text
        }


Subject = Union[PythonFile, NotebookFile, Notebook]
