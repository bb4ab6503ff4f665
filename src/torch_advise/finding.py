"""What a check reports, and what a user sees."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional


@dataclass(frozen=True)
class Finding:
    """One finding at a source position.

    ``line`` and ``col`` are 1-based, as editors and ruff print them.
    ``fix`` is "safe", "unsafe" or None: what ``--fix`` (or ``--unsafe-fixes``) could do.
    ``extra["fix_replacements"]`` holds the regions this finding's fix alone replaces, filled only
    when a report format carries fixes (SARIF).
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
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

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
        }
