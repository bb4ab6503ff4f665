"""The pre-commit hooks, driven by the real `pre-commit try-repo` against a throwaway git repository.

pre-commit builds torch-advise from a snapshot of this working tree into a fresh environment
(pip, from PyPI), so this module takes tens of seconds; deselect it with `-m "not slow"`.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed"),
]

BAD = """\
import torch
from torch.utils.data import DataLoader


def train(model, dataset, optimizer):
    loader = DataLoader(dataset, batch_size=32)
    for inputs, targets in loader:
        inputs = inputs.cuda()
        optimizer.zero_grad(set_to_none=False)
        loss = torch.nn.functional.mse_loss(model(inputs), targets.cuda())
        loss.backward()
        optimizer.step()
"""

CLEAN = BAD.replace("batch_size=32)", "batch_size=32, num_workers=4, pin_memory=True)").replace(
    "set_to_none=False", "set_to_none=True"
)

# The selection keeps this test to the rules it is about; DL001 (num_workers) is ignored and
# vendored/ excluded, to show the hooks read [tool.advise].
PYPROJECT = """\
[tool.advise]
select = ["DL001", "DL002", "OPT001"]
ignore = ["DL001"]
exclude = ["vendored"]
# DL002's and OPT001's fixes are unsafe; this project takes them.
unsafe-fixes = true
"""

GIT_ENV = {
    "GIT_AUTHOR_NAME": "test",
    "GIT_AUTHOR_EMAIL": "test@example.com",
    "GIT_COMMITTER_NAME": "test",
    "GIT_COMMITTER_EMAIL": "test@example.com",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}


def _git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, env={**os.environ, **GIT_ENV}, check=True, capture_output=True)


def _snapshot_of_working_tree(destination: Path) -> Path:
    """This working tree (tracked and untracked, not ignored) committed as a repository of its own,
    so that the hooks under test are the ones on disk, not the last commit's."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO, check=True, capture_output=True,
    ).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file():
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination / name)
    _git("init", "-q", cwd=destination)
    _git("add", "-A", cwd=destination)
    _git("commit", "-q", "-m", "snapshot", cwd=destination)
    return destination


def _project(root: Path) -> Path:
    (root / "vendored").mkdir(parents=True)
    (root / "bad.py").write_text(BAD)
    (root / "clean.py").write_text(CLEAN)
    (root / "vendored" / "old_train.py").write_text(BAD)
    (root / "pyproject.toml").write_text(PYPROJECT)
    _git("init", "-q", cwd=root)
    _git("add", "-A", cwd=root)
    return root


def _try_repo(hooks_repo: Path, project: Path, home: Path) -> subprocess.CompletedProcess:
    """Both hooks (advise, then advise-fix) on every file of the project."""
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(hooks_repo), "--all-files", "--color", "never"],
        cwd=project,
        env={**os.environ, **GIT_ENV, "PRE_COMMIT_HOME": str(home)},
        capture_output=True,
        text=True,
        timeout=600,
    )


def _hook_section(output: str, hook_id: str) -> str:
    """The part of pre-commit's output that belongs to one hook."""
    start = output.index(f"- hook id: {hook_id}\n")
    following = output.find("- hook id: ", start + 1)
    return output[start : following if following != -1 else len(output)]


def test_hooks_report_then_fix_and_fail_the_commit_until_clean(tmp_path):
    pytest.importorskip("pre_commit", reason="pre-commit is not installed")
    hooks_repo = _snapshot_of_working_tree(tmp_path / "torch-advise")
    project = _project(tmp_path / "project")

    first = _try_repo(hooks_repo, project, tmp_path / "pre-commit-home")

    assert first.returncode == 1, first.stdout + first.stderr
    report = _hook_section(first.stdout, "advise")
    assert "- exit code: 1" in report
    assert "bad.py:6:14: DL002" in report
    assert "bad.py:9:41: OPT001" in report
    assert "DL001" not in report  # ignored in [tool.advise]
    assert "clean.py" not in report
    assert "vendored" not in report  # excluded in [tool.advise], even though pre-commit names the file
    fixing = _hook_section(first.stdout, "advise-fix")
    assert "- files were modified by this hook" in fixing
    assert "Fixed 2 findings in 1 file." in fixing
    fixed = (project / "bad.py").read_text()
    assert "DataLoader(dataset, batch_size=32, pin_memory=True)" in fixed
    assert "optimizer.zero_grad(set_to_none=True)" in fixed
    assert (project / "clean.py").read_text() == CLEAN
    assert (project / "vendored" / "old_train.py").read_text() == BAD

    _git("add", "-A", cwd=project)
    second = _try_repo(hooks_repo, project, tmp_path / "pre-commit-home")

    assert second.returncode == 0, second.stdout + second.stderr
    assert "Failed" not in second.stdout
    assert second.stdout.count("Passed") == 2


UNFIXABLE = """\
def train(model, loader, optimizer):
    for inputs, targets in loader:
        for p in model.parameters():
            p.grad.zero_()
        model(inputs.cuda()).sum().backward()
        optimizer.step()
"""


def _readme_recipe(name: str) -> str:
    """A .pre-commit-config.yaml as the README gives it."""
    readme = (REPO / "README.md").read_text()
    match = re.search(rf"<!-- {name}:start -->\n```yaml\n(.*?)```\n<!-- {name}:end -->", readme, re.S)
    assert match, f"README has no {name} recipe"
    return match.group(1)


def _pre_commit(*args: str, project: Path, home: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", *args], cwd=project,
        env={**os.environ, **GIT_ENV, "PRE_COMMIT_HOME": str(home), **(env or {})},
        capture_output=True, text=True, timeout=600,
    )


def _assert_fixed_and_reported_once(done: subprocess.CompletedProcess, project: Path) -> None:
    assert done.returncode == 1, done.stdout + done.stderr
    assert "- files were modified by this hook" in done.stdout
    assert "Fixed 2 findings in 1 file." in done.stdout
    assert done.stdout.count("manual.py:4:13: OPT001") == 1
    assert "DataLoader(dataset, batch_size=32, pin_memory=True)" in (project / "bad.py").read_text()


def test_the_readme_recipe_pinned_by_autoupdate_fixes_and_reports_each_finding_once(tmp_path):
    """The clone's path for the README's, then `pre-commit autoupdate`, then the hook."""
    pytest.importorskip("pre_commit", reason="pre-commit is not installed")
    hooks_repo = _snapshot_of_working_tree(tmp_path / "torch-advise")
    revision = subprocess.run(["git", "rev-parse", "HEAD"], cwd=hooks_repo, check=True, capture_output=True, text=True).stdout.strip()
    project = _project(tmp_path / "project")
    (project / "manual.py").write_text(UNFIXABLE)
    config = project / ".pre-commit-config.yaml"
    config.write_text(_readme_recipe("pre-commit").replace("/path/to/torch-advise", str(hooks_repo)))

    updated = _pre_commit("autoupdate", project=project, home=tmp_path / "home")
    assert updated.returncode == 0, updated.stdout + updated.stderr
    assert f"rev: {revision} " in config.read_text()
    _git("add", "-A", cwd=project)
    done = _pre_commit("run", "--all-files", "--color", "never", project=project, home=tmp_path / "home")

    _assert_fixed_and_reported_once(done, project)


def test_the_readme_local_recipe_runs_the_advise_installed_where_pre_commit_runs(tmp_path):
    pytest.importorskip("pre_commit", reason="pre-commit is not installed")
    project = _project(tmp_path / "project")
    (project / "manual.py").write_text(UNFIXABLE)
    (project / ".pre-commit-config.yaml").write_text(_readme_recipe("pre-commit-local"))
    _git("add", "-A", cwd=project)
    # The environment this test runs in has advise installed, as the recipe asks.
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"

    done = _pre_commit("run", "--all-files", "--color", "never", project=project, home=tmp_path / "home", env={"PATH": path})

    _assert_fixed_and_reported_once(done, project)
