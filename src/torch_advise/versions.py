"""Installed distributions' versions, read without importing them and mostly without
importlib.metadata, whose import and search cost start-up time on every run."""

from __future__ import annotations

import os
import re
import sys
from typing import Optional


def installed_version(distribution: str) -> Optional[str]:
    """The version of an installed distribution, or None when it is not installed.

    The name of a wheel's metadata folder on sys.path (`torch-2.13.0+cpu.dist-info`) gives it at
    once; importlib.metadata answers for other kinds of install.
    """
    wanted = _normalized(distribution)
    # Whether every place importlib.metadata would look was read here: then a distribution not
    # found is not installed, and its import and search (some 25 ms) are spared.
    searched_everywhere = True
    for entry in sys.path:
        if entry.endswith(".egg"):
            # An egg on the path, zipped or a folder, holds its metadata in EGG-INFO, which only
            # importlib.metadata reads.
            searched_everywhere = False
        try:
            names = os.listdir(entry or ".")
        except OSError:
            # A zip file on the path can hold distributions only importlib.metadata reads.
            searched_everywhere = searched_everywhere and not os.path.isfile(entry)
            continue
        for name in names:
            if name.endswith(".dist-info"):
                # `{name}-{version}.dist-info`; a wheel's name part holds no hyphen, a version none.
                found, _, version = name[: -len(".dist-info")].partition("-")
                if version and _normalized(found) == wanted:
                    return version
            elif name.endswith(".egg-info") and _normalized(name[: -len(".egg-info")].partition("-")[0]) == wanted:
                searched_everywhere = False  # an egg's version is best read by importlib.metadata
    if searched_everywhere:
        return None
    from importlib import metadata

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def _normalized(name: str) -> str:
    """A distribution name as packaging compares them: case, hyphens, dots and underscores aside."""
    return re.sub(r"[-_.]+", "_", name).lower()
