"""Processes a run starts: they die with the run, and every one of them can be found and stopped.

A process group is not enough to find them: a script may start helpers in sessions of their own,
and once their parent has died they belong to init. So every process a probe run starts carries
a tag in its environment (inherited through fork and exec alike), and the tag, not the family
tree, is what a clean-up looks for.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Mapping
from typing import Callable

TAG_ENV = "TORCH_ADVISE_RUN_TAG"
_PR_SET_PDEATHSIG = 1
_PARENT_POLL_S = 0.2


def new_tag() -> str:
    return f"{os.getpid()}-{time.monotonic_ns()}"


def tagged(tag: str) -> list[int]:
    """The live processes, this one aside, whose environment holds ``tag`` (Linux reads /proc;
    elsewhere the environment cannot be read, and only the family tree of this process is found)."""
    if not os.path.isdir("/proc/self"):
        return _descendants_by_ps(os.getpid())
    entry = f"{TAG_ENV}={tag}".encode()
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as handle:
                environ = handle.read().split(b"\0")
        except OSError:  # gone meanwhile, or not ours to read
            continue
        if entry in environ:
            found.append(int(name))
    return found


def _descendants_by_ps(root: int) -> list[int]:
    try:
        listing = subprocess.run(["ps", "-A", "-o", "pid=", "-o", "ppid="], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    children: dict[int, list[int]] = {}
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 2 and all(field.isdigit() for field in fields):
            children.setdefault(int(fields[1]), []).append(int(fields[0]))
    found, frontier = [], [root]
    while frontier:
        kids = children.get(frontier.pop(), [])
        found.extend(kids)
        frontier.extend(kids)
    return found


def kill_all(pids: Iterable[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def stop_tagged(tag: str, group: int | None = None) -> None:
    """SIGKILL to the group and to every process holding the tag, until none is left: a process
    being killed may fork on the way, so one pass is not always enough."""
    if group is not None:
        try:
            os.killpg(group, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    for _ in range(10):
        alive = tagged(tag)
        if not alive:
            return
        kill_all(alive)
        time.sleep(0.05)


def die_with_parent() -> None:
    """Called first thing in a worker process: the worker ends as soon as the process that
    started it does, rather than sleep on forever holding the pipes a reader such as `tee`
    waits on. Linux sends the signal itself; elsewhere a thread watches the parent's pid."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent:  # died before the request took hold
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass
    watch_parent(parent, lambda: os._exit(1))


def watch_parent(parent: int, on_death: Callable[[], None]) -> None:
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_PARENT_POLL_S)
        on_death()

    threading.Thread(target=watch, name="advise-parent-watch", daemon=True).start()


def watch_pipe(fd: int, on_close: Callable[[], None], requests: Mapping[bytes, Callable[[], None]]) -> None:
    """From a thread: calls ``on_close`` once the pipe's other end is closed, which is when the
    parent holding it has ended, by any death, SIGKILL included, on any platform; and
    ``requests[byte]`` for each byte the parent sends."""

    def watch() -> None:
        try:
            while byte := os.read(fd, 1):
                if byte in requests:
                    requests[byte]()
        except OSError:
            pass
        on_close()

    threading.Thread(target=watch, name="advise-parent-pipe", daemon=True).start()


def watch_folder(folder: str, parent: int, on_gone: Callable[[], None],
                 requests: Mapping[str, Callable[[], None]]) -> None:
    """From a thread, for a process that cannot hold the parent's pipe (a rank that
    torch.distributed.run started, which closes every inherited descriptor): calls
    ``on_gone`` once process ``parent`` has ended, and ``requests[name]`` once, when a file
    of that name appears in ``folder``."""

    def watch() -> None:
        pending = dict(requests)
        while True:
            try:
                os.kill(parent, 0)
            except ProcessLookupError:
                break
            except PermissionError:
                pass
            for name in [name for name in pending if os.path.exists(os.path.join(folder, name))]:
                pending.pop(name)()
            time.sleep(_PARENT_POLL_S / 4)
        on_gone()

    threading.Thread(target=watch, name="advise-parent-folder", daemon=True).start()
