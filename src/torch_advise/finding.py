"""What a check reports, and what a user sees."""

from __future__ import annotations

from typing import Any, Optional

from torch_advise.records import dataclass, field


@dataclass(frozen=True)
class TextEdit:
    """Replace the text from (start_line, start_col) up to, not including, (end_line, end_col)
    with `text`. Lines and code-point columns are 1-based; an insertion has start == end. In a
    notebook they are the lines of `cell` (1-based among its cells); 0 elsewhere."""

    start_line: int
    start_col: int
    end_line: int
    end_col: int
    text: str
    cell: int = 0


@dataclass(frozen=True)
class Finding:
    """One finding at a source position.

    ``line`` and ``col`` are 1-based, as editors and ruff print them.
    ``fix`` is "safe", "unsafe" or None: what ``--fix`` (or ``--unsafe-fixes``) could do.
    ``fix_edits`` are the regions this finding's fix alone replaces, filled only when a report
    format carries fixes (SARIF, JSON).
    In a notebook, ``line`` and ``col`` are within ``cell`` (1-based among all its cells, as
    Jupyter lists them), ``cell_id`` is the cell's nbformat id, and ``file_region`` is where the
    flagged text is written in the notebook's own file: (line, col, end_line, end_col).
    """

    path: str
    line: int
    col: int
    code: str
    message: str
    end_line: int = 0
    end_col: int = 0
    slug: str = ""
    severity: str = "warning"
    fix: Optional[str] = None
    source_line: str = ""
    fix_edits: tuple[TextEdit, ...] = field(default=(), compare=False, hash=False)
    cell: int = 0
    cell_id: str = ""
    file_region: tuple[int, ...] = ()

    @property
    def sort_key(self) -> tuple:
        return (self.path, self.cell, self.line, self.col, self.code)

    @property
    def where(self) -> str:
        """The position as the text report shows it: `12:5`, in a notebook `cell 4:12:5`."""
        return f"cell {self.cell}:{self.line}:{self.col}" if self.cell else f"{self.line}:{self.col}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "col": self.col,
            "end_line": self.end_line,
            "end_col": self.end_col,
            "code": self.code,
            "slug": self.slug,
            "severity": self.severity,
            "message": self.message,
            # As ruff's JSON has it: null outside a notebook, where line and col are the file's.
            "cell": self.cell or None,
            "cell_id": self.cell_id or None,
            "fix": self.fix,
            # As ruff's JSON writes a fix: 1-based rows and columns, the end excluded.
            "edits": [
                {
                    "location": {"row": edit.start_line, "column": edit.start_col},
                    "end_location": {"row": edit.end_line, "column": edit.end_col},
                    "content": edit.text,
                    "cell": edit.cell or None,
                }
                for edit in self.fix_edits
            ],
            "page": f"rules/{self.code}-{self.slug}.md" if self.slug else None,
        }
