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

from torch_advise.records import dataclass

# Names whose presence makes a folder a repository's root (.git is a file in a worktree or a submodule).
REPOSITORY_MARKERS = (".git", ".hg", ".jj", ".sl", ".svn", ".bzr", "_darcs", ".pijul", ".fslckout", "_FOSSIL_")

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


def project_scope(start: Path, marked: Optional[dict[str, bool]] = None) -> ProjectScope:
    """The folders from `start` (a file stands for its folder) up to the project's bound.
    `marked`: what is known of folders holding a repository, kept across the calls of one run."""
    first = Path(os.path.abspath(start))
    if not first.is_dir():
        first = first.parent  # a file, or the path standard input is checked as
    homes = _home_folders()
    walked: list[Path] = []
    for folder in (first, *first.parents):
        walked.append(folder)
        if os.path.normcase(folder) in homes or _holds_repository(str(folder), marked):
            return ProjectScope(tuple(walked), vouched=True)
    return ProjectScope(_unmarked_folders(first), vouched=False)


def _home_folders() -> frozenset[str]:
    home = os.path.expanduser("~")
    if not os.path.isabs(home):
        return frozenset()
    spellings = {os.path.normcase(os.path.abspath(home)), os.path.normcase(os.path.realpath(home))}
    # A home at the filesystem's root (HOME=/ in some containers) would vouch for every folder.
    return frozenset(spelling for spelling in spellings if os.path.dirname(spelling) != spelling)


def _holds_repository(folder: str, marked: Optional[dict[str, bool]]) -> bool:
    if marked is None:
        return holds_repository(folder)
    known = marked.get(folder)
    if known is None:
        known = marked[folder] = holds_repository(folder)
    return known


def holds_repository(folder: str) -> bool:
    return any(os.path.lexists(os.path.join(folder, marker)) for marker in REPOSITORY_MARKERS)


def _unmarked_folders(first: Path) -> tuple[Path, ...]:
    try:
        current = Path(os.getcwd())
    except OSError:  # the current folder was removed
        return (first,)
    above = list(first.parents)
    if current not in above:
        return (first,)
    folders = [first]
    for folder in above[: above.index(current) + 1]:
        if _writable_by_others(folder):
            break
        folders.append(folder)
    return tuple(folders)


def _writable_by_others(folder: Path) -> bool:
    if not _POSIX:
        return False
    try:
        return bool(os.stat(folder).st_mode & stat.S_IWOTH)
    except OSError:
        return True
