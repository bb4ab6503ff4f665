"""Which files to lint: the files named, and the Python files and Jupyter notebooks under the
folders named."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Optional

from torch_advise.config import Settings, entry_excluded, entry_included
from torch_advise.lint.project_files import SKIPPED_FOLDERS

# What a folder walk checks: Python files, and notebooks, whose code cells are Python too.
NOTEBOOK_SUFFIX = ".ipynb"
WALKED_SUFFIXES = (".py", NOTEBOOK_SUFFIX)

class PathError(Exception):
    """A path that cannot be linted; the message is one line, e.g. "x.py: No such file or directory"."""

    def __init__(self, message: str, path: Optional[Path] = None) -> None:
        super().__init__(message)
        self.path = path


def discover(paths: list[str], settings: Settings, problems: Optional[list[PathError]] = None) -> list[Path]:
    """The files to lint, sorted and unique, spelled as the user spelled their paths.

    A file named explicitly is always linted (any extension, even if excluded); folders are
    walked for *.py and *.ipynb (and what `extend-include` adds) without following symlinked
    folders, so links cannot loop. What the walk cannot read (a folder without permission, a
    *.py link that loops, a FIFO named *.py) raises PathError, or, with `problems`, is added
    there and the walk goes on.
    """
    found: dict[str, Path] = {}
    for given in paths:
        path = Path(given)
        if path.is_dir():
            files = _walk(path, settings, problems)
        elif path.is_file():
            files = [path]
        elif path.exists():
            # Reading a FIFO or a device would wait forever or never end.
            raise PathError(f"{given}: not a regular file")
        else:
            raise PathError(f"{given}: No such file or directory")
        for file in files:
            found.setdefault(os.path.normcase(os.path.abspath(file)), file)
    return sorted(found.values(), key=lambda p: p.as_posix())


def _walk(top: Path, settings: Settings, problems: Optional[list[PathError]]) -> list[Path]:
    files: list[Path] = []
    pending = [top]

    def problem(error: PathError) -> None:
        if problems is None:
            raise error
        problems.append(error)

    while pending:
        folder = pending.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError as exc:
            problem(PathError(f"{folder}: {exc.strerror or exc}; nothing in it was checked", folder))
            continue
        for entry in entries:
            # Most entries of a large tree are neither folders nor files to check (headers, data,
            # caches): they cost one check here and no Path.
            if entry.is_dir(follow_symlinks=False):
                path = folder / entry.name
                if not _skipped_folder(path, settings):
                    pending.append(path)
            elif entry.name.endswith(WALKED_SUFFIXES) or (settings.extend_include and entry_included(settings, folder / entry.name)):
                path = folder / entry.name
                if entry_excluded(settings, path):
                    continue
                # is_file() answers from the folder listing for all but links: only what it
                # turns down costs a stat, to tell a link to nothing from a FIFO.
                try:
                    if entry.is_file():
                        files.append(path)
                        continue
                    mode = entry.stat().st_mode
                except FileNotFoundError:
                    continue  # a link to nothing: no file, nothing to check
                except OSError as exc:  # a link that loops
                    problem(PathError(f"{path}: {exc.strerror or exc}", path))
                    continue
                if not stat.S_ISDIR(mode):  # a linked folder is not walked, as everywhere here
                    # Reading a FIFO or a device would wait forever or never end.
                    problem(PathError(f"{path}: not a regular file", path))
    return files


def is_notebook(path: Path) -> bool:
    return path.name.endswith(NOTEBOOK_SUFFIX)


def _skipped_folder(path: Path, settings: Settings) -> bool:
    return (
        path.name in SKIPPED_FOLDERS
        or path.name.endswith(".egg-info")
        # os.path.exists, unlike Path.exists, answers False for a folder it may not look into.
        or os.path.exists(path / "pyvenv.cfg")
        or entry_excluded(settings, path)
    )
