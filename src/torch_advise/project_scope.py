"""The folders that belong to the project being linted: where its [tool.advise] and torch pin are looked for.

The search walks up from the linted paths, nearest folder first, and ends at the repository's
root (a folder holding .git, .hg or another version control marker) or at the user's home
folder, whichever comes first. Ruff walks up to the filesystem's root; a folder above those two
bounds is shared with other projects or other users, and a pyproject.toml someone left in /tmp
must not configure, or switch off, the lint of a project below it.

Outside every repository and the home folder nothing marks where a project begins, so the walk
goes up to the current folder when the linted paths lie in it (`cd project && advise src`), but
never into a folder anyone can write to (/tmp), and otherwise looks in the paths' own folder
alone. In such an unmarked scope a file another user owns is not taken for the project's own:
the configuration refuses it, the torch pin passes it over.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Optional

from torch_advise.lint.project_files import holds_repository
from torch_advise.records import dataclass

# Owners and permission bits from stat mean nothing on Windows, where access is decided by ACLs.
_POSIX = hasattr(os, "geteuid")


@dataclass(frozen=True)
class ProjectScope:
    folders: tuple[Path, ...]  # nearest first
    # Inside a repository or the home folder: whoever could write there, the files are the project's.
    vouched: bool

    def foreign_owner(self, path: Path) -> Optional[int]:
        """The user id of another user who owns `path` where nothing vouches for the scope's
        files; None when the file may be read as the project's (root's files always may)."""
        if self.vouched or not _POSIX:
            return None
        try:
            owner = os.stat(path).st_uid
        except OSError:
            return None  # whoever reads the file reports why it cannot
        return None if owner in (os.geteuid(), 0) else owner


class ScopeMemo:
    """The scopes one run has found, by folder: the files of a run share their folders, and a
    folder's scope inside a repository is the folder and its parent's scope."""

    def __init__(self) -> None:
        self.homes = _home_folders()
        self.scopes: dict[str, ProjectScope] = {}
        self.writable: dict[str, bool] = {}
        try:
            self.cwd: Optional[str] = os.getcwd()
        except OSError:
            self.cwd = None


def project_scope(start: Path, memo: Optional[ScopeMemo] = None) -> ProjectScope:
    """The folders from `start` (a file stands for its folder) up to the project's bound."""
    first = os.path.abspath(start)
    if not os.path.isdir(first):
        first = os.path.dirname(first)  # a file, or the path standard input is checked as
    memo = memo if memo is not None else ScopeMemo()
    known = memo.scopes.get(first)
    if known is not None:
        return known
    # Up to the nearest folder that bounds the project or whose scope is known.
    unknown: list[str] = []
    above: Optional[ProjectScope] = None
    folder = first
    while True:
        unknown.append(folder)
        if os.path.normcase(folder) in memo.homes or holds_repository(folder):
            bounded = True
            break
        parent = os.path.dirname(folder)
        above = memo.scopes.get(parent) if parent != folder else None
        if above is not None or parent == folder:
            bounded = above is not None and above.vouched
            break
        folder = parent
    for folder in reversed(unknown):
        if bounded:
            above = ProjectScope((Path(folder), *(above.folders if above is not None else ())), vouched=True)
        else:
            above = ProjectScope(_unmarked_folders(folder, memo), vouched=False)
        memo.scopes[folder] = above
    assert above is not None  # `unknown` holds `first` at least
    return above


def _home_folders() -> frozenset[str]:
    home = os.path.expanduser("~")
    if not os.path.isabs(home):
        return frozenset()
    spellings = {os.path.normcase(os.path.abspath(home)), os.path.normcase(os.path.realpath(home))}
    # A home at the filesystem's root (HOME=/ in some containers) would vouch for every folder.
    return frozenset(spelling for spelling in spellings if os.path.dirname(spelling) != spelling)


def _unmarked_folders(first: str, memo: ScopeMemo) -> tuple[Path, ...]:
    """`first`, and the folders above it up to the current folder where it lies below that,
    ending below the first one anyone can write to."""
    folders = [Path(first)]
    if memo.cwd is None:  # the current folder was removed
        return tuple(folders)
    above = []
    folder = first
    while folder != memo.cwd:
        parent = os.path.dirname(folder)
        if parent == folder:
            return tuple(folders)  # `first` is not below the current folder
        above.append(parent)
        folder = parent
    for folder in above:
        writable = memo.writable.get(folder)
        if writable is None:
            writable = memo.writable[folder] = _writable_by_others(folder)
        if writable:
            break
        folders.append(Path(folder))
    return tuple(folders)


def _writable_by_others(folder: str) -> bool:
    if not _POSIX:
        return False
    try:
        return bool(os.stat(folder).st_mode & stat.S_IWOTH)
    except OSError:
        return True
