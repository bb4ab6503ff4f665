"""The types a lint run is described and answered with. No libcst here: the CLI, the cache and
the runner build and read them without paying for the parser's import."""

from __future__ import annotations

import os
from enum import Enum
from pathlib import Path
from typing import Optional

from torch_advise.catalogue import Catalogue
from torch_advise.finding import Finding
from torch_advise.project_pin import PinMemo, project_torch
from torch_advise.records import dataclass, field, replace
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
    # The torch version comes from the project, not a flag or a setting: each file then takes the
    # pin of its own nearest declaring folder (a sub-project pins its own torch).
    pins_per_file: bool = False
    _folder_targets: dict[str, Target] = field(default_factory=dict, compare=False, repr=False)
    _pins: PinMemo = field(default_factory=PinMemo, compare=False, repr=False)

    def target_for(self, path: Path) -> Target:
        """The target one file is advised for: the run's, with the torch its own folder pins."""
        if not self.pins_per_file:
            return self.target
        folder = os.path.dirname(os.path.abspath(path))
        if folder not in self._folder_targets:
            pinned = project_torch(Path(folder), self._pins)
            self._folder_targets[folder] = self.target if pinned is None else replace(self.target, torch_version=pinned[0], torch_source=pinned[1])
        return self._folder_targets[folder]


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
    # The findings depend on the project's other files too: (its folder, project_files.project_state
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
