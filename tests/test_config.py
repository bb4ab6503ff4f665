from __future__ import annotations

import os
from pathlib import Path

import pytest

from torch_advise.config import (
    ConfigError,
    Settings,
    codes_ignored_for,
    entry_excluded,
    find_config,
    is_excluded,
    load_settings,
)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def project(tmp_path, monkeypatch):
    write(
        tmp_path / "pyproject.toml",
        """
[project]
name = "demo"

[tool.advise]
select = ["DL", "AMP004"]
extend-select = ["OPT001"]
ignore = ["DL001"]
target = "h100"
torch-version = "2.4"
exclude = ["generated", "legacy/*.py"]
unsafe-fixes = true

[tool.advise.per-file-ignores]
"tests/*" = ["dl002", "dataloader-workers"]
"conftest.py" = ["OPT"]
""",
    )
    (tmp_path / "src" / "pkg").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_nearest_config_is_read(project):
    settings = load_settings(["src/pkg"])
    assert settings.select == ["DL", "AMP004"]
    assert settings.extend_select == ["OPT001"]
    assert settings.ignore == ["DL001"]
    assert settings.target == "h100" and settings.torch_version == "2.4"
    assert settings.exclude == ["generated", "legacy/*.py"]
    assert settings.unsafe_fixes is True
    assert settings.per_file_ignores == {"tests/*": ["dl002", "dataloader-workers"], "conftest.py": ["OPT"]}
    assert settings.config_path == project / "pyproject.toml"
    assert settings.root == project


def test_pyproject_without_table_is_skipped(project):
    write(project / "src" / "pyproject.toml", '[project]\nname = "inner"\n')
    assert find_config(project / "src" / "pkg") == project / "pyproject.toml"
    write(project / "src" / "pyproject.toml", '[tool.advise]\nignore = ["DL002"]\n')
    assert find_config(project / "src" / "pkg" / "train.py") == project / "src" / "pyproject.toml"


def test_no_config_gives_defaults(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings = load_settings(["."])
    assert settings == Settings(root=tmp_path)
    assert settings.select is None and settings.ignore == [] and settings.config_path is None


def test_common_parent_of_paths_decides(project):
    write(project / "a" / "pyproject.toml", '[tool.advise]\nignore = ["A"]\n')
    write(project / "a" / "x" / "t.py", "")
    write(project / "a" / "y" / "t.py", "")
    assert load_settings(["a/x/t.py", "a/y/t.py"]).ignore == ["A"]
    assert load_settings(["a/x/t.py", "src"]).ignore == ["DL001"]


def test_explicit_config_file_wins(project):
    other = write(project / "other" / "advise.toml", 'select = ["OPT"]\n')
    settings = load_settings(["src"], config_file=str(other))
    assert settings.select == ["OPT"] and settings.root == project / "other"
    with pytest.raises(ConfigError, match="missing.toml: No such file"):
        load_settings(["src"], config_file="missing.toml")
    write(project / "bare" / "pyproject.toml", "[project]\n")
    with pytest.raises(ConfigError, match=r"no \[tool.advise\] table"):
        load_settings(["src"], config_file="bare/pyproject.toml")


@pytest.mark.parametrize(
    "body, message",
    [
        ('select = "DL"', "select must be a list of strings"),
        ("ignore = [1]", "ignore must be a list of strings"),
        ('exclude = "x"', "exclude must be a list of strings"),
        ('unsafe-fixes = "yes"', "unsafe-fixes must be true or false"),
        ("torch-version = 2.10", "torch-version must be a string"),
        ("target = true", "target must be a string"),
        ('per-file-ignores = ["x"]', "per-file-ignores must be a table"),
        ("selct = []", "unknown key 'selct'"),
    ],
)
def test_bad_values_are_named(tmp_path, monkeypatch, body, message):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "pyproject.toml", f"[tool.advise]\n{body}\n")
    with pytest.raises(ConfigError) as raised:
        load_settings(["."])
    assert str(raised.value).startswith("pyproject.toml: [tool.advise] ")
    assert message in str(raised.value)


def test_numeric_target_is_accepted(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "pyproject.toml", "[tool.advise]\ntarget = 8.6\n")
    assert load_settings(["."]).target == "8.6"


def test_toml_syntax_error_names_file_and_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "pyproject.toml", '[tool.advise]\nselect = ["DL"\nignore = []\n')
    with pytest.raises(ConfigError) as raised:
        load_settings(["."])
    assert str(raised.value).startswith("pyproject.toml: invalid TOML")
    assert "line 3" in str(raised.value)


def test_broken_unrelated_pyproject_is_not_our_problem(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "pyproject.toml", "[project\n")
    assert load_settings(["."]).config_path is None


def test_per_file_ignores(project):
    settings = load_settings(["."])
    assert codes_ignored_for(settings, Path("tests/test_x.py")) == {"DL002", "dataloader-workers"}
    assert codes_ignored_for(settings, project / "tests" / "test_x.py") == {"DL002", "dataloader-workers"}
    assert codes_ignored_for(settings, Path("src/pkg/conftest.py")) == {"OPT"}
    assert codes_ignored_for(settings, Path("src/pkg/train.py")) == set()


def test_per_file_ignores_relative_to_root_from_a_subfolder(project, monkeypatch):
    write(project / "tests" / "test_x.py", "")
    settings = load_settings(["."])
    monkeypatch.chdir(project / "tests")
    assert codes_ignored_for(settings, Path("test_x.py")) == {"DL002", "dataloader-workers"}


@pytest.mark.parametrize(
    "path, excluded",
    [
        ("generated/model.py", True),
        ("src/generated/model.py", True),
        ("src/generated", True),
        ("legacy/old.py", True),
        ("src/pkg/train.py", False),
        ("src/pkg/generated_names.py", False),
    ],
)
def test_is_excluded(project, path, excluded):
    settings = load_settings(["."])
    assert is_excluded(settings, Path(path)) is excluded
    assert is_excluded(settings, project / path) is excluded


def test_entry_excluded_looks_only_at_the_entry(project):
    settings = load_settings(["."])
    assert entry_excluded(settings, Path("src/generated"))
    assert entry_excluded(settings, Path("legacy/old.py"))
    assert not entry_excluded(settings, Path("generated/model.py"))


def test_excluded_folder_with_trailing_slash(tmp_path):
    settings = Settings(exclude=["fixtures/"], root=tmp_path)
    assert is_excluded(settings, tmp_path / "fixtures" / "lint" / "a.py")
    assert not is_excluded(settings, tmp_path / "src" / "a.py")


def test_paths_outside_root_use_the_path_as_given(tmp_path):
    settings = Settings(exclude=["vendor"], per_file_ignores={"*_test.py": ["DL"]}, root=tmp_path / "proj")
    outside = tmp_path / "elsewhere" / "vendor" / "x_test.py"
    assert is_excluded(settings, outside)
    assert codes_ignored_for(settings, outside) == {"DL"}


ABOVE = '[tool.advise]\nignore = ["DL001"]\n'
OWN = '[tool.advise]\nignore = ["DL002"]\n'


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """A home folder of the test's own, beside (not above) the folders it lints."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    return folder


@pytest.mark.parametrize("marker, kind", [(".git", "folder"), (".git", "file"), (".hg", "folder"), (".jj", "folder")])
def test_discovery_stops_at_the_repository_root(tmp_path, home, monkeypatch, marker, kind):
    write(tmp_path / "pyproject.toml", ABOVE)
    repository = tmp_path / "repository"
    write(repository / "src" / "train.py", "")
    if kind == "file":  # a worktree or a submodule
        write(repository / marker, "gitdir: /elsewhere/.git/worktrees/repository\n")
    else:
        (repository / marker).mkdir()
    monkeypatch.chdir(tmp_path)
    assert find_config(repository / "src" / "train.py") is None
    write(repository / "pyproject.toml", OWN)
    assert load_settings(["repository/src/train.py"]).ignore == ["DL002"]


def test_discovery_stops_at_the_home_folder(tmp_path, home, monkeypatch):
    write(tmp_path / "pyproject.toml", ABOVE)
    write(home / "experiments" / "train.py", "")
    monkeypatch.chdir(tmp_path)
    assert find_config(home / "experiments") is None
    write(home / "pyproject.toml", OWN)
    assert find_config(home / "experiments") == home / "pyproject.toml"


def test_outside_any_repository_and_home_only_the_files_own_folder_counts(tmp_path, home, monkeypatch):
    """/tmp/x/train.py with a /tmp/pyproject.toml that another user may have left there."""
    shared = tmp_path / "tmp"
    write(shared / "pyproject.toml", ABOVE)
    write(shared / "x" / "train.py", "")
    shared.chmod(0o1777)
    for current in (home, shared, tmp_path):  # beside it, in it, above it: the walk never enters it
        monkeypatch.chdir(current)
        assert find_config(shared / "x" / "train.py") is None
        assert load_settings([str(shared / "x" / "train.py")]).config_path is None
    write(shared / "x" / "pyproject.toml", OWN)
    assert find_config(shared / "x" / "train.py") == shared / "x" / "pyproject.toml"


def test_outside_any_repository_and_home_the_walk_goes_up_to_the_current_folder(tmp_path, home, monkeypatch):
    project = tmp_path / "project"
    write(project / "pyproject.toml", OWN)
    (project / "scripts").mkdir()
    monkeypatch.chdir(project)
    assert load_settings(["scripts/train.py"]).ignore == ["DL002"]  # standard input checked as a path below
    monkeypatch.chdir(home)
    assert find_config(project / "scripts") is None


def owned_by_another_user(path: Path, monkeypatch) -> None:
    """Make `path` another user's: given away where the tests run as root, else by changing who we are."""
    if os.geteuid() == 0:
        os.chown(path, 4242, -1)
    else:
        real = os.geteuid()
        monkeypatch.setattr(os, "geteuid", lambda: real + 1)


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX owners")
def test_a_configuration_another_user_owns_outside_any_repository_is_refused(tmp_path, home, monkeypatch):
    theirs = tmp_path / "theirs"
    config = write(theirs / "pyproject.toml", ABOVE)
    write(theirs / "train.py", "")
    owned_by_another_user(config, monkeypatch)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match=r"^theirs/pyproject.toml: owned by another user \(uid \d+\) .*; name it with --config to use it$"):
        load_settings(["theirs/train.py"])
    assert load_settings(["theirs/train.py"], config_file="theirs/pyproject.toml").ignore == ["DL001"]
    (theirs / ".git").mkdir()  # a repository vouches for its files, whoever wrote them
    assert load_settings(["theirs/train.py"]).ignore == ["DL001"]
