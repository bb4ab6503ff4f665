"""A check run that finds nothing changed since the same run answers as that run did, without
loading the lint (run_replay.py); any change to what the run read makes the next run a full one.

Each test first shows that the run is being replayed, so that a full run after a change is the
change's doing. Inputs are dated ten seconds back, as files edited a while ago are: a record is
not written while an input is younger than two seconds.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from torch_advise import run_replay

from conftest import FIXTURES

SCRIPT = (
    "import torch\n"
    "from torch.utils.data import DataLoader\n\n\n"
    "def train(model, data, optimizer):\n"
    "    loader = DataLoader(data, batch_size=32, shuffle=True)\n"
    "    for epoch in range(10):\n"
    "        for x, y in loader:\n"
    "            x, y = x.cuda(), y.cuda()\n"
    "            optimizer.zero_grad()\n"
    "            model(x).sum().backward()\n"
    "            optimizer.step()\n"
)


def _age(root: Path, changed_since: float = float("inf")) -> None:
    """Date the files and folders under root (and root) modified since `changed_since` ten
    seconds back. Only those: setting a time changes a file's change time, which is part of what
    a replay compares."""
    past = time.time() - 10
    for folder, folders, files in os.walk(root):
        for name in (*folders, *files):
            path = os.path.join(folder, name)
            if os.lstat(path).st_mtime > changed_since or changed_since == float("inf"):
                os.utime(path, (past, past), follow_symlinks=False)
    if os.stat(root).st_mtime > changed_since or changed_since == float("inf"):
        os.utime(root, (past, past))


def _change(root: Path, change) -> None:
    """Make the change, then date what it changed back (the runs before it have written their
    cache entries, and the project folder holding the cache, more than a clock tick earlier)."""
    started = time.time() - 0.05
    change(root)
    _age(root, changed_since=started)


class Runs:
    def __init__(self, project: Path, user_cache: Path) -> None:
        self.project = project
        self.env = {**os.environ, "XDG_CACHE_HOME": str(user_cache), "NO_COLOR": "1", "PYTHONPROFILEIMPORTTIME": "1"}

    def __call__(self, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> tuple[str, str, int, bool]:
        """stdout, stderr (without the import times), exit code, and whether it was replayed."""
        done = subprocess.run(
            [sys.executable, "-m", "torch_advise", *args], cwd=cwd or self.project, env={**self.env, **(env or {})},
            capture_output=True, text=True, timeout=120,
        )
        imports = [line for line in done.stderr.splitlines() if line.startswith("import time:")]
        stderr = "".join(line + "\n" for line in done.stderr.splitlines() if not line.startswith("import time:"))
        replayed = not any(line.endswith(" torch_advise.check_command") for line in imports)
        return done.stdout, stderr, done.returncode, replayed

    def replayed(self, *args: str, **kwargs) -> tuple[str, str, int]:
        """The answer once the run is replayed (a full run records it; inputs this test session
        compiled, such as bytecode, may need two seconds to age first)."""
        for _ in range(8):
            stdout, stderr, code, replayed = self(*args, **kwargs)
            if replayed:
                return stdout, stderr, code
            time.sleep(0.5)
        raise AssertionError("the run was never replayed")


# Rules whose findings here read no other module of the project, so that no project state (which
# covers every file git lists) stands in for the files and folders the run reads.
LOADER_RULES = (".", "--select", "DL001,DL002")


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "project"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "train.py").write_text(SCRIPT)
    (root / "data").mkdir()
    (root / "data" / "README.txt").write_text("images\n")
    (root / "helpers").mkdir()
    (root / "helpers" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    (root / "helpers" / "train_helper.py").write_text(SCRIPT)
    # A repository, which git lists: no folder walk of the project's own reads tools/.
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    _age(root)
    return root


@pytest.fixture
def runs(project, tmp_path):
    return Runs(project, tmp_path / "user-cache")


def test_an_unchanged_run_answers_as_the_full_run_did(runs):
    full = runs(".", "--select", "DL001,DL002")
    assert not full[3] and full[2] == 1 and "pkg/train.py:6:14: DL001" in full[0]
    assert runs.replayed(".", "--select", "DL001,DL002") == full[:3]
    # Another command line, another environment or another folder is another run.
    assert not runs(".", "--select", "DL001")[3]
    assert not runs(".", "--select", "DL001,DL002", env={"NO_COLOR": ""})[3]
    assert not runs("train.py", "--select", "DL001,DL002", cwd=runs.project / "pkg")[3]


def _edit_keeping_size_and_time(project: Path) -> None:
    path = project / "pkg" / "train.py"
    status = path.stat()
    path.write_text(SCRIPT.replace("batch_size=32", "batch_size=64"))
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))


def _new_file(project: Path) -> None:
    (project / "pkg" / "more.py").write_text(SCRIPT)


def _new_file_in_a_folder_without_python(project: Path) -> None:
    (project / "data" / "load.py").write_text(SCRIPT)


def _configuration(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.advise]\nignore = ["DL002"]\n')


def _torch_pin(project: Path) -> None:
    (project / "requirements.txt").write_text("torch==1.4.0\n")


def _environment_marker_gone(project: Path) -> None:
    (project / "helpers" / "pyvenv.cfg").unlink()


def _file_removed(project: Path) -> None:
    (project / "helpers" / "pyvenv.cfg").unlink()
    (project / "helpers" / "train_helper.py").unlink()


@pytest.mark.parametrize(
    "change",
    [_edit_keeping_size_and_time, _new_file, _new_file_in_a_folder_without_python, _configuration, _torch_pin,
     _environment_marker_gone, _file_removed],
    ids=lambda change: change.__name__.strip("_"),
)
def test_a_change_to_what_the_run_read_makes_the_next_run_a_full_one(runs, project, change):
    runs.replayed(*LOADER_RULES)
    _change(project, change)
    stdout, stderr, code, replayed = runs(*LOADER_RULES)
    assert not replayed
    # And the full run's answer is what a run without any record gives.
    shutil.rmtree(project / ".advise_cache")
    assert runs(*LOADER_RULES, "--no-cache")[:3] == (stdout, stderr, code)


def test_a_change_to_a_module_the_findings_read_makes_the_next_run_a_full_one(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(FIXTURES / "projects" / "device_elsewhere", project, ignore=shutil.ignore_patterns("expected.txt"))
    # A repository's root bounds the folders a run searches; outside one they reach the
    # filesystem's root, and a folder as busy as /tmp changes between any two runs.
    (project / ".git").mkdir()
    _age(project)
    runs = Runs(project, tmp_path / "user-cache")
    # The file alone: what makes its network CUDA is in main.py, which this run does not name.
    stdout, _, _ = runs.replayed("rl/discriminator.py", "--select", "OPT002")
    assert "OPT002" in stdout
    main = project / "main.py"
    _change(project, lambda _: main.write_text(main.read_text().replace('"cuda:0" if use_cuda else "cpu"', '"cpu"')))
    stdout, _, code, replayed = runs("rl/discriminator.py", "--select", "OPT002")
    assert not replayed and "OPT002" not in stdout and code == 0


def test_deleting_the_cache_folder_drops_the_replay(tmp_path, project):
    # Run from a folder of its own, which holds the cache and which nothing else of the run reads.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    _age(elsewhere)
    runs = Runs(elsewhere, tmp_path / "user-cache")
    runs.replayed(str(project / "pkg" / "train.py"))
    _change(elsewhere, lambda folder: shutil.rmtree(folder / ".advise_cache"))
    assert not runs(str(project / "pkg" / "train.py"))[3]


def _records(user_cache: Path) -> list[Path]:
    folder = user_cache / "torch-advise" / "runs"
    return sorted(folder.iterdir()) if folder.is_dir() else []


def test_only_runs_that_parsed_nothing_and_wrote_nothing_are_recorded(runs, project, tmp_path):
    user_cache = tmp_path / "user-cache"
    runs(".")  # cold: it parsed the files
    assert _records(user_cache) == []
    for args in ([".", "--no-cache"], [".", "--fix", "--unsafe-fixes", "--select", "DL001"], [".", "--write-baseline", "base.json"]):
        runs(*args)
        runs(*args)
    assert _records(user_cache) == []
    _age(project)
    runs.replayed(".")
    assert len(_records(user_cache)) == 1


def test_a_run_that_parsed_a_file_is_not_recorded(runs, project, tmp_path):
    runs.replayed(".")
    (record,) = _records(tmp_path / "user-cache")
    recorded = record.read_bytes()
    _change(project, _edit_keeping_size_and_time)
    assert not runs(".")[3]  # it parses the edited file
    assert record.read_bytes() == recorded
    runs.replayed(".")
    assert record.read_bytes() != recorded


def test_a_run_whose_inputs_are_seconds_old_is_not_recorded(tmp_path):
    """Such a file could be rewritten within the clock tick its stat was read in, and keep it."""
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / "train.py").write_text(SCRIPT)
    runs = Runs(project, tmp_path / "user-cache")
    runs(*LOADER_RULES)
    os.utime(project / "train.py")  # modified just now, however long the first run took
    runs(*LOADER_RULES)
    assert _records(tmp_path / "user-cache") == []
    _age(project)
    runs.replayed(*LOADER_RULES)


def test_a_run_that_loaded_the_engine_is_not_recorded(tmp_path, monkeypatch):
    """The engine loads for the first file parsed, in this process or before workers start,
    whose reads this process does not hear."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".advise_cache").mkdir()
    import torch_advise.lint.engine  # noqa: F401

    run_replay.start(["."], (".",))
    run_replay.finish(0)
    assert _records(tmp_path / "user-cache") == []
    monkeypatch.delitem(sys.modules, "torch_advise.lint.engine")
    run_replay.start(["."], (".",))
    run_replay.finish(0)
    assert len(_records(tmp_path / "user-cache")) == 1


def test_a_record_others_could_write_is_not_replayed(runs, tmp_path):
    runs.replayed(".")
    (record,) = _records(tmp_path / "user-cache")
    record.chmod(0o666)
    assert not runs(".")[3]
