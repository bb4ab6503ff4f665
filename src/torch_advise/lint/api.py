"""The lint as a library call, for the probe and for tools that embed it."""

from __future__ import annotations

import os
from typing import Optional

from torch_advise.catalogue import load_catalogue
from torch_advise.config import Settings, load_settings
from torch_advise.finding import Finding
from torch_advise.lint.runner import LintOptions, lint_files
from torch_advise.target import Target, resolve_target


def default_options(settings: Settings, target: Optional[Target] = None) -> LintOptions:
    catalogue = load_catalogue()
    return LintOptions(
        catalogue=catalogue,
        codes=frozenset(catalogue.select(settings.select, settings.ignore)),
        target=target or resolve_target(config_target=settings.target, config_torch=settings.torch_version),
    )


def lint_paths(paths: list[str], settings: Optional[Settings] = None, target: Optional[Target] = None) -> list[Finding]:
    """Findings for `paths` with their configuration; a file that cannot be read or parsed is a
    finding, not an exception, and a path that does not exist is skipped. Never imports torch."""
    paths = [path for path in paths if os.path.exists(path)]
    if not paths:
        return []
    settings = settings or load_settings(paths)
    options = default_options(settings, target)
    findings: list[Finding] = []
    for result in lint_files(paths, settings, options):
        findings.extend(result.findings)
    return findings
