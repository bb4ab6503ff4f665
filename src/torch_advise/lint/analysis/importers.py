"""Which names other modules of the project import from a module.

A fix that changes what a module-level name is bound to (`from torch.cuda.amp import autocast`
becoming `from torch.amp import autocast`) keeps every use in the file right, but a module
that does `from train import autocast` and calls `autocast()` would then call the new callable
with the old arguments. Such a fix is proven safe only where no other module of the project
takes the name, which this answers by reading the project's import statements: the repository
the file is in (up to the folder holding .git or .hg, never above the user's home; in git, the
files it does not ignore), or its own folder outside any repository.

The answer errs one way only: a module of the same name elsewhere in the project counts as
this one, and so does any attribute read through an alias of it.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
from functools import lru_cache
from pathlib import Path
from typing import Optional

REPOSITORY_MARKERS = (".git", ".hg")
# Folders that hold other projects' code or build output, not modules of this one.
SKIPPED_FOLDERS = {"node_modules", "site-packages", "__pycache__", "build", "dist", "venv", "env"}
LARGEST_FILE = 4 * 1024 * 1024
GIT_TIMEOUT = 30
# Every name, for a star import or a module passed around whole.
EVERY_NAME = "*"


def project_folder(path: Path) -> Path:
    folder = Path(os.path.abspath(path)).parent
    home = Path.home()
    current = folder
    while True:
        if any((current / marker).exists() for marker in REPOSITORY_MARKERS):
            return current
        if current == home or current.parent == current:
            return folder
        current = current.parent


def names_imported_from(path: Path) -> Optional[set[str]]:
    """The names other modules of the project import from the module at `path` (EVERY_NAME
    for all of them); None when the project cannot be read."""
    try:
        importers = _importers(str(project_folder(path)), Path(path).stem)
    except OSError:
        return None
    own = os.path.abspath(path)
    return {name for importer, names in importers.items() if importer != own for name in names}


@lru_cache(maxsize=32)
def _importers(folder: str, module: str) -> dict[str, frozenset[str]]:
    """Each file of the project under `folder` that imports `module`, and the names it takes.
    Only the files with an import line naming the module are parsed."""
    named = re.compile(rb"^[ \t]*(?:from|import)[ \t][^\n]*\b" + re.escape(module.encode()) + rb"\b", re.MULTILINE)
    found: dict[str, frozenset[str]] = {}
    for importer in _python_files(folder):
        source = _read(importer)
        if source is not None and named.search(source):
            names = _imports_of(source).get(module)
            if names is not None:
                found[importer] = frozenset(names)
    return found


@lru_cache(maxsize=8)
def _python_files(folder: str) -> tuple[str, ...]:
    """The project's Python files: in a git repository those git tracks or would track (what
    .gitignore leaves out, a virtual environment or downloaded code, is not the project's)."""
    if os.path.exists(os.path.join(folder, ".git")):
        try:
            listed = subprocess.run(
                ["git", "-C", folder, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "*.py"],
                capture_output=True, timeout=GIT_TIMEOUT, check=True,
            ).stdout
        except (OSError, subprocess.SubprocessError):
            pass
        else:
            return tuple(os.path.join(folder, os.fsdecode(name)) for name in listed.split(b"\0") if name)
    files: list[str] = []
    for directory, folders, names in os.walk(folder, onerror=_raise):
        folders[:] = [f for f in folders if not f.startswith(".") and f not in SKIPPED_FOLDERS]
        files.extend(os.path.join(directory, name) for name in names if name.endswith(".py"))
    return tuple(files)


def _raise(error: OSError) -> None:
    raise error


def _read(path: str) -> Optional[bytes]:
    try:
        if os.path.getsize(path) > LARGEST_FILE:
            return None
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None


def _imports_of(source: bytes) -> dict[str, set[str]]:
    """module name -> the names this source takes from it."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    found: dict[str, set[str]] = {}
    modules: dict[str, str] = {}  # how the file refers to a module (`t`, `pkg.train`) -> its name
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.module is not None:
                names = {EVERY_NAME if a.name == "*" else a.name for a in node.names}
                found.setdefault(node.module.rsplit(".", 1)[-1], set()).update(names)
            for alias in node.names:
                # `from package import train`: perhaps the module itself, read through a name.
                modules[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                modules[alias.asname or alias.name] = alias.name.rsplit(".", 1)[-1]
    if modules:
        _attribute_reads(tree, modules, found)
    return found


def _attribute_reads(tree: ast.AST, modules: dict[str, str], found: dict[str, set[str]]) -> None:
    """`train.autocast` takes `autocast` from train; `train` handed on whole takes every name."""
    roots: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            dotted = _dotted(node.value)
            if dotted is not None and dotted in modules:
                found.setdefault(modules[dotted], set()).add(node.attr)
            root = node.value
            while isinstance(root, ast.Attribute):
                root = root.value
            roots.add(id(root))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in modules and id(node) not in roots and isinstance(node.ctx, ast.Load):
            found.setdefault(modules[node.id], set()).add(EVERY_NAME)


def _dotted(node: ast.expr) -> Optional[str]:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None
