"""The parent side: runs the script in a child process it can always clean up after.

The child runs with the same interpreter, in a session (and so a process group) of its own.
On timeout the child gets SIGTERM, which makes it write what it has measured; after a short
grace the whole group, DataLoader workers included, gets SIGKILL. The group is killed once
more after every run, so nothing the script started is left behind.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Any, Optional

from torch_advise.probe.instrument import CONFIG_ENV, OUT_ENV

_PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Put this package first on the path whether or not it is installed, then hand over to it.
_BOOTSTRAP = (
    "import sys; sys.path.insert(0, {root!r}); "
    "from torch_advise.probe.instrument import main; main()"
)

TERM_GRACE_S = 5.0
EXIT_GRACE_S = 10.0
_POLL_S = 0.05


@dataclass
class ChildRun:
    result: Optional[dict[str, Any]]
    returncode: Optional[int]
    timed_out: bool
    pid: int
    wall_s: float


def child_command(script: str, args: list[str]) -> list[str]:
    return [sys.executable, "-c", _BOOTSTRAP.format(root=_PACKAGE_ROOT), script, *args]


def _kill_group(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _stderr_fd() -> int:
    try:
        return sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):
        return 2


def run_child(script: str, args: list[str], *, warmup: int, steps: int, timeout_s: float,
              output_to_stderr: bool) -> ChildRun:
    """Runs the script under the probe and returns what the child wrote, if anything."""
    with tempfile.TemporaryDirectory(prefix="advise-probe-") as tmp:
        out_path = os.path.join(tmp, "result.json")
        env = dict(os.environ)
        env[OUT_ENV] = out_path
        env[CONFIG_ENV] = json.dumps({"warmup": warmup, "steps": steps})
        started = time.monotonic()
        process = subprocess.Popen(
            child_command(script, args),
            env=env,
            start_new_session=True,
            stdout=_stderr_fd() if output_to_stderr else None,
        )
        timed_out = False
        try:
            timed_out = _wait(process, out_path, started + timeout_s)
        finally:
            _kill_group(process.pid, signal.SIGKILL)
            process.wait()
        wall_s = time.monotonic() - started
        result = None
        if os.path.exists(out_path):
            with open(out_path, encoding="utf-8") as handle:
                result = json.load(handle)
    return ChildRun(result, process.returncode, timed_out, process.pid, wall_s)


def _wait(process: subprocess.Popen, out_path: str, deadline: float) -> bool:
    """Waits for the child; True when the timeout ran out.

    Once the child has written its results, it gets EXIT_GRACE_S more to exit (a script may
    leave non-daemon threads running that would keep it alive)."""
    exit_deadline: Optional[float] = None
    while process.poll() is None:
        now = time.monotonic()
        if exit_deadline is None and os.path.exists(out_path):
            exit_deadline = now + EXIT_GRACE_S
        if exit_deadline is not None:
            if now >= exit_deadline:
                return False
        elif now >= deadline:
            try:
                process.send_signal(signal.SIGTERM)
                process.wait(TERM_GRACE_S)
            except subprocess.TimeoutExpired:
                pass
            return True
        time.sleep(_POLL_S)
    return False
