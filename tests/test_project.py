"""What a file's project shows that the file does not: read from the other modules' summaries."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from torch_advise.lint.analysis import importers, project
from torch_advise.lint.analysis.project import Project, summarize

from conftest import FIXTURES


@pytest.fixture
def loader_elsewhere(tmp_path: Path) -> Path:
    for cache in (importers.importers_of, importers.python_files, project._summary):
        cache.cache_clear()
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "projects" / "loader_elsewhere", root)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root


def test_a_loader_returned_here_and_iterated_every_epoch_in_another_module_is_found(loader_elsewhere):
    data = Project(loader_elsewhere / "data.py")
    [train] = data.epoch_uses("build_loaders", 0)
    [val] = data.epoch_uses("build_loaders", 1)
    assert (Path(train.site.path).name, train.site.line) == (Path(val.site.path).name, val.site.line) == ("main.py", 16)
    assert data.epoch_uses("build_probe_loader", None) == []
    assert data.read


def test_a_loader_built_anew_inside_the_epoch_loop_is_no_epoch_use(loader_elsewhere):
    main = loader_elsewhere / "main.py"
    build = "train_loader, val_loader = build_loaders(batch_size=64, workers=4)\n"
    text = main.read_text().replace(f"    {build}", "")
    main.write_text(text.replace("    for epoch in range(epochs):\n", f"    for epoch in range(epochs):\n        {build}"))
    assert Project(loader_elsewhere / "data.py").epoch_uses("build_loaders", 0) == []


def test_an_epoch_loop_that_does_not_train_is_no_epoch_use(loader_elsewhere):
    main = loader_elsewhere / "main.py"
    main.write_text(main.read_text().replace("        train_one_epoch(model, train_loader, optimizer, device)\n", ""))
    assert Project(loader_elsewhere / "data.py").epoch_uses("build_loaders", 0) == []


def test_a_summary_names_what_a_module_imports_and_what_its_functions_iterate():
    summary = summarize("engine.py", (FIXTURES / "projects" / "loader_elsewhere" / "engine.py").read_bytes())
    assert summary is not None
    assert summary.functions["train_one_epoch"].iterated_params == {"loader"} and summary.functions["train_one_epoch"].trains
    assert summary.functions["evaluate"].iterated_params == {"loader"} and not summary.functions["evaluate"].trains
