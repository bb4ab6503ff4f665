"""What a check reports, and what a user sees."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional


@dataclass(frozen=True)
class TextEdit:
    """Replace the text from (start_line, start_col) up to, not including, (end_line, end_col)
    with `text`. Lines and code-point columns are 1-based; an insertion has start == end."""

    start_line: int
    start_col: int
    end_line: int
    end_col: int
    text: str


@dataclass(frozen=True)
class Finding:
    """One finding at a source position.

    ``line`` and ``col`` are 1-based, as editors and ruff print them.
    ``fix`` is "safe", "unsafe" or None: what ``--fix`` (or ``--unsafe-fixes``) could do.
    ``fix_edits`` are the regions this finding's fix alone replaces, filled only when a report
    format carries fixes (SARIF, JSON).
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

    @property
    def sort_key(self) -> tuple:
        return (self.path, self.line, self.col, self.code)

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
            "fix": self.fix,
            # As ruff's JSON writes a fix: 1-based rows and columns, the end excluded.
            "edits": [
                {
                    "location": {"row": edit.start_line, "column": edit.start_col},
                    "end_location": {"row": edit.end_line, "column": edit.end_col},
                    "content": edit.text,
                }
                for edit in self.fix_edits
            ],
            "page": f"rules/{self.code}-{self.slug}.md" if self.slug else None,
        }
