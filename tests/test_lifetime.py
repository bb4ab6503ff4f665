"""Nothing a run starts outlives it: real processes are started, signalled and killed, and the
test then looks for each pid the run started."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import FIXTURES, REPO

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
STUCK = FIXTURES / "probe" / "stuck_workers.py"
HELPERS = FIXTURES / "probe" / "session_helpers.py"
SPAWNED = FIXTURES / "probe" / "spawn_workers.py"
CORE = FIXTURES / "lint" / "core"


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_until(condition, timeout: float) -> bool:
    until = time.monotonic() + timeout
    while time.monotonic() < until:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def recorded(pids_file: Path) -> list[int]:
    return [int(line) for line in pids_file.read_text().split()] if pids_file.exists() else []


def start_probe(tmp_path: Path, *options: str, script_args: tuple[str, ...] = ()):
    pids_file = tmp_path / "pids"
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "PYTHONPATH": str(REPO / "src")}
    process = subprocess.Popen(
        [sys.executable, "-m", "torch_advise", "probe", str(STUCK), "--format", "json", "--output", str(tmp_path / "report.json"),
         "--warmup", "2", *options, "--", "--pids", str(pids_file), *script_args],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    # The script, its helper and both workers; then the workers stall at batch 12.
    assert wait_until(lambda: len(recorded(pids_file)) == 4, 120), process.stderr and process.stderr.read()
    time.sleep(2)
    return process, pids_file, temp


def assert_nothing_left(pids_file: Path, temp: Path) -> None:
    pids = recorded(pids_file)
    assert len(pids) == 4
    assert wait_until(lambda: not any(alive(pid) for pid in pids), 10), [pid for pid in pids if alive(pid)]
    # What a run leaves in the temporary folder is torch's own compile cache, as `python train.py` would.
    assert wait_until(lambda: not leftovers(temp), 5), leftovers(temp)


def leftovers(temp: Path) -> list[str]:
    return [path.name for path in temp.iterdir() if path.name.startswith(("advise-probe-", "pymp-"))]


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_stop_signal_ends_the_run_with_a_report_of_what_was_measured(tmp_path, signum):
    process, pids_file, temp = start_probe(tmp_path)
    process.send_signal(signum)
    assert process.wait(60) == 128 + signum
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["outcome"]["status"] == "stopped"
    assert report["outcome"]["signal"] == signal.Signals(signum).name
    assert report["outcome"]["detail"] == f"the probe was stopped by {signal.Signals(signum).name}"
    assert report["outcome"]["exception"]["line"] is not None  # where the script waited
    assert report["steps"]["measured"] >= 1
    assert [loader["num_workers"] for loader in report["loaders"]] == [2]
    assert_nothing_left(pids_file, temp)


def test_sigkill_of_the_probe_leaves_nothing_running(tmp_path):
    process, pids_file, temp = start_probe(tmp_path)
    process.kill()
    process.wait(10)
    assert_nothing_left(pids_file, temp)


def test_a_script_that_ignores_sigterm_is_killed_and_reported_as_far_as_it_got(tmp_path):
    process, pids_file, temp = start_probe(tmp_path, "--timeout", "20", script_args=("--ignore-sigterm",))
    assert process.wait(90) == 3
    report = json.loads((tmp_path / "report.json").read_text())
    outcome = report["outcome"]
    assert outcome["status"] == "timed-out" and outcome["forced"] is True
    assert "did not answer SIGTERM" in outcome["detail"]
    assert report["steps"]["measured"] >= 1
    assert report["steps"]["note"] == f"the probe stopped the script at the 20 s timeout after {report['steps']['measured']} of 50 measured steps"
    assert [loader["num_workers"] for loader in report["loaders"]] == [2]
    assert_nothing_left(pids_file, temp)


def probe_command(script: Path, *options: str, script_args: tuple[str, ...] = ()) -> list[str]:
    return [sys.executable, "-m", "torch_advise", "probe", str(script), *options, "--warmup", "2", "--steps", "5", "--", *script_args]


def probe_env(tmp_path: Path) -> dict[str, str]:
    temp = tmp_path / "tmp"
    temp.mkdir(exist_ok=True)
    return {**os.environ, "TMPDIR": str(temp), "PYTHONPATH": str(REPO / "src"), "NO_COLOR": "1"}


@pytest.fixture
def helpers(tmp_path):
    """The file session_helpers.py writes its helpers' pids to; whatever the test found, they do not
    sleep on after it."""
    pids_file = tmp_path / "helper-pids"
    yield pids_file
    for pid in recorded(pids_file):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def assert_helpers_gone(pids_file: Path) -> None:
    # The helper and the daemon (session_helpers.py).
    pids = recorded(pids_file)
    assert len(pids) == 2
    assert wait_until(lambda: not any(alive(pid) for pid in pids), 10), [pid for pid in pids if alive(pid)]


def test_helpers_in_sessions_and_environments_of_their_own_end_with_a_run_that_times_out(tmp_path, helpers):
    with open(tmp_path / "stderr", "w") as stderr:
        completed = subprocess.run(
            probe_command(HELPERS, "--timeout", "20", "--format", "json", "--output", str(tmp_path / "report.json"),
                          script_args=("--pids", str(helpers), "--hang-at", "4")),
            env=probe_env(tmp_path), stdout=subprocess.DEVNULL, stderr=stderr, timeout=120,
        )
    assert completed.returncode == 3, (tmp_path / "stderr").read_text()
    assert json.loads((tmp_path / "report.json").read_text())["outcome"]["status"] == "timed-out"
    assert_helpers_gone(helpers)


def test_sigkill_of_the_probe_ends_helpers_in_sessions_and_environments_of_their_own(tmp_path, helpers):
    process = subprocess.Popen(
        probe_command(HELPERS, "--timeout", "120", script_args=("--pids", str(helpers), "--hang-at", "4")),
        env=probe_env(tmp_path), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    assert wait_until(lambda: len(recorded(helpers)) == 2, 120)
    time.sleep(1)  # the daemon's parent has exited by now: the daemon is an orphan
    process.kill()
    process.wait(10)
    assert_helpers_gone(helpers)


def test_a_reader_of_the_report_gets_its_end_once_the_run_is_over(tmp_path, helpers):
    # `advise probe train.py | tee log`: the helpers hold the probe's stdout, which they inherited.
    try:
        completed = subprocess.run(probe_command(HELPERS, script_args=("--pids", str(helpers))),
                                   env=probe_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("the report's reader got no end of file within 60 s")
    assert completed.returncode == 0
    assert b"stopped after the measured window" in completed.stdout
    assert_helpers_gone(helpers)


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_workers_that_are_not_forked_leave_no_temporary_folder(tmp_path, method):
    ready = tmp_path / "ready"
    env = probe_env(tmp_path)
    process = subprocess.Popen(
        probe_command(SPAWNED, "--timeout", "120", script_args=("--method", method, "--hang-at", "4", "--ready", str(ready))),
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    assert wait_until(ready.exists, 120)
    # Killed, not shut down, a worker cannot remove a folder it made itself.
    process.kill()
    process.wait(10)
    temp = Path(env["TMPDIR"])
    assert wait_until(lambda: not leftovers(temp), 10), leftovers(temp)


def children_of(pid: int) -> list[int]:
    found = []
    for name in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{name}/stat", encoding="utf-8") as handle:
                if int(handle.read().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(name))
        except (OSError, ValueError, IndexError):
            continue
    return found


def test_lint_workers_die_with_their_parent_and_let_the_reader_finish(tmp_path):
    tree = tmp_path / "tree"
    tree.mkdir()
    sources = sorted(path for path in CORE.glob("*.py") if not path.name.endswith(".fixed.py"))
    for copy in range(40):
        for path in sources:
            shutil.copy(path, tree / f"c{copy}_{path.name}")
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "NO_COLOR": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "torch_advise", str(tree), "--no-cache", "-j", "2", "--target", "a100"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
    )
    assert wait_until(lambda: len(children_of(process.pid)) >= 2, 60)
    workers = children_of(process.pid)
    process.kill()
    process.wait(10)
    # `advise | tee`: the reader gets its end of file only once no worker holds the pipe.
    started = time.monotonic()
    process.stdout.read()
    assert time.monotonic() - started < 10
    assert wait_until(lambda: not any(alive(pid) for pid in workers), 10)
