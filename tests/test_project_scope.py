"""A run's shared scope memo gives each folder the scope a fresh walk gives it, whatever order
the folders are asked in: the memo changes what a run costs, never where a project ends."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from torch_advise.project_scope import ScopeMemo, project_scope

# A tree of nested folders; some hold a repository marker, one is the home folder.
FOLDERS = ["a", "a/b", "a/b/c", "a/b/c/d", "a/e", "a/e/f", "g", "g/h"]


@settings(max_examples=60, deadline=None)
@given(
    repositories=st.sets(st.sampled_from(FOLDERS)),
    home=st.sampled_from([None, *FOLDERS]),
    cwd=st.sampled_from(["", *FOLDERS]),
    order=st.permutations(FOLDERS),
)
def test_a_shared_memo_gives_every_folder_its_fresh_scope(tmp_path_factory, repositories, home, cwd, order):
    root = tmp_path_factory.mktemp("tree")
    for folder in FOLDERS:
        (root / folder).mkdir(parents=True, exist_ok=True)
    for folder in repositories:
        (root / folder / ".git").mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HOME", str(root / home) if home else str(root / "nobody"))
        patch.chdir(root / cwd)
        memo = ScopeMemo()
        for folder in order:
            assert project_scope(root / folder, memo) == project_scope(root / folder)
        # A file stands for its folder, with the memo too.
        (root / "a" / "b" / "train.py").write_text("")
        assert project_scope(root / "a" / "b" / "train.py", memo) == project_scope(root / "a" / "b")


def test_inside_a_repository_the_scope_runs_from_the_folder_up_to_the_repository(tmp_path):
    for folder in ("repo/.git", "repo/src/models", "repo/tools"):
        (tmp_path / folder).mkdir(parents=True)
    memo = ScopeMemo()
    asked = [tmp_path / "repo/src/models", tmp_path / "repo/tools", tmp_path / "repo"]
    scopes = [project_scope(path, memo) for path in asked]
    assert [scope.folders for scope in scopes] == [
        (tmp_path / "repo/src/models", tmp_path / "repo/src", tmp_path / "repo"),
        (tmp_path / "repo/tools", tmp_path / "repo"),
        (tmp_path / "repo",),
    ]
    assert all(scope.vouched for scope in scopes)
