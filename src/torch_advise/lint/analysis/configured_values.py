"""What a project's YAML configuration files set a key to: `workers: 16` in every file under
`configs/`, for `num_workers=cfg["workers"]` with `cfg = yaml.safe_load(f)`.

The file a run loads is chosen on its command line, so a key counts only where every
configuration file beside the script that sets it sets it to the same kind of value; one that
sets it otherwise, or to something other than a literal, makes it unknown.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Optional

from torch_advise.lint.analysis.importers import read_file
from torch_advise.lint.analysis.lightning_trainers import CONFIG_SUFFIXES
from torch_advise.lint.project_files import project_files

_KEY = re.compile(rb"^[ \t]*([A-Za-z_][\w-]*)[ \t]*:[ \t]*([^\s#][^#\n]*?)?[ \t]*(?:#.*)?$", re.M)


@lru_cache(maxsize=64)
def configuration_settings(folder: str, beside: str) -> dict[str, tuple[bytes, ...]]:
    """Every value each key is given in the configuration files under `beside`."""
    under = os.path.join(beside, "")
    found: dict[str, list[bytes]] = {}
    for path in project_files(folder, CONFIG_SUFFIXES):
        if path.startswith(under):
            for match in _KEY.finditer(read_file(path) or b""):
                found.setdefault(match.group(1).decode(), []).append(match.group(2) or b"")
    return {key: tuple(values) for key, values in found.items()}


def configured_positive(folder: str, beside: str, key: str) -> Optional[bool]:
    """True where every configuration file under `beside` that sets `key` sets it to a positive
    integer, False where they all set it to 0, None where none sets it or they disagree."""
    values = configuration_settings(folder, beside).get(key)
    if not values or not all(re.fullmatch(rb"\d+", value.strip()) for value in values):
        return None
    numbers = {int(value) > 0 for value in values}
    return numbers.pop() if len(numbers) == 1 else None
