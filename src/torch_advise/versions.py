"""Installed distributions' versions, read without importing them and mostly without
importlib.metadata, whose import and search cost start-up time on every run."""

from __future__ import annotations

import os
import sys
from typing import Optional


def installed_version(distribution: str) -> Optional[str]:
    """The version of an installed distribution, or None when it is not installed.

    The name of a wheel's metadata folder on sys.path (`torch-2.13.0+cpu.dist-info`) gives it at
    once; importlib.metadata answers for other kinds of install.
    """
    # Folder names spell the distribution with underscores for hyphens; case may differ.
    prefix = distribution.replace("-", "_").lower() + "-"
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.endswith(".dist-info") and name.replace("-", "_", name.count("-") - 1).lower().startswith(prefix):
                return name[len(prefix) : -len(".dist-info")]
    from importlib import metadata

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None
