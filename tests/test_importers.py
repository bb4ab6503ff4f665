"""A rewrite of a module-level import is safe only where no other module of the project imports
the names it binds: importers.py reads the project's imports to say which do."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from torch_advise.lint import project_files
from torch_advise.lint.analysis import importers
from torch_advise.lint.analysis.importers import EVERY_NAME, ModuleReference, names_imported_from

from conftest import run_advise

UTILS = "from torch.cuda.amp import GradScaler, autocast\n\n\ndef forward(model, x):\n    with autocast():\n        return model(x)\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    importers.importers_of.cache_clear()
    project_files.project_files.cache_clear()
    root = tmp_path / "project"
    (root / "pkg").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / "pkg" / "utils.py").write_text(UTILS)
    return root


def _taken(project: Path, files: dict[str, str]) -> set[str] | None:
    for name, text in files.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text)
    return names_imported_from(project / "pkg" / "utils.py")


@pytest.mark.parametrize(
    "files, taken",
    [
        ({}, set()),
        ({"train.py": "from pkg.utils import autocast\n"}, {"autocast"}),
        ({"train.py": "from utils import autocast\n"}, {"autocast"}),  # may be this utils: counts
        ({"train.py": "from other.utils import autocast\n"}, set()),  # cannot be this one
        ({"pkg/train.py": "from .utils import autocast\n"}, {"autocast"}),
        ({"other/train.py": "from .utils import autocast\n"}, set()),  # other/utils.py, not pkg/utils.py
        ({"pkg/train.py": "from . import utils\nutils.autocast()\n"}, {"autocast"}),
        ({"train.py": "import pkg.utils\npkg.utils.GradScaler()\n"}, {"GradScaler"}),
        ({"train.py": "import pkg.utils as u\nrun(u)\n"}, {EVERY_NAME}),  # handed on whole
        ({"train.py": "from pkg.utils import *\n"}, {EVERY_NAME}),
    ],
)
def test_the_names_other_modules_take(project, files, taken):
    assert _taken(project, files) == taken


def _notebook(*cells: tuple[str, str]) -> str:
    """An nbformat 4 notebook of (cell type, source) cells, each source a list of lines as
    Jupyter writes it."""
    return json.dumps(
        {
            "nbformat": 4,
            "nbformat_minor": 5,
            "metadata": {},
            "cells": [
                {
                    "cell_type": kind,
                    "metadata": {},
                    "source": source.splitlines(keepends=True),
                    **({"outputs": [], "execution_count": None} if kind == "code" else {}),
                }
                for kind, source in cells
            ],
        },
        indent=1,
    )


@pytest.mark.parametrize(
    "cells, taken",
    [
        ([("code", "%matplotlib inline\nimport torch\nfrom pkg.utils import autocast\n")], {"autocast"}),
        ([("markdown", "# Setup"), ("code", "import pkg.utils as u\nu.forward(model, x)")], {"forward"}),
        ([("markdown", "Run `from pkg.utils import autocast` first.")], set()),  # not code
        ([("code", "x = 1\n"), ("raw", "from pkg.utils import GradScaler\n")], set()),
    ],
)
def test_a_notebook_takes_the_names_its_code_cells_import(project, cells, taken):
    assert _taken(project, {"explore.ipynb": _notebook(*cells)}) == taken


def test_a_star_import_takes_only_what_all_names(project):
    (project / "pkg" / "utils.py").write_text('__all__ = ["forward"]\n' + UTILS)
    assert _taken(project, {"pkg/__init__.py": "from .utils import *\n"}) == {"forward"}


def test_a_file_git_ignores_is_not_part_of_the_project(project):
    (project / ".gitignore").write_text("scratch/\n")
    assert _taken(project, {"scratch/try.py": "from pkg.utils import autocast\n"}) == set()


def test_the_import_is_rewritten_only_where_no_other_module_takes_its_names(project):
    first = run_advise("pkg/utils.py", "--diff", "--select", "AMP001", cwd=project)
    assert "+from torch.amp import GradScaler, autocast" in first.stdout
    (project / "train.py").write_text("from pkg.utils import autocast\n\nwith autocast():\n    pass\n")
    # The same bytes of utils.py, with the cache warm: the answer depends on train.py now.
    second = run_advise("pkg/utils.py", "--diff", "--select", "AMP001", cwd=project)
    assert second.stdout == "" and "Would fix 0 findings" in second.stderr
    report = run_advise("pkg/utils.py", "--select", "AMP001", cwd=project)
    assert "[*]" not in report.stdout and "AMP001" in report.stdout


def test_a_notebook_importing_the_name_keeps_the_import_as_it_is(project):
    # The notebook calls what utils.py binds: rebinding it would hand torch.amp.autocast the
    # old call's arguments, a TypeError in the user's notebook.
    (project / "explore.ipynb").write_text(_notebook(("code", "from pkg.utils import autocast\n"), ("code", "with autocast():\n    pass\n")))
    result = run_advise("pkg/utils.py", "--diff", "--select", "AMP001", cwd=project)
    assert result.stdout == "" and "Would fix 0 findings" in result.stderr


def test_outside_a_repository_the_project_is_the_folder_and_its_packages(tmp_path):
    for name in ("train.py", "helper.py", "pkg/__init__.py", "pkg/mod.py", "downloads/other/train.py", "downloads/x.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("import torch\n")
    found = sorted(os.path.relpath(p, tmp_path) for p in project_files.project_files(str(tmp_path), (".py",)))
    assert found == ["helper.py", "pkg/__init__.py", "pkg/mod.py", "train.py"]
    (tmp_path / ".git").mkdir()  # a repository, but git cannot list it: every folder is the project's
    project_files.project_files.cache_clear()
    assert len(project_files.project_files(str(tmp_path), (".py",))) == 6


def test_a_folder_too_large_to_walk_is_not_known(tmp_path, monkeypatch):
    monkeypatch.setattr(project_files, "MOST_FILES", 3)
    for index in range(5):
        (tmp_path / f"m{index}.py").write_text("")
    project_files.project_files.cache_clear()
    with pytest.raises(OSError):
        project_files.project_files(str(tmp_path), (".py",))


def test_an_absolute_import_reaches_modules_where_python_would_find_them():
    engine = ModuleReference(("engine",))
    script = "/repo/detection/train.py"
    assert engine.reaches(("/", "repo", "detection", "engine"), script)  # beside the script
    assert engine.reaches(("/", "repo", "engine"), script)  # at the root it runs from
    assert not engine.reaches(("/", "repo", "classification", "engine"), script)  # another folder's
    models = ModuleReference(("pkg", "models"))
    assert models.reaches(("/", "repo", "src", "pkg", "models"), "/repo/scripts/train.py")  # the src layout
    assert not models.reaches(("/", "repo", "vendor", "pkg", "models"), "/repo/scripts/train.py")
    relative = ModuleReference(("engine",), "/repo/detection")
    assert relative.reaches(("/", "repo", "detection", "engine"), "/repo/detection/train.py")
