"""Worker processes over files, with results in input order whatever the scheduling.

Items are either settled already (a cache hit, a skipped file) or a Task for a worker. Results
stream out in the order of the items as soon as the head of the line is ready; at most
`window` tasks are in flight, so memory does not grow with the number of files.
"""

from __future__ import annotations

import os
import signal
import sys
from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any, Callable, Optional, TypeVar, Union

from torch_advise.processes import die_with_parent
from torch_advise.records import dataclass

Result = TypeVar("Result")
TASKS_IN_FLIGHT_PER_JOB = 8


@dataclass(frozen=True)
class Task:
    """Work for a worker: `argument` is what the worker callable is called with."""

    argument: Any


def available_cores() -> int:
    """The cores this process may run on (a container's CPU set, not the host's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS and Windows have no affinity call
        return max(1, os.cpu_count() or 1)


# The worker callable inside each worker process, set once by the pool's initializer.
_installed: Callable[[Any], Any]


def _install(worker: Callable[[Any], Any]) -> None:
    global _installed
    _installed = worker
    _become_worker()


def _become_worker() -> None:
    # A worker whose parent has gone would sleep on forever holding the pipes `advise | tee` reads.
    die_with_parent()
    # Ctrl-C is the parent's to handle: it stops the pool; a worker printing its own
    # KeyboardInterrupt traceback would only bury the one-line message.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _call_installed(argument: Any) -> Any:
    return _installed(argument)


def _context():
    import multiprocessing

    # fork shares the parent's imported modules (libcst, the checks) with every worker for free;
    # where it is unsafe or missing, the platform default re-imports them in each worker.
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


@dataclass
class _Pending:
    future: Any
    argument: Any


def _send_result(worker: Callable[[Any], Any], argument: Any, connection: Any) -> None:
    _become_worker()
    connection.send(worker(argument))


def _exit_description(exitcode: Optional[int]) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            return f"killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"killed by signal {-exitcode}"
    return f"exit status {exitcode}"


def _run_alone(worker: Callable[[Any], Result], argument: Any, crashed: Callable[[Any, str], Result]) -> Result:
    """worker(argument) in a process of its own, after a pool broke: a task that kills its
    process again is the one that broke the pool, and costs only its own result."""
    context = _context()
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_send_result, args=(worker, argument, send), daemon=True)
    process.start()
    send.close()
    try:
        result = receive.recv()
    except EOFError:
        process.join()
        return crashed(argument, _exit_description(process.exitcode))
    finally:
        receive.close()
    process.join()
    return result


def run_in_order(
    items: Iterable[Union[Task, Result]],
    worker: Callable[[Any], Result],
    jobs: int,
    before_workers: Optional[Callable[[], None]] = None,
    crashed: Optional[Callable[[Any, str], Result]] = None,
) -> Iterator[Result]:
    """Each item, or worker(task.argument) for a Task, in the order of `items`.

    With jobs <= 1 tasks run in this process. Otherwise a pool of `jobs` processes starts at
    the first task (after `before_workers` runs here), so a run whose items are all settled
    starts none. When a worker process dies (a crash in native code), the tasks it may have
    been running are run again one by one, each alone, and the one that dies again yields
    `crashed(argument, how it died)`; a fresh pool takes the rest.
    """
    if jobs <= 1:
        for item in items:
            yield worker(item.argument) if isinstance(item, Task) else item
        return

    def settle(pending: _Pending) -> Result:
        from concurrent.futures.process import BrokenProcessPool

        try:
            return pending.future.result()
        except BrokenProcessPool:
            if crashed is None:
                raise
            return _run_alone(worker, pending.argument, crashed)

    window = jobs * TASKS_IN_FLIGHT_PER_JOB
    pool: Optional[Any] = None  # a ProcessPoolExecutor, once a task needs one
    started = False

    def submit(argument: Any) -> _Pending:
        # Imported at the first task: a run the cache answers, or one in a single process, does
        # not pay for concurrent.futures (some 12 ms).
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        nonlocal pool, started
        while True:
            if pool is None:
                if not started and before_workers is not None:
                    before_workers()
                started = True
                pool = ProcessPoolExecutor(jobs, mp_context=_context(), initializer=_install, initargs=(worker,))
            try:
                return _Pending(pool.submit(_call_installed, argument), argument)
            except BrokenProcessPool:
                if crashed is None:
                    raise
                pool.shutdown(wait=False, cancel_futures=True)
                pool = None

    line: deque[Union[_Pending, Result]] = deque()
    in_flight = 0
    try:
        for item in items:
            if isinstance(item, Task):
                line.append(submit(item.argument))
                in_flight += 1
            else:
                line.append(item)
            while line and (not isinstance(line[0], _Pending) or line[0].future.done() or in_flight >= window):
                head = line.popleft()
                if isinstance(head, _Pending):
                    in_flight -= 1
                    yield settle(head)
                else:
                    yield head
        while line:
            head = line.popleft()
            yield settle(head) if isinstance(head, _Pending) else head
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
