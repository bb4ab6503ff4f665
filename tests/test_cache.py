"""The lint cache: an unchanged file is not parsed again, and nothing that changes a result is
ever answered from the cache."""

from __future__ import annotations

import hmac
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import torch_advise.lint.cache as cache_module
from torch_advise import records
from torch_advise.catalogue import load_catalogue
from torch_advise.config import Settings
from torch_advise.lint.cache import CACHE_DIR_NAME, Cache, run_fingerprint
from torch_advise.lint.options import FixMode, LintOptions
from torch_advise.lint.runner import lint_files

from conftest import make_target, run_advise

TRAIN = """\
import torch
from torch.utils.data import DataLoader

loader = DataLoader(dataset, batch_size=32, num_workers=4)
for x, y in loader:
    x = x.to("cuda")
    loss = model(x).sum()
    loss.backward()
    optimizer.zero_grad(set_to_none=False)
"""


def options(select=("DL", "OPT"), target=None, fix=None) -> LintOptions:
    """Two families only, so that rules added later cannot change what these files hold."""
    catalogue = load_catalogue()
    return LintOptions(catalogue, frozenset(catalogue.select(list(select), None)), target or make_target(), FixMode(fix) if fix else None)


def run(root: Path, opts: LintOptions, settings: Settings | None = None, write: bool = False):
    settings = settings or Settings(root=root)
    return list(lint_files([str(root)], settings, opts, write=write, cache=True))


def codes(results) -> list[str]:
    return [f.code for result in results for f in result.findings]


@pytest.fixture(autouse=True)
def user_cache(tmp_path_factory, monkeypatch) -> Path:
    """The user's cache folder, where the key that signs entries is kept: one of the test's own."""
    folder = tmp_path_factory.mktemp("user-cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder / "torch-advise"


@pytest.fixture
def project(tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    return tmp_path


def entries(root: Path) -> list[Path]:
    return [p for p in (root / CACHE_DIR_NAME).rglob("*") if p.is_file() and p.parent.parent.name == cache_module.LAYOUT]


def signed(secret: bytes, payload: bytes) -> bytes:
    """An entry as advise signs it: the HMAC of the entry without it, as its first field."""
    return b'{"signature":"' + hmac.digest(secret, payload, "sha256").hex().encode() + b'",' + payload[1:]


def test_unchanged_file_is_answered_from_the_cache(project, parses):
    first = run(project, options())
    assert parses == ["train.py"]
    second = run(project, options())
    assert parses == ["train.py"], "the second run parsed the file again"
    assert [r.findings for r in second] == [r.findings for r in first]
    assert codes(first) == ["DL002", "OPT001"]


def test_changed_file_is_linted_again(project, parses):
    run(project, options())
    (project / "train.py").write_text(TRAIN.replace("set_to_none=False", "set_to_none=True"))
    assert codes(run(project, options())) == ["DL002"]
    assert parses == ["train.py", "train.py"]


def test_selected_rules_and_target_and_settings_are_part_of_the_key(project, parses):
    run(project, options())
    assert codes(run(project, options(select=["OPT"]))) == ["OPT001"]
    run(project, options(target=make_target((7, 0), (1, 13))))
    ignoring = Settings(root=project, per_file_ignores={"train.py": ["DL002"]})
    assert codes(run(project, options(), ignoring)) == ["OPT001"]
    assert len(parses) == 4


def test_tool_version_and_check_code_and_catalogue_change_the_fingerprint(monkeypatch, tmp_path):
    opts = options()
    before = run_fingerprint(opts)
    monkeypatch.setattr(cache_module, "__version__", "999.0")
    assert run_fingerprint(opts) != before
    monkeypatch.undo()

    package = tmp_path / "package"
    package.mkdir()
    (package / "check.py").write_text("LIMIT = 1\n")
    monkeypatch.setattr(cache_module, "_PACKAGE", package)
    with_code = run_fingerprint(opts)
    (package / "check.py").write_text("LIMIT = 2\n")
    assert run_fingerprint(opts) != with_code
    monkeypatch.undo()

    first = opts.catalogue.rules[0]
    edited = records.replace(first, text=first.text + "\nMore.\n")
    other = records.replace(opts, catalogue=type(opts.catalogue)([edited, *opts.catalogue.rules[1:]]))
    assert run_fingerprint(other) != before


def test_fix_uses_an_entry_only_when_nothing_in_it_is_fixable(project, parses):
    run(project, options())
    results = run(project, options(fix="unsafe"), write=True)
    assert parses == ["train.py", "train.py"], "--fix trusted a cached finding that it had to fix"
    assert results[0].changed
    assert "pin_memory=True" in (project / "train.py").read_text()
    assert "set_to_none=True" in (project / "train.py").read_text()


def test_clean_file_skips_parsing_under_fix(tmp_path, parses):
    (tmp_path / "clean.py").write_text("import torch\n\noptimizer.zero_grad(set_to_none=True)\n")
    run(tmp_path, options())
    run(tmp_path, options(fix="unsafe"), write=True)
    assert parses == ["clean.py"]


def test_unreadable_or_corrupt_entries_are_misses(project, parses):
    run(project, options())
    for entry in entries(project):
        entry.write_bytes(b'{"findings": [')
    assert codes(run(project, options())) == ["DL002", "OPT001"]
    assert parses == ["train.py", "train.py"]


def test_an_entry_nested_too_deep_to_parse_is_a_miss_and_is_overwritten(project, parses):
    run(project, options())
    for entry in entries(project):
        entry.write_bytes(b"[" * 100_000)
    assert codes(run(project, options())) == ["DL002", "OPT001"]
    assert codes(run(project, options())) == ["DL002", "OPT001"]
    assert parses == ["train.py", "train.py"], "the entry was not written again"


def test_a_signed_entry_nested_too_deep_is_a_miss(tmp_path):
    secret = b"k" * 32
    cache = Cache(tmp_path / CACHE_DIR_NAME, "fingerprint", secret)
    key = cache.key("train.py", b"source", frozenset(), (2, 13))
    cache.store(key, [])
    [entry] = entries(tmp_path)
    nested = b"[" * 100_000 + b"]" * 100_000
    entry.write_bytes(signed(secret, b'{"key":"' + key.encode() + b'","findings":' + nested + b',"parse_error":false,"prefiltered":false}'))
    assert cache.load(key) is None


def test_an_entry_signed_with_another_key_or_changed_after_signing_is_a_miss(tmp_path):
    cache = Cache(tmp_path / CACHE_DIR_NAME, "fingerprint", b"k" * 32)
    key = cache.key("train.py", b"source", frozenset(), (2, 13))
    cache.store(key, run_once(tmp_path).findings)
    assert cache.load(key) is not None
    assert Cache(tmp_path / CACHE_DIR_NAME, "fingerprint", b"j" * 32).load(key) is None
    [entry] = entries(tmp_path)
    text = entry.read_text()
    entry.write_text(text[: text.index('"findings":[')] + '"findings":[],"parse_error":false,"prefiltered":false}')
    assert cache.load(key) is None


def test_entries_forged_in_a_repository_are_misses_in_a_fresh_clone(tmp_path, monkeypatch):
    """A pull request that commits .advise_cache/ (git add -f) with its entries emptied must not
    blank the lint of a CI checkout: its entries were signed on the machine that made them."""
    pull_request = tmp_path / "pull-request"
    pull_request.mkdir()
    (pull_request / "train.py").write_text(TRAIN)
    command = [".", "--target", "a100", "--select", "DL,OPT", "-j", "1"]
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "author-cache"))
    assert run_advise(*command, cwd=pull_request).returncode == 1
    forger = Cache.for_run(pull_request, options())
    assert forger is not None
    for entry in entries(pull_request):
        forger.store(entry.parent.name + entry.name, [])
    assert run_advise(*command, cwd=pull_request).returncode == 0, "the forged entries do not hide the findings where they were made"

    checkout = tmp_path / "ci-checkout"
    shutil.copytree(pull_request, checkout)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "ci-cache"))
    result = run_advise(*command, cwd=checkout)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "DL002" in result.stdout and "OPT001" in result.stdout


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permission bits")
def test_the_key_is_made_once_and_readable_by_the_user_alone(project, user_cache, parses):
    run(project, options())
    key_file = user_cache / "secret"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert stat.S_IMODE(user_cache.stat().st_mode) & 0o077 == 0
    key = key_file.read_bytes()
    run(project, options())
    assert key_file.read_bytes() == key and parses == ["train.py"]


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permission bits")
def test_a_key_others_can_read_is_replaced_and_its_entries_are_misses(project, user_cache, parses):
    run(project, options())
    key_file = user_cache / "secret"
    exposed = key_file.read_bytes()
    key_file.chmod(0o644)
    assert codes(run(project, options())) == ["DL002", "OPT001"]
    assert parses == ["train.py", "train.py"]
    assert key_file.read_bytes() != exposed and stat.S_IMODE(key_file.stat().st_mode) == 0o600


def test_no_cache_writes_nothing(project, user_cache):
    list(lint_files([str(project)], Settings(root=project), options(), cache=False))
    assert not (project / CACHE_DIR_NAME).exists()
    assert not user_cache.exists()


def test_cache_folder_keeps_itself_out_of_git(project):
    run(project, options())
    assert (project / CACHE_DIR_NAME / ".gitignore").read_text().splitlines()[-1] == "*"


def test_entries_round_trip_every_finding_field(tmp_path):
    cache = Cache(tmp_path, "fingerprint", b"k" * 32)
    result = run_once(tmp_path)
    key = cache.key("train.py", b"source", frozenset(), (2, 13))
    cache.store(key, result.findings)
    loaded = cache.load(key)
    assert loaded is not None and loaded.findings == result.findings
    assert [f.source_line for f in loaded.findings] == [f.source_line for f in result.findings]


def run_once(tmp_path: Path):
    (tmp_path / "train.py").write_text(TRAIN)
    return next(iter(lint_files([str(tmp_path / "train.py")], Settings(root=tmp_path), options())))


def test_two_runs_sharing_a_cache_agree_with_an_uncached_run(tmp_path):
    for index in range(12):
        (tmp_path / f"train_{index:02d}.py").write_text(TRAIN.replace("32", str(index + 1)))
    command = [sys.executable, "-m", "torch_advise", ".", "--target", "a100", "--format", "json", "-j", "1"]
    racing = [subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = [process.communicate(timeout=120)[0] for process in racing]
    uncached = subprocess.run([*command, "--no-cache"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert outputs == [uncached.stdout, uncached.stdout]
    assert not list((tmp_path / CACHE_DIR_NAME).rglob("*.tmp")), "a temporary entry was left behind"
    warm = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert warm.stdout == uncached.stdout


def test_cli_run_caches_in_the_config_root(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.advise]\nselect = ['OPT']\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "train.py").write_text(TRAIN)
    done = subprocess.run(
        [sys.executable, "-m", "torch_advise", "src", "--target", "a100"], cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )
    assert "OPT001" in done.stdout
    assert (tmp_path / CACHE_DIR_NAME).is_dir()


def test_the_cache_is_never_put_in_a_shared_folder_above_the_linted_file(tmp_path):
    """A pyproject.toml in a folder anyone can write to (/tmp) neither configures the lint of
    a file below it nor draws the cache there."""
    shared = tmp_path / "shared"
    (shared / "x").mkdir(parents=True)
    shared.chmod(0o1777)
    (shared / "pyproject.toml").write_text("[tool.advise]\nignore = ['OPT001']\n")
    (shared / "x" / "train.py").write_text(TRAIN)
    home = tmp_path / "home"
    home.mkdir()
    result = run_advise(str(shared / "x" / "train.py"), "--target", "a100", "--select", "DL,OPT", "-j", "1", cwd=home, env={"HOME": str(home)})
    assert "OPT001" in result.stdout
    assert not (shared / CACHE_DIR_NAME).exists()
    assert (home / CACHE_DIR_NAME).is_dir()
