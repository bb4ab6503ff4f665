"""What a project's configuration sets a key to: `workers: 16` in every YAML file under
`configs/`, for `num_workers=cfg["workers"]` with `cfg = yaml.safe_load(f)`; `device: cuda` in
one of them, or `device = "cuda:0" if ... else "cpu"` in a configuration module, for
`.to(args["device"])` with `args` handed in from elsewhere.

The file a run loads is chosen on its command line, so a count of workers counts only where every
configuration file beside the script that sets it sets it to the same kind of value; one that
sets it otherwise, or to something other than a literal, makes it unknown. A device is asked
whether it can be CUDA, so one setting anywhere in the project that names CUDA answers.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Optional

from torch_advise.lint.analysis.importers import python_files, read_file
from torch_advise.lint.analysis.lightning_trainers import CONFIG_SUFFIXES
from torch_advise.lint.project_files import project_files

# Where Python source gives a setting a value that names a CUDA device: a module-level assignment
# (`device = "cuda" if torch.cuda.is_available() else "cpu"`), a key of a dict literal
# (`{"device": "cuda:0"}`) or a command-line option's default (`add_argument("--device",
# default="cuda")`), each on one line.
_PYTHON_CUDA_SETTINGS = (
    re.compile(rb"^([A-Za-z_]\w*)[ \t]*=[^=\n][^\n]*?[\"']cuda", re.M),
    re.compile(rb"[\"']([A-Za-z_]\w*)[\"'][ \t]*:[ \t]*[\"']cuda"),
    re.compile(rb"add_argument\([ \t]*[\"']--([\w-]+)[\"'][^\n]*?default[ \t]*=[ \t]*[\"']cuda"),
)
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


@lru_cache(maxsize=16)
def cuda_settings(folder: str) -> frozenset[str]:
    """The settings the project gives a value naming a CUDA device somewhere: keys of its YAML
    files (`device: cuda`) and names in its Python files (see _PYTHON_CUDA_SETTINGS)."""
    found = {
        key for key, values in configuration_settings(folder, folder).items()
        if any(value.strip(b"'\" ").startswith(b"cuda") for value in values)
    }
    for path in python_files(folder):
        source = read_file(path) or b""
        if b"cuda" in source:
            found.update(match.group(1).decode().replace("-", "_") for pattern in _PYTHON_CUDA_SETTINGS for match in pattern.finditer(source))
    return frozenset(found)
