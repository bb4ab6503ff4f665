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
from dataclasses import dataclass
from typing import Any, Callable, Optional, TypeVar, Union

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


def run_in_order(
    items: Iterable[Union[Task, Result]],
    worker: Callable[[Any], Result],
    jobs: int,
    before_workers: Optional[Callable[[], None]] = None,
) -> Iterator[Result]:
    """Each item, or worker(task.argument) for a Task, in the order of `items`.

    With jobs <= 1 tasks run in this process. Otherwise a pool of `jobs` processes starts at
    the first task (after `before_workers` runs here), so a run whose items are all settled
    starts none.
    """
    if jobs <= 1:
        for item in items:
            yield worker(item.argument) if isinstance(item, Task) else item
        return
    # Imported here: a run in one process (one file, or -j 1) does not pay for concurrent.futures.
    from concurrent.futures import Future

    window = jobs * TASKS_IN_FLIGHT_PER_JOB
    pool = None
    line: deque[Union[Future, Result]] = deque()
    in_flight = 0
    try:
        for item in items:
            if isinstance(item, Task):
                if pool is None:
                    if before_workers is not None:
                        before_workers()
                    from concurrent.futures import ProcessPoolExecutor

                    pool = ProcessPoolExecutor(jobs, mp_context=_context(), initializer=_install, initargs=(worker,))
                line.append(pool.submit(_call_installed, item.argument))
                in_flight += 1
            else:
                line.append(item)
            while line and (not isinstance(line[0], Future) or line[0].done() or in_flight >= window):
                head = line.popleft()
                if isinstance(head, Future):
                    in_flight -= 1
                    yield head.result()
                else:
                    yield head
        while line:
            head = line.popleft()
            yield head.result() if isinstance(head, Future) else head
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
