"""The parent side: runs the script in a child process it can always clean up after.

The child runs with the same interpreter, in a session (and so a process group) of its own,
tagged, and adopting the orphans below it, as this process does while the run lasts
(processes.py), so that every process it starts can be found. On timeout, or when this process
is told to stop (SIGINT, SIGTERM, SIGHUP), the child gets SIGTERM, which makes it write what it
has measured; a child that ignores it is asked through its watch pipe for what it has so far;
then the group, everything tagged and every process below this one that the run started get
SIGKILL. Should this process die without a word (SIGKILL, an out-of-memory kill), the child
sees its watch pipe close and stops the processes below it and those tagged itself.

A distributed run starts torch.distributed.run instead, which closes every descriptor its ranks
would inherit: each rank watches this process by its pid and takes the stop and snapshot
requests as files in the run's temporary folder, where it writes its own result file.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Optional

from torch_advise.probe.inside.instrument import (
    CONFIG_ENV,
    OUT_ENV,
    SNAPSHOT_FILE,
    SNAPSHOT_REQUEST,
    STOP_FILE,
    WATCH_ENV,
    rank_result_name,
    remove_noted_temp_dirs,
    temp_dir_record,
)
from torch_advise.processes import TAG_ENV, adopting_orphans, children, new_tag, reap_adopted, stop_run

_PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Put this package first on the path whether or not it is installed, then hand over to it.
_BOOTSTRAP = (
    "import sys; sys.path.insert(0, {root!r}); "
    "from torch_advise.probe.inside.instrument import main; main()"
)

TERM_GRACE_S = 5.0
SNAPSHOT_GRACE_S = 2.0
EXIT_GRACE_S = 10.0
_POLL_S = 0.05
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


@dataclass
class ChildRun:
    result: Optional[dict[str, Any]]
    returncode: Optional[int]
    timed_out: bool
    pid: int
    wall_s: float
    stopped_by: Optional[int] = None  # the signal this process was stopped with
    # A distributed run's results, by rank (None for a rank that wrote none); ``result`` is then None.
    rank_results: Optional[dict[int, Optional[dict[str, Any]]]] = None


def child_command(script: str, args: list[str]) -> list[str]:
    return [sys.executable, "-c", _BOOTSTRAP.format(root=_PACKAGE_ROOT), script, *args]


def distributed_command(bootstrap: str, nproc: int, script: str, args: list[str]) -> list[str]:
    """torch.distributed.run, as torchrun users start it, one node, with the bootstrap (a file:
    torchrun runs a script, not ``-c``) as every rank's entry point."""
    return [sys.executable, "-m", "torch.distributed.run", "--standalone", f"--nproc-per-node={nproc}",
            "--max-restarts=0", "--monitor-interval=0.1", bootstrap, script, *args]


class _Channel:
    """How the parent asks a running child to stop and, failing that, for its figures so far."""

    def __init__(self, process: subprocess.Popen, results: list[str], watch_write: Optional[int]) -> None:
        self.process = process
        self.results = results
        self._watch_write = watch_write

    def written(self) -> bool:
        return all(os.path.exists(path) for path in self.results)

    def ask_to_stop(self) -> None:
        # A rank's request to stop; for a child with a pipe, word that the SIGTERM to come is the probe's.
        _touch(os.path.join(os.path.dirname(self.results[0]), STOP_FILE))
        if self._watch_write is not None:
            self.process.send_signal(signal.SIGTERM)

    def ask_for_snapshot(self) -> None:
        if self._watch_write is None:
            _touch(os.path.join(os.path.dirname(self.results[0]), SNAPSHOT_FILE))
            return
        try:
            os.write(self._watch_write, SNAPSHOT_REQUEST)
        except OSError:
            pass


def _touch(path: str) -> None:
    with open(path, "w", encoding="utf-8"):
        pass


def _stderr_fd() -> int:
    try:
        return sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):
        return 2


@contextmanager
def _stop_requests():
    """While the child runs, a stop signal to this process is a request, noted in the list the
    wait loop reads, to stop the child and report what it measured, not a sudden death."""
    received: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield received
        return
    previous = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}
    for signum in STOP_SIGNALS:
        signal.signal(signum, lambda signum, frame: received.append(signum))
    try:
        yield received
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _read(path: str) -> Optional[dict[str, Any]]:
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def run_child(script: str, args: list[str], *, warmup: int, steps: int, timeout_s: float,
              output_to_stderr: bool, trial: Optional[dict[str, Any]] = None,
              nproc: Optional[int] = None) -> ChildRun:
    """Runs the script under the probe and returns what the child wrote, if anything; with
    ``nproc``, as that many ranks under torch.distributed.run."""
    tag = new_tag()
    # Children this process had before the run are not the run's to stop.
    elders = children(os.getpid())
    with tempfile.TemporaryDirectory(prefix="advise-probe-") as tmp, _stop_requests() as received, adopting_orphans():
        out_path = os.path.join(tmp, "result.json")
        env = dict(os.environ)
        env[OUT_ENV] = out_path
        config: dict[str, Any] = {"warmup": warmup, "steps": steps, "trial": trial}
        env[TAG_ENV] = tag
        watch_read: Optional[int] = None
        watch_write: Optional[int] = None
        if nproc:
            bootstrap = os.path.join(tmp, "advise_rank.py")
            with open(bootstrap, "w", encoding="utf-8") as handle:
                handle.write(_BOOTSTRAP.format(root=_PACKAGE_ROOT) + "\n")
            command = distributed_command(bootstrap, nproc, script, args)
            results = [os.path.join(tmp, rank_result_name(rank)) for rank in range(nproc)]
            config["parent_pid"] = os.getpid()
        else:
            command = child_command(script, args)
            results = [out_path]
            watch_read, watch_write = os.pipe()
            env[WATCH_ENV] = str(watch_read)
        env[CONFIG_ENV] = json.dumps(config)
        started = time.monotonic()
        try:
            process = subprocess.Popen(
                command,
                env=env,
                start_new_session=True,
                stdout=_stderr_fd() if output_to_stderr else None,
                pass_fds=(watch_read,) if watch_read is not None else (),
            )
        finally:
            if watch_read is not None:
                os.close(watch_read)
        channel = _Channel(process, results, watch_write)
        timed_out = False
        try:
            timed_out = _wait(channel, started + timeout_s, received)
        finally:
            stop_run(tag, os.getpid(), group=process.pid, spare=elders)
            process.wait()
            reap_adopted(spare=elders | {process.pid})
            if watch_write is not None:
                os.close(watch_write)
            remove_noted_temp_dirs(temp_dir_record(out_path))
        wall_s = time.monotonic() - started
        written = [_read(path) for path in results]
    stopped_by = received[0] if received else None
    run = ChildRun(None if nproc else written[0], process.returncode, timed_out and stopped_by is None,
                   process.pid, wall_s, stopped_by)
    if nproc:
        run.rank_results = dict(enumerate(written))
    return run


def _wait(channel: _Channel, deadline: float, received: list[int]) -> bool:
    """Waits for the child; True when it had to be stopped (the timeout ran out or a stop
    signal came).

    Once the child has written its results, it gets EXIT_GRACE_S more to exit (a script may
    leave non-daemon threads running that would keep it alive)."""
    exit_deadline: Optional[float] = None
    while channel.process.poll() is None:
        now = time.monotonic()
        if exit_deadline is None and channel.written():
            exit_deadline = now + EXIT_GRACE_S
        if exit_deadline is not None and not received:
            if now >= exit_deadline:
                return False
        elif now >= deadline or received:
            _stop(channel)
            return True
        time.sleep(_POLL_S)
    return False


def _stop(channel: _Channel) -> None:
    """SIGTERM, which the child turns into a report of where the script was; a child that does
    not exit (the script handles SIGTERM itself, or is stuck in native code) is asked for the
    figures it has so far."""
    channel.ask_to_stop()
    try:
        channel.process.wait(TERM_GRACE_S)
        return
    except subprocess.TimeoutExpired:
        pass
    if channel.written():
        return
    channel.ask_for_snapshot()
    until = time.monotonic() + SNAPSHOT_GRACE_S
    while time.monotonic() < until and not channel.written() and channel.process.poll() is None:
        time.sleep(_POLL_S)
