"""The lint as a library call, for the probe and for tools that embed it."""

from __future__ import annotations

import os
from typing import Optional

from torch_advise.finding import Finding
from torch_advise.lint.session import RunRequest, prepare, run


def lint_paths(
    paths: list[str],
    *,
    select: Optional[list[str]] = None,
    target: Optional[str] = None,
    torch_version: Optional[str] = None,
) -> list[Finding]:
    """Findings for `paths` with their configuration, as `advise PATHS` finds them; a file that
    cannot be read or parsed is a finding, not an exception, and a path that does not exist is
    skipped. Raises session.RunError for a configuration that cannot run. Never imports torch."""
    existing = tuple(path for path in paths if os.path.exists(path))
    if not existing:
        return []
    request = RunRequest(paths=existing, select=select, target=target, torch_version=torch_version)
    return run(prepare(request)).findings
