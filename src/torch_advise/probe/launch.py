"""The parent side: runs the script in a child process it can always clean up after.

The child runs with the same interpreter, in a session (and so a process group) of its own,
tagged (processes.py) so that every process it starts can be found. On timeout, or when this
process is told to stop (SIGINT, SIGTERM, SIGHUP), the child gets SIGTERM, which makes it write
what it has measured; a child that ignores it is asked through its watch pipe for what it has
so far; then the group and everything tagged get SIGKILL. Should this process die without a
word (SIGKILL, an out-of-memory kill), the child sees its watch pipe close and stops the same
processes itself.
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

from torch_advise.probe.instrument import CONFIG_ENV, OUT_ENV, SNAPSHOT_REQUEST, WATCH_ENV, remove_noted_temp_dirs, temp_dir_record
from torch_advise.processes import TAG_ENV, new_tag, stop_tagged

_PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Put this package first on the path whether or not it is installed, then hand over to it.
_BOOTSTRAP = (
    "import sys; sys.path.insert(0, {root!r}); "
    "from torch_advise.probe.instrument import main; main()"
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


def child_command(script: str, args: list[str]) -> list[str]:
    return [sys.executable, "-c", _BOOTSTRAP.format(root=_PACKAGE_ROOT), script, *args]


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


def run_child(script: str, args: list[str], *, warmup: int, steps: int, timeout_s: float,
              output_to_stderr: bool, trial: Optional[dict[str, Any]] = None) -> ChildRun:
    """Runs the script under the probe and returns what the child wrote, if anything."""
    tag = new_tag()
    with tempfile.TemporaryDirectory(prefix="advise-probe-") as tmp, _stop_requests() as received:
        out_path = os.path.join(tmp, "result.json")
        watch_read, watch_write = os.pipe()
        env = dict(os.environ)
        env[OUT_ENV] = out_path
        env[CONFIG_ENV] = json.dumps({"warmup": warmup, "steps": steps, "trial": trial})
        env[WATCH_ENV] = str(watch_read)
        env[TAG_ENV] = tag
        started = time.monotonic()
        try:
            process = subprocess.Popen(
                child_command(script, args),
                env=env,
                start_new_session=True,
                stdout=_stderr_fd() if output_to_stderr else None,
                pass_fds=(watch_read,),
            )
        finally:
            os.close(watch_read)
        timed_out = False
        try:
            timed_out = _wait(process, out_path, started + timeout_s, received, watch_write)
        finally:
            stop_tagged(tag, group=process.pid)
            process.wait()
            os.close(watch_write)
            remove_noted_temp_dirs(temp_dir_record(out_path))
        wall_s = time.monotonic() - started
        result = None
        if os.path.exists(out_path):
            with open(out_path, encoding="utf-8") as handle:
                result = json.load(handle)
    stopped_by = received[0] if received else None
    return ChildRun(result, process.returncode, timed_out and stopped_by is None, process.pid, wall_s, stopped_by)


def _wait(process: subprocess.Popen, out_path: str, deadline: float, received: list[int], watch_write: int) -> bool:
    """Waits for the child; True when it had to be stopped (the timeout ran out or a stop
    signal came).

    Once the child has written its results, it gets EXIT_GRACE_S more to exit (a script may
    leave non-daemon threads running that would keep it alive)."""
    exit_deadline: Optional[float] = None
    while process.poll() is None:
        now = time.monotonic()
        if exit_deadline is None and os.path.exists(out_path):
            exit_deadline = now + EXIT_GRACE_S
        if exit_deadline is not None and not received:
            if now >= exit_deadline:
                return False
        elif now >= deadline or received:
            _stop(process, out_path, watch_write)
            return True
        time.sleep(_POLL_S)
    return False


def _stop(process: subprocess.Popen, out_path: str, watch_write: int) -> None:
    """SIGTERM, which the child turns into a report of where the script was; a child that does
    not exit (the script handles SIGTERM itself, or is stuck in native code) is asked for the
    figures it has so far."""
    try:
        process.send_signal(signal.SIGTERM)
        process.wait(TERM_GRACE_S)
        return
    except subprocess.TimeoutExpired:
        pass
    if os.path.exists(out_path):
        return
    try:
        os.write(watch_write, SNAPSHOT_REQUEST)
    except OSError:
        return
    until = time.monotonic() + SNAPSHOT_GRACE_S
    while time.monotonic() < until and not os.path.exists(out_path) and process.poll() is None:
        time.sleep(_POLL_S)
