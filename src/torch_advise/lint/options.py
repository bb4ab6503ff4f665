"""The types a lint run is described and answered with. No libcst here: the CLI, the cache and
the runner build and read them without paying for the parser's import."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Optional

from torch_advise.catalogue import Catalogue
from torch_advise.finding import Finding
from torch_advise.target import Target


class FixMode(str, Enum):
    """Which fixes a run applies: `--fix` alone, or with `--unsafe-fixes`. The values are the
    fix safety the catalogue pages state."""

    SAFE = "safe"
    UNSAFE = "unsafe"


@dataclass(frozen=True)
class LintOptions:
    catalogue: Catalogue
    codes: frozenset[str]
    target: Target
    fix: Optional[FixMode] = None  # which fixes to apply; None: report only
    # Record each fixable finding's own replacement text (SARIF `fixes`); it applies every such
    # fix alone, so it is off unless a report format carries fixes.
    fix_replacements: bool = False


@dataclass
class FileResult:
    path: str
    findings: list[Finding]
    source: bytes
    fixed_source: Optional[bytes] = None
    fixed_count: int = 0
    parse_error: bool = False
    # A fault in advise itself while checking this file: reported, and the run goes on.
    internal_error: Optional[str] = None
    # The findings depend on the project's other files too: (its folder, importers.project_state
    # of it when they were read). This file's bytes alone cannot key them.
    project_state: Optional[tuple[str, str]] = None

    @property
    def changed(self) -> bool:
        return self.fixed_source is not None and self.fixed_source != self.source


def fixable(finding: Finding, fix: Optional[FixMode]) -> bool:
    """Whether --fix (FixMode.SAFE) or --fix --unsafe-fixes (FixMode.UNSAFE) would apply the finding's fix."""
    if fix is None:
        return False
    return finding.fix == FixMode.SAFE or (finding.fix == FixMode.UNSAFE and fix == FixMode.UNSAFE)
