"""Which names other modules of the project import from a module.

A fix that changes what a module-level name is bound to (`from torch.cuda.amp import autocast`
becoming `from torch.amp import autocast`) keeps every use in the file right, but a module
that does `from train import autocast` and calls `autocast()` would then call the new callable
with the old arguments. Such a fix is proven safe only where no other module of the project
takes the name, nor a notebook's code cells, which this answers by reading the project's import
statements: the repository the file is in (project_scope's bound: never above the user's home;
in git, the files it does not ignore), or its own folder outside any repository.

An import names a module by a dotted name, which fits every file whose path ends in those
names (`from pkg.train import x` fits any `.../pkg/train.py`), or relative to the importing
file, which fits one file. A star import takes the names of the module's literal `__all__`, or
every name. The answer errs one way only: a module that may be this one counts as this one.
"""

from __future__ import annotations

import ast
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Optional

from torch_advise.lint.notebook import NotebookError, read_notebook
from torch_advise.lint.project_files import LAUNCH_SUFFIXES, holds_repository, project_files
from torch_advise.project_scope import project_scope
from torch_advise.records import dataclass

LARGEST_FILE = 4 * 1024 * 1024
NOTEBOOK_SUFFIX = ".ipynb"
# Every name, for a module passed around whole or a star import of a module without __all__.
EVERY_NAME = "*"
_STAR = "<star>"


def project_folder(path: Path) -> Path:
    """The repository the file is in (project_scope: never above the home folder), or the
    file's own folder outside every repository."""
    scope = project_scope(path)
    if scope.vouched and holds_repository(str(scope.folders[-1])):
        return scope.folders[-1]
    return Path(os.path.abspath(path)).parent


@dataclass(frozen=True)
class ModuleReference:
    """How an import names a module: dotted names, from a folder when the import is relative."""

    parts: tuple[str, ...]
    folder: Optional[str] = None  # the folder a relative import starts from

    def fits(self, module: tuple[str, ...]) -> bool:
        """Whether it may name the module whose path, without `.py`, is `module`."""
        if self.folder is not None:
            return module == (*Path(self.folder).parts, *self.parts)
        return module[-len(self.parts) :] == self.parts

    def reaches(self, module: tuple[str, ...], importer: str) -> bool:
        """Whether the import, in the file `importer`, can name `module` as Python would find it:
        an absolute import from a folder on `sys.path` when the importer runs, which is its own
        folder or one above it (a script's folder, the folder it is run from, an installed
        project's root), or a `src` folder (the src layout). `from engine import ...` in
        `detection/train.py` does not reach `classification/engine.py`."""
        if not self.fits(module):
            return False
        if self.folder is not None:
            return True
        root = module[: len(module) - len(self.parts)]
        above = Path(importer).parent.parts
        return above[: len(root)] == root or (bool(root) and root[-1] == "src")


def module_parts(path: str) -> tuple[str, ...]:
    """The module a file is, as the names an import of it may end in: a package's `__init__.py`
    is the package."""
    parts = Path(path).with_suffix("").parts
    return parts[:-1] if parts[-1] == "__init__" else parts


def names_imported_from(path: Path) -> Optional[set[str]]:
    """The names other modules of the project import from the module at `path` (EVERY_NAME
    for all of them); None when the project cannot be read."""
    absolute = os.path.abspath(path)
    module = module_parts(absolute)
    try:
        found = importers_of(str(project_folder(path)), module[-1])
    except OSError:
        return None
    names: set[str] = set()
    for importer, taken in found.items():
        if importer == absolute:
            continue
        for reference, taken_names in taken:
            if reference.fits(module):
                names |= taken_names
    if _STAR in names:
        names.discard(_STAR)
        exported = _literal_all(absolute)
        names |= {EVERY_NAME} if exported is None else exported
    return names


@lru_cache(maxsize=32)
def importers_of(folder: str, name: str) -> dict[str, tuple[tuple[ModuleReference, frozenset[str]], ...]]:
    """Each file of the project under `folder` that imports a module called `name`, with the
    names it takes from it. Only the files with an import line naming it are parsed."""
    found = {}
    for importer in import_line_words(folder).get(name.encode(), ()):
        imports = _file_imports(importer)
        taken = tuple((reference, frozenset(names)) for reference, names in imports.items() if reference.parts[-1] == name)
        if taken:
            found[importer] = taken
    return found


_IMPORT_LINE = re.compile(rb"^[ \t]*(?:from|import)[ \t][^\n]*", re.MULTILINE)
# In a notebook's JSON a line of a cell is a string of its `source` list, or runs from an escaped
# line break: found from the word `import`, which is rare, rather than by a pattern tried at every
# quote of a file that may hold megabytes of outputs. Outputs match too, which only costs a parse.
_IMPORT_WORD = re.compile(rb"import[ \t]")
_IMPORT_START = re.compile(rb"[ \t]*(?:from|import)[ \t]")
_WORD = re.compile(rb"\w+")


@lru_cache(maxsize=16)
def import_line_words(folder: str) -> dict[bytes, tuple[str, ...]]:
    """Each word of the project's import lines, with the files whose import lines hold it: read
    once per project, so that asking which files import a module opens only those."""
    holding: dict[bytes, list[str]] = {}
    for path in importing_files(folder):
        source = read_file(path)
        if source is None:
            continue
        lines = _notebook_import_lines(source) if path.endswith(NOTEBOOK_SUFFIX) else _IMPORT_LINE.findall(source)
        for word in {word for line in lines for word in _WORD.findall(line)}:
            holding.setdefault(word, []).append(path)
    return {word: tuple(paths) for word, paths in holding.items()}


def _notebook_import_lines(source: bytes) -> list[bytes]:
    """The import lines of a notebook's cells, as its JSON writes them."""
    lines = []
    for match in _IMPORT_WORD.finditer(source):
        at = match.start()
        start = max(source.rfind(b'"', 0, at) + 1, source.rfind(b"\\n", 0, at) + 2)
        ends = [end for end in (source.find(b'"', at), source.find(b"\\n", at)) if end >= 0]
        line = source[start : min(ends, default=len(source))]
        if _IMPORT_START.match(line):
            lines.append(line)
    return lines


def _file_imports(importer: str) -> dict[ModuleReference, set[str]]:
    """_imports_of the file, parsed once per version however many modules it is asked about;
    nothing for a file that cannot be read."""
    try:
        stat = os.stat(importer)
    except OSError:
        return {}
    return imports_by_version(importer, stat.st_size, stat.st_mtime_ns)


@lru_cache(maxsize=2048)
def imports_by_version(importer: str, size: int, mtime: int) -> dict[ModuleReference, set[str]]:
    source = read_code(importer)
    return _imports_of(source, importer) if source is not None else {}


@lru_cache(maxsize=32)
def files_matching(folder: str, pattern: bytes) -> tuple[str, ...]:
    """The project's Python files whose bytes match `pattern` (a regular expression)."""
    compiled = re.compile(pattern)
    return tuple(path for path in python_files(folder) if (source := read_file(path)) is not None and compiled.search(source))


def python_files(folder: str) -> tuple[str, ...]:
    return project_files(folder, (".py",))


def importing_files(folder: str) -> tuple[str, ...]:
    """The project's files that may import its modules: the modules, and the notebooks, which
    run them (`from utils import data_loader`, then the training loop in a cell) but are never
    imported themselves."""
    return python_files(folder) + tuple(path for path in project_files(folder, LAUNCH_SUFFIXES) if path.endswith(NOTEBOOK_SUFFIX))


def read_code(path: str) -> Optional[bytes]:
    """The Python a file runs: a module's bytes, a notebook's code cells as one program
    (notebook.py); None for a file that cannot be read as either."""
    source = read_file(path)
    if source is None or not path.endswith(NOTEBOOK_SUFFIX):
        return source
    try:
        return read_notebook(source).program
    except NotebookError:
        return None


def read_file(path: str) -> Optional[bytes]:
    try:
        if os.path.getsize(path) > LARGEST_FILE:
            return None
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None


def parse_python(source: bytes) -> Optional[ast.Module]:
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _literal_all(path: str) -> Optional[set[str]]:
    """The names of a module-level `__all__ = [...]` of string literals; None without one."""
    source = read_file(path)
    tree = parse_python(source) if source is not None else None
    return literal_all_of(tree) if tree is not None else None


def literal_all_of(tree: ast.Module) -> Optional[set[str]]:
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in statement.targets):
            value = statement.value
            elements = value.elts if isinstance(value, (ast.List, ast.Tuple)) else []
            names = {e.value for e in elements if isinstance(e, ast.Constant) and isinstance(e.value, str)}
            return names if elements and len(names) == len(elements) else None
    return None


def module_reference(module: str, level: int, importer: str) -> ModuleReference:
    """How an import statement in `importer` names `module` (`level`: its leading dots)."""
    parts = tuple(part for part in module.split(".") if part)
    if not level:
        return ModuleReference(parts)
    folder = Path(importer).parent
    for _ in range(level - 1):
        folder = folder.parent
    return ModuleReference(parts, str(folder))


def _imports_of(source: bytes, importer: str) -> dict[ModuleReference, set[str]]:
    """Each module this source imports from, and the names it takes from it."""
    tree = parse_python(source)
    if tree is None:
        return {}
    found: dict[ModuleReference, set[str]] = {}
    modules: dict[str, ModuleReference] = {}  # how the file refers to a module (`t`, `pkg.train`)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if base:
                taken = {_STAR if a.name == "*" else a.name for a in node.names}
                found.setdefault(module_reference(base, node.level, importer), set()).update(taken)
            for alias in node.names:
                # `from package import train`: perhaps the module itself, read through a name.
                modules[alias.asname or alias.name] = module_reference(f"{base}.{alias.name}", node.level, importer)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                modules[alias.asname or alias.name] = module_reference(alias.name, 0, importer)
    if modules:
        _attribute_reads(tree, modules, found)
    return found


def _attribute_reads(tree: ast.AST, modules: dict[str, ModuleReference], found: dict[ModuleReference, set[str]]) -> None:
    """`train.autocast` takes `autocast` from train; `train` handed on whole takes every name."""
    # ast.walk visits every node after all of its ancestors, so an attribute chain has marked its
    # root name by the time the walk reaches that name: one pass suffices.
    roots: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            dotted = dotted_name(node.value)
            if dotted is not None and dotted in modules:
                found.setdefault(modules[dotted], set()).add(node.attr)
            root = node.value
            while isinstance(root, ast.Attribute):
                root = root.value
            roots.add(id(root))
        elif isinstance(node, ast.Name) and node.id in modules and id(node) not in roots and isinstance(node.ctx, ast.Load):
            found.setdefault(modules[node.id], set()).add(EVERY_NAME)


def dotted_name(node: ast.expr) -> Optional[str]:
    """`a.b.c` for a chain of names and attributes; None for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = dotted_name(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None
