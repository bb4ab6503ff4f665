"""Processes a run starts: they die with the run, and every one of them can be found and stopped.

A process group is not enough to find them: a script may start helpers in sessions and with
environments of their own, and a process whose parent has died is adopted by another. So the
processes of a run are looked for three ways:
- in the family tree (parent pid links, read from /proc, elsewhere from `ps`), below the
  process the run started, or below the probe once that process has ended;
- as adopted orphans, which keeps the tree whole: on Linux the process that runs the script, and
  the probe while the run lasts, are child subreapers, so an orphan of the run is adopted by the
  nearer of them rather than by init, and stays in the tree;
- by a tag in their environment (inherited through fork and exec alike), for the processes that
  leave the tree where no subreaper can be set up. Only Linux lets another process's environment
  be read; elsewhere (macOS) an orphan whose ancestors in the run have all ended is not found.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Collection, Iterable, Iterator, Mapping
from typing import Any, Callable, Optional

TAG_ENV = "TORCH_ADVISE_RUN_TAG"
_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36
_PR_GET_CHILD_SUBREAPER = 37
_PARENT_POLL_S = 0.2
_KILL_POLL_S = 0.05


def new_tag() -> str:
    return f"{os.getpid()}-{time.monotonic_ns()}"


def _prctl(option: int, argument: Any) -> bool:
    """Linux's prctl(2) with one argument (an int, or a pointer from ctypes.byref); False where
    there is none or it refused."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        # prctl reads its arguments as unsigned longs: an int passed as a C int leaves the upper half unset.
        wide = ctypes.c_ulong(argument) if isinstance(argument, int) else argument
        unused = ctypes.c_ulong(0)
        return ctypes.CDLL(None, use_errno=True).prctl(option, wide, unused, unused, unused) == 0
    except (OSError, AttributeError):
        return False


def adopt_orphans() -> bool:
    """Makes this process a child subreaper (Linux): an orphan among its descendants becomes its
    child rather than init's, and so stays in its family tree. False where that cannot be done."""
    return _prctl(_PR_SET_CHILD_SUBREAPER, 1)


@contextlib.contextmanager
def adopting_orphans() -> Iterator[None]:
    """adopt_orphans for the length of the block; after it, this process adopts as it did before."""
    import ctypes

    before = ctypes.c_int(0)
    _prctl(_PR_GET_CHILD_SUBREAPER, ctypes.byref(before))
    adopted = adopt_orphans()
    try:
        yield
    finally:
        if adopted and not before.value:
            _prctl(_PR_SET_CHILD_SUBREAPER, 0)


def _process_table() -> list[tuple[int, int, bool]]:
    """(pid, parent pid, ended) for every process; an ended one is a zombie, dead but not yet
    waited for."""
    if not os.path.isdir("/proc/self"):
        return _process_table_by_ps()
    table = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as handle:
                # The command name, in parentheses, may hold spaces and parentheses of its own.
                state, parent = handle.read().rsplit(b")", 1)[1].split()[:2]
        except (OSError, ValueError):  # gone meanwhile, or no stat line to read
            continue
        table.append((int(name), int(parent), state == b"Z"))
    return table


def _process_table_by_ps() -> list[tuple[int, int, bool]]:
    import subprocess  # here, not at the top: a lint imports this module and never lists processes

    try:
        with subprocess.Popen(["ps", "-A", "-o", "pid=", "-o", "ppid=", "-o", "stat="], stdout=subprocess.PIPE, text=True) as ps:
            try:
                listing = ps.communicate(timeout=10)[0]
            except subprocess.TimeoutExpired:
                ps.kill()
                return []
    except OSError:
        return []
    table = []
    for line in listing.splitlines():
        fields = line.split()
        # ps lists itself, a child of this process that has ended by now.
        if len(fields) == 3 and fields[0].isdigit() and fields[1].isdigit() and int(fields[0]) != ps.pid:
            table.append((int(fields[0]), int(fields[1]), fields[2].startswith("Z")))
    return table


def children(parent: int) -> set[int]:
    """The children of ``parent``, ended ones included."""
    return {pid for pid, ppid, _ in _process_table() if ppid == parent}


def descendants(root: int, spare: Collection[int] = ()) -> set[int]:
    """The live descendants of ``root``, but for the processes in ``spare`` and theirs."""
    below: dict[int, list[int]] = {}
    ended = set()
    for pid, ppid, zombie in _process_table():
        below.setdefault(ppid, []).append(pid)
        if zombie:
            ended.add(pid)
    found: set[int] = set()
    frontier = [root]
    while frontier:
        for pid in below.get(frontier.pop(), []):
            if pid not in spare and pid not in found:
                found.add(pid)
                frontier.append(pid)
    return found - ended


def tagged(tag: Optional[str]) -> list[int]:
    """The live processes, this one aside, whose environment holds ``tag``; none where the
    environment of another process cannot be read (anywhere but Linux)."""
    if not tag or not os.path.isdir("/proc/self"):
        return []
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


def kill_all(pids: Iterable[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def stop_run(tag: Optional[str], root: int, *, group: Optional[int] = None, spare: Collection[int] = ()) -> None:
    """SIGKILL to the group, then to every descendant of ``root`` (but those in ``spare`` and
    theirs) and every process holding the tag, this process aside, until none is left: a process
    being killed may fork on the way, so one pass is not always enough."""
    if group is not None:
        try:
            os.killpg(group, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    for _ in range(10):
        alive = (descendants(root, spare) | set(tagged(tag))) - {os.getpid()}
        if not alive:
            return
        kill_all(alive)
        time.sleep(_KILL_POLL_S)


def reap_adopted(spare: Collection[int], timeout_s: float = 2.0) -> None:
    """Waits for every child of this process but those in ``spare``: the orphans it adopted and
    then killed, which would otherwise stay zombies for as long as it lives."""
    until = time.monotonic() + timeout_s
    while (pending := children(os.getpid()) - set(spare)) and time.monotonic() < until:
        for pid in pending:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, os.WNOHANG)
        time.sleep(_KILL_POLL_S)


def die_with_parent() -> None:
    """Called first thing in a worker process: the worker ends as soon as the process that
    started it does, rather than sleep on forever holding the pipes a reader such as `tee`
    waits on. Linux sends the signal itself; elsewhere a thread watches the parent's pid."""
    parent = os.getppid()
    if _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL):
        if os.getppid() != parent:  # died before the request took hold
            os._exit(1)
        return
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
