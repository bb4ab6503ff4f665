"""Report formats: each module renders a Report to a stream."""

from __future__ import annotations

import importlib
from typing import Optional, TextIO

from torch_advise.catalogue import Catalogue
from torch_advise.finding import Finding
from torch_advise.records import dataclass, field
from torch_advise.target import Target

FORMATS = ("text", "json", "sarif", "github")


@dataclass
class Report:
    findings: list[Finding]
    files_checked: int
    target: Target
    catalogue: Catalogue
    fix_mode: Optional[str] = None  # "safe" or "unsafe" in a run that applies fixes (--fix)
    fixed: int = 0
    files_fixed: int = 0
    options: dict = field(default_factory=dict)
    baselined: int = 0  # findings hidden because the baseline holds them
    not_checked: list[str] = field(default_factory=list)  # files a fault inside advise left unchecked
    color: bool = False
    quiet: bool = False  # findings only: no header, no summary
    statistics: bool = False  # a count per rule instead of the findings
    snippets: bool = False  # the source line under each finding, as ruff's full format shows it

    def fixable(self, kind: str) -> int:
        return sum(1 for f in self.findings if f.fix == kind)


def render(name: str, report: Report, out: TextIO) -> None:
    module = importlib.import_module(f"torch_advise.report.{name}_format")
    module.render(report, out)
