"""Lints a notebook: its code cells as one program (notebook.py), findings placed in cells.

A finding names its cell (1-based among all the notebook's cells, markdown too, as Jupyter
lists them and ruff numbers them), the cell's nbformat id, its line and column in the cell,
and, for the formats that point into files (SARIF, GitHub), where those characters are written
in the notebook's own file. A fix edits the program under the cells' fence and is written back
into only the cells it changed.
"""

from __future__ import annotations

import json
from typing import Optional

from torch_advise import records
from torch_advise.finding import Finding, TextEdit
from torch_advise.lint.engine import PARSE_ERROR, lint_source, python_parse, python_refusal
from torch_advise.lint.magics import line_starts
from torch_advise.lint.notebook import Locator, read_notebook
from torch_advise.lint.notebook_json import NotebookText
from torch_advise.lint.options import FileResult, LintOptions


class _Placer:
    """Program positions as cells' positions, in the notebook as it is after the run."""

    def __init__(self, locate: Locator, text: NotebookText, sources: dict[int, str]) -> None:
        self.locate = locate
        self.text = text
        self.line_starts = {index: line_starts(source) for index, source in sources.items()}

    def _in_file(self, index: int, line: int, column: int) -> tuple[int, int]:
        return self.text.position(index, self.line_starts[index][line - 1] + column - 1)

    def finding(self, finding: Finding) -> Finding:
        span = self.locate.cell(finding.line)
        line, column = self.locate.within(span, finding.line, finding.col)
        end_line = end_column = 0
        region = self._in_file(span.index, line, column) * 2
        if finding.end_line:
            end_line, end_column = self.locate.within(span, finding.end_line, finding.end_col)
            region = (*region[:2], *self._in_file(span.index, end_line, end_column))
        return records.replace(
            finding,
            line=line,
            col=column,
            end_line=end_line,
            end_col=end_column,
            cell=span.index + 1,
            cell_id=span.id,
            file_region=region,
            fix_edits=tuple(self._edit(edit) for edit in finding.fix_edits),
        )

    def _edit(self, edit: TextEdit) -> TextEdit:
        # The fence kept every edit of a fix in one cell.
        span = self.locate.cell(edit.start_line)
        line, column = self.locate.within(span, edit.start_line, edit.start_col)
        end_line, end_column = self.locate.within(span, edit.end_line, edit.end_col)
        return TextEdit(line, column, end_line, end_column, edit.text, cell=span.index + 1)


def _cell_refused(path: str, program: bytes, locate: Locator) -> Optional[Finding]:
    """Python's refusal of the first cell it refuses on its own, placed in the program: where
    the program reads on from one cell into the next (a bracket left open), Python points into
    the next cell, and Jupyter, which runs each cell alone, at this one."""
    for span, first_line in zip(locate.spans, locate.first_lines):
        try:
            python_parse(program[span.start : span.end])
        except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
            refusal = python_refusal(path, error)
            return records.replace(refusal, line=refusal.line + first_line - 1)
    return None


def lint_notebook(path: str, raw: bytes, options: LintOptions, ignored: frozenset[str] = frozenset()) -> FileResult:
    """Findings for one notebook's bytes and, when options.fix is set, the fixed bytes;
    notebook.NotebookError when they are not a notebook advise can read."""
    notebook = read_notebook(raw)
    fence = notebook.cells
    result = lint_source(path, notebook.program, options, ignored, fence)
    program = result.fixed_source if result.fixed_source is not None else notebook.program
    sources = fence.sources(program)
    fixed = notebook.written(sources) if result.changed else None
    text = notebook.text
    if fixed is not None:
        fixed_text = fixed.decode("utf-8-sig")
        text = NotebookText(fixed_text, json.loads(fixed_text))
    locate = fence.locator(program)
    findings = result.findings
    if any(finding.code == PARSE_ERROR for finding in findings):
        findings = [_cell_refused(path, program, locate) or finding for finding in findings]
    placer = _Placer(locate, text, sources)
    return FileResult(
        path,
        [placer.finding(finding) for finding in findings],
        raw,
        fixed_source=fixed,
        fixed_count=result.fixed_count,
        parse_error=result.parse_error,
        project_state=result.project_state,
    )
