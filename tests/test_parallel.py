"""Worker processes: the same results, in the same order, as one process."""

from __future__ import annotations

import faulthandler
import os
import shutil
import signal
import time
from pathlib import Path

import pytest

from torch_advise.catalogue import load_catalogue
from torch_advise.config import Settings
from torch_advise.lint.options import FixMode, LintOptions
from torch_advise.lint.parallel import Task, run_in_order
from torch_advise.lint.runner import lint_files

from conftest import FIXTURES, make_target, run_advise

CORE = FIXTURES / "lint" / "core"


def slow_for_small_numbers(number: int) -> int:
    # The first tasks finish last, so order can only come from the merge, not from the scheduling.
    time.sleep(0.02 * (6 - number) if number < 6 else 0)
    return number * 10


def whole_reciprocal(number: int) -> int:
    return 1 // number


def test_results_keep_input_order_whatever_finishes_first():
    items = [Task(n) if n % 3 else n * 10 for n in range(40)]
    assert list(run_in_order(items, slow_for_small_numbers, jobs=2)) == [n * 10 for n in range(40)]


def test_settled_items_start_no_worker_processes(monkeypatch):
    def no_pool(*args, **kwargs):
        raise AssertionError("a worker pool was started with nothing to parse")

    import concurrent.futures

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    assert list(run_in_order(range(5), slow_for_small_numbers, jobs=4)) == list(range(5))


def test_a_failure_in_a_worker_reaches_the_caller():
    with pytest.raises(ZeroDivisionError):
        list(run_in_order([Task(1), Task(0)], whole_reciprocal, jobs=2))


def _results(paths, root: Path, jobs: int, fix=None, write=False):
    catalogue = load_catalogue()
    options = LintOptions(catalogue, frozenset(catalogue.codes()), make_target(), FixMode(fix) if fix else None)
    return list(lint_files(paths, Settings(root=root), options, write=write, jobs=jobs))


def test_workers_report_exactly_what_one_process_reports(tmp_path):
    serial = _results([str(CORE)], tmp_path, jobs=1)
    pooled = _results([str(CORE)], tmp_path, jobs=2)
    assert [r.path for r in pooled] == [r.path for r in serial]
    assert [r.findings for r in pooled] == [r.findings for r in serial]
    assert any(r.findings for r in serial)


def test_workers_write_fixes_and_return_what_a_diff_needs(tmp_path):
    tree = tmp_path / "core"
    shutil.copytree(CORE, tree)
    sources = sorted(p for p in tree.glob("*.py") if not p.name.endswith(".fixed.py"))
    for path in tree.glob("*.fixed.py"):
        path.unlink()
    before = {p.name: p.read_bytes() for p in sources}
    results = _results([str(tree)], tmp_path, jobs=2, fix="safe", write=True)
    changed = [r for r in results if r.changed]
    assert changed, "the fixtures hold safe fixes"
    for result in changed:
        path = Path(result.path)
        assert result.source == before[path.name]
        assert path.read_bytes() == result.fixed_source


def test_cli_jobs_option_gives_the_serial_output():
    one = run_advise(str(CORE), "--target", "a100", "--select", "ALL", "--no-cache", "-j", "1")
    two = run_advise(str(CORE), "--target", "a100", "--select", "ALL", "--no-cache", "-j", "2")
    assert one.returncode == two.returncode == 1
    assert two.stdout == one.stdout


def die_of_sigsegv() -> None:
    faulthandler.disable()  # pytest's, inherited by the fork: its dump would only be noise here
    os.kill(os.getpid(), signal.SIGSEGV)


def crash_on_thirteen(number: int) -> int:
    if number == 13:
        die_of_sigsegv()
    return number * 10


def test_a_worker_that_dies_costs_only_its_own_task():
    items = [Task(n) for n in range(30)]
    results = list(run_in_order(items, crash_on_thirteen, jobs=2, crashed=lambda n, how: (n, how)))
    assert results[:13] == [n * 10 for n in range(13)]
    assert results[13] == (13, "killed by SIGSEGV")
    assert results[14:] == [n * 10 for n in range(14, 30)]


def test_a_file_whose_checker_crashes_is_named_and_the_others_are_checked(tmp_path, monkeypatch):
    from torch_advise.lint import engine

    for path in sorted(CORE.glob("*.py"))[:4]:
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "crash.py").write_text("import torch\nloader = torch.utils.data.DataLoader(data)\n")
    serial = {Path(r.path).name: r.findings for r in _results([str(tmp_path)], tmp_path, jobs=1)}
    original = engine.lint_source

    def lint_source(path, *args, **kwargs):
        if path.endswith("crash.py"):
            die_of_sigsegv()
        return original(path, *args, **kwargs)

    # Workers are forked, so they inherit the patched engine.
    monkeypatch.setattr(engine, "lint_source", lint_source)
    results = {Path(r.path).name: r for r in _results([str(tmp_path)], tmp_path, jobs=2)}
    assert results["crash.py"].internal_error == "the process checking it died, killed by SIGSEGV"
    assert {name: r.findings for name, r in results.items() if name != "crash.py"} == {
        name: findings for name, findings in serial.items() if name != "crash.py"
    }
