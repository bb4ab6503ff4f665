"""A project's files, as git lists them or a folder walk finds them, and a digest of their state.

Apart from the import analysis (importers.py) and free of pathlib and the parsers: a replayed
run (run_replay.py) checks the states of the projects its findings read before anything else of
the lint is loaded.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache

# Folders that hold tools' state, vendored or built code, or environments: never the user's
# training code, and often large.
SKIPPED_FOLDERS = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        "__pycache__",
        ".tox",
        ".nox",
        ".venv",
        "venv",
        "env",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        ".advise_cache",
        "node_modules",
        "site-packages",
        "build",
        "dist",
        ".eggs",
    }
)
# Names whose presence makes a folder a repository's root (.git is a file in a worktree or a submodule).
REPOSITORY_MARKERS = (".git", ".hg", ".jj", ".sl", ".svn", ".bzr", "_darcs", ".pijul", ".fslckout", "_FOSSIL_")
_MARKER_NAMES = frozenset(REPOSITORY_MARKERS)
# A folder walked for a project's files holding more than this is too large to read on every lint.
MOST_FILES = 50_000
GIT_TIMEOUT = 30
# Where a project's runs are launched with their options: shell and batch scripts, guides,
# configuration files, notebooks.
LAUNCH_SUFFIXES = (".sh", ".bash", ".zsh", ".slurm", ".sbatch", ".md", ".rst", ".yaml", ".yml", ".cfg", ".ipynb")
# The files a project's state is read from: its modules, the CUDA sources AMP002 reads, and
# where the options a finding depends on may be set.
STATE_SUFFIXES = (".py", ".cu", ".cuh", *LAUNCH_SUFFIXES)

_states: dict[str, str] = {}


def holds_repository(folder: str) -> bool:
    try:
        # One read of the folder costs less than a stat of each marker that is not there.
        return not _MARKER_NAMES.isdisjoint(os.listdir(folder))
    except OSError:  # a folder that can be passed through but not listed
        return any(os.path.lexists(os.path.join(folder, marker)) for marker in REPOSITORY_MARKERS)


@lru_cache(maxsize=16)
def project_files(folder: str, suffixes: tuple[str, ...]) -> tuple[str, ...]:
    """The project's files with these suffixes: in a git repository those git tracks or would
    track (what .gitignore leaves out, a virtual environment or downloaded code, is not the
    project's)."""
    if os.path.exists(os.path.join(folder, ".git")):
        import subprocess  # here, not at the top: only a repository's files are listed by git

        try:
            listed = subprocess.run(
                ["git", "-C", folder, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", *(f"*{s}" for s in suffixes)],
                capture_output=True, timeout=GIT_TIMEOUT, check=True,
            ).stdout
        except (OSError, subprocess.SubprocessError):
            pass
        else:
            return tuple(os.path.join(folder, os.fsdecode(name)) for name in listed.split(b"\0") if name)
    # Outside a repository the folder is only where a loose script sits (a downloads folder, a
    # home folder, /tmp): its project is that folder and the packages in it, not every tree below.
    loose = not holds_repository(folder)
    files: list[str] = []
    seen = 0
    for directory, folders, names in os.walk(folder, onerror=_raise):
        folders[:] = [
            f for f in folders
            if not f.startswith(".") and f not in SKIPPED_FOLDERS and (not loose or os.path.isfile(os.path.join(directory, f, "__init__.py")))
        ]
        seen += len(names)
        if seen > MOST_FILES:
            raise OSError(f"{folder}: more than {MOST_FILES} files, read as not known")
        files.extend(os.path.join(directory, name) for name in names if name.endswith(suffixes))
    return tuple(files)


def project_state(folder: str) -> str:
    """A digest of every file of the project that an answer about it may have read, by path,
    size and modification time: a finding that read the project holds while it is unchanged.
    Taken once a run: the state a run's answers saw is the one its entries are checked against."""
    state = _states.get(folder)
    if state is None:
        state = _states[folder] = _state_now(folder)
    return state


def states_taken() -> dict[str, str]:
    """The states this run has taken, by folder."""
    return dict(_states)


def forget_states() -> None:
    _states.clear()


def _state_now(folder: str) -> str:
    digest = hashlib.sha256()
    try:
        paths = sorted(project_files(folder, STATE_SUFFIXES))
    except OSError:
        # A folder that cannot be listed (a buffer named on stdin under a folder not yet made):
        # its answers were "not known", and hold while it stays so.
        return "unreadable"
    for path in paths:
        try:
            status = os.stat(path)
        except OSError:
            continue
        digest.update(f"{path}\0{status.st_size}\0{status.st_mtime_ns}\0".encode())
    return digest.hexdigest()


def _raise(error: OSError) -> None:
    raise error
