from __future__ import annotations

from pathlib import Path

import pytest

from torch_advise.config import Settings
from torch_advise.lint.files import PathError, discover


def touch(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x = 1\n", encoding="utf-8")
    return path


@pytest.fixture
def tree(tmp_path, monkeypatch):
    for name in [
        "train.py",
        "notes.txt",
        "pkg/model.py",
        "pkg/sub/data.py",
        "pkg/__pycache__/model.cpython-311.py",
        ".git/hooks/pre-commit.py",
        ".venv/lib/site.py",
        "myenv/lib/thing.py",
        "node_modules/x/y.py",
        "lib/site-packages/z.py",
        "build/lib/pkg.py",
        "dist/a.py",
        "demo.egg-info/b.py",
        ".advise_cache/c.py",
        "generated/g.py",
    ]:
        touch(tmp_path / name)
    (tmp_path / "myenv" / "pyvenv.cfg").write_text("home = /usr\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def names(paths):
    return [p.as_posix() for p in paths]


def test_walk_finds_python_files_and_skips_tool_folders(tree):
    assert names(discover(["."], Settings(root=tree))) == [
        "generated/g.py",
        "pkg/model.py",
        "pkg/sub/data.py",
        "train.py",
    ]


def test_config_excludes_prune_folders_and_files(tree):
    settings = Settings(exclude=["generated", "data.py"], root=tree)
    assert names(discover(["."], settings)) == ["pkg/model.py", "train.py"]


def test_explicit_files_are_always_linted(tree):
    settings = Settings(exclude=["generated"], root=tree)
    assert names(discover(["notes.txt", "generated/g.py", ".venv/lib/site.py"], settings)) == [
        ".venv/lib/site.py",
        "generated/g.py",
        "notes.txt",
    ]


def test_an_explicitly_named_folder_is_walked_even_if_excluded(tree):
    settings = Settings(exclude=["generated"], root=tree)
    assert names(discover(["generated"], settings)) == ["generated/g.py"]


def test_paths_stay_as_given_and_are_unique(tree):
    found = discover(["pkg", "./pkg/model.py", str(tree / "pkg" / "model.py"), "pkg/sub"], Settings(root=tree))
    assert names(found) == ["pkg/model.py", "pkg/sub/data.py"]
    assert names(discover([str(tree / "pkg" / "sub")], Settings(root=tree))) == [(tree / "pkg/sub/data.py").as_posix()]


def test_missing_path_is_an_error(tree):
    with pytest.raises(PathError, match=r"^nope\.py: No such file or directory$"):
        discover(["train.py", "nope.py"], Settings(root=tree))


def test_symlink_loops_do_not_hang_and_linked_files_count(tree):
    (tree / "pkg" / "sub" / "loop").symlink_to(tree / "pkg", target_is_directory=True)
    (tree / "pkg" / "alias.py").symlink_to(tree / "train.py")
    (tree / "pkg" / "dangling.py").symlink_to(tree / "missing.py")
    assert names(discover(["pkg"], Settings(root=tree))) == ["pkg/alias.py", "pkg/model.py", "pkg/sub/data.py"]


def test_result_is_stable(tree):
    assert discover(["."], Settings(root=tree)) == discover(["pkg", "train.py", "generated"], Settings(root=tree))
