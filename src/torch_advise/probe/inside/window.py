"""Step boundaries, warm-up and the measured window.

A step ends at each step of the lead optimizer (the first one seen stepping). A script with no
optimizer steps is timed by loader batches instead: a step then ends where the next batch is
requested. The first ``warmup`` steps are not counted; the window covers the next ``steps``
steps. On a GPU its edges are timing events on the stream, so it is measured on the GPU's own
timeline, and it ends with a synchronisation so that no queued work spills past its end.
There is deliberately no synchronisation at its start: one would drain the queue the CPU had
built up and leave the GPU idle during the first fetch, an idle gap the probe itself caused
(on the H200 scenarios that is ~12 ms, half a step, in a job that is never idle otherwise).

Input stalls are measured around every loader fetch inside the window: the host time spent in
the fetch and, on a GPU, the GPU's idle gap between an event recorded just before the fetch and
one recorded just after it. The second is the one that predicts speedups on a GPU: while the
host waits on input the GPU may still be busy with work queued earlier.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional


class StopScript(BaseException):
    """Ends the script after the measured window. A BaseException, so the user's
    ``except Exception`` cannot swallow it."""


class HostClock:
    """CPU runs: compute is synchronous, so host time is the whole story."""

    on_gpu = False

    def sync(self) -> None:
        pass

    def mark(self) -> Any:
        return None

    def elapsed_ms(self, start: Any, end: Any) -> float:
        raise NotImplementedError("host clock has no device marks")


class CudaClock:
    """GPU runs: timing events on the current stream, read after a synchronisation."""

    on_gpu = True

    def __init__(self, torch_module: Any) -> None:
        self._torch = torch_module

    def sync(self) -> None:
        self._torch.cuda.synchronize()

    def mark(self) -> Any:
        event = self._torch.cuda.Event(enable_timing=True)
        event.record()
        return event

    def elapsed_ms(self, start: Any, end: Any) -> float:
        return float(start.elapsed_time(end))


@dataclass
class Fetch:
    """One loader call inside the window: a batch, or the start of an epoch (``iter()``)."""

    loader: Optional[int]
    host_wait_s: float
    before: Any
    after: Any
    step: int
    is_batch: bool


@dataclass
class Boundary:
    host_s: float
    mark: Any


class WindowListener:
    """Told about every step boundary before the window acts on it (the copy profiler, the
    what-if trial)."""

    def boundary(self, completed: int) -> None:
        pass

    def reset(self) -> None:
        pass


class WindowPlanner:
    """Decides how long a window runs (the what-if trial's rounds): its length once it starts,
    and, each time it reaches its end, how many steps to add (0 ends it)."""

    def first_steps(self, requested: int) -> int:
        return requested

    def more_steps(self, step_ms: list[float]) -> int:
        return 0


@dataclass
class FetchToken:
    started_s: float
    before: Any
    counted_boundary: bool


@dataclass
class StepWindow:
    warmup: int
    steps: int
    choose_clock: Callable[[], Any]
    now: Callable[[], float] = time.perf_counter
    listeners: list[WindowListener] = field(default_factory=list)
    planner: WindowPlanner = field(default_factory=WindowPlanner)
    length: int = 0

    source: Optional[str] = None
    completed: int = 0
    batch_entries: int = 0
    lead_optimizer: Optional[int] = None
    clock: Any = None
    boundaries: list[Boundary] = field(default_factory=list)
    fetches: list[Fetch] = field(default_factory=list)
    closed: bool = False
    end_host_s: Optional[float] = None
    on_window_start: Callable[[], None] = lambda: None

    @property
    def active(self) -> bool:
        return bool(self.boundaries) and not self.closed

    @property
    def measured_steps(self) -> int:
        return max(0, len(self.boundaries) - 1)

    def _boundary(self, completed: int) -> None:
        self.completed = completed
        for listener in self.listeners:
            listener.boundary(completed)
        if completed == self.warmup and not self.boundaries:
            self.clock = self.choose_clock()
            self.on_window_start()
            self.length = self.planner.first_steps(self.steps)
            self.boundaries.append(Boundary(self.now(), self.clock.mark()))
        elif self.active:
            self.boundaries.append(Boundary(self.now(), self.clock.mark()))
            if completed >= self.warmup + self.length:
                # On a GPU this sync drains the queue, so the next step starts idle: the planner
                # of a trial adds whole rounds, whose first step (a block's first) is not counted.
                self.clock.sync()
                more = self.planner.more_steps(self.step_ms())
                if more:
                    self.length += more
                    return
                self.end_host_s = self.now()
                self.closed = True
                raise StopScript()

    def _reset(self) -> None:
        self.completed = 0
        self.batch_entries = 0
        self.boundaries.clear()
        self.fetches.clear()
        self.clock = None
        for listener in self.listeners:
            listener.reset()

    def optimizer_stepped(self, optimizer_id: int) -> None:
        if self.closed:
            # The script caught StopScript (a bare `except:`); stop it again.
            raise StopScript()
        if self.lead_optimizer is None:
            self.lead_optimizer = optimizer_id
            if self.source == "batch":
                self._reset()
            self.source = "optimizer"
        if optimizer_id == self.lead_optimizer:
            self._boundary(self.completed + 1)

    def fetch_started(self, is_batch: bool) -> FetchToken:
        counted = False
        if self.closed and is_batch:
            raise StopScript()
        if is_batch and self.source != "optimizer":
            # Batch-timed: the previous step ended where this batch is requested.
            self.source = "batch"
            counted = True
            self.batch_entries += 1
            self._boundary(self.batch_entries - 1)
        before = self.clock.mark() if self.active and self.clock.on_gpu else None
        return FetchToken(self.now(), before, counted)

    def fetch_finished(self, token: FetchToken, loader: Optional[int], produced: bool,
                       is_batch: bool) -> float:
        wait_s = self.now() - token.started_s
        if token.counted_boundary and not produced and self.source == "batch":
            self._undo_batch_boundary()
        if self.active:
            after = self.clock.mark() if token.before is not None else None
            self.fetches.append(
                Fetch(loader, wait_s, token.before, after, len(self.boundaries), is_batch and produced)
            )
        return wait_s

    def _undo_batch_boundary(self) -> None:
        # An exhausted iterator (end of epoch) is not a step: the next epoch's first batch is.
        if self.boundaries and self.completed >= self.warmup:
            self.boundaries.pop()
        self.batch_entries -= 1
        self.completed = max(0, self.batch_entries - 1)

    def finish(self) -> None:
        """Close a window the script ended early, at the last boundary it reached."""
        if self.boundaries and not self.closed:
            try:
                self.clock.sync()
            finally:
                self.end_host_s = self.now()
                self.closed = True

    def figures(self, kept: Optional[Callable[[int], bool]] = None) -> dict[str, Any]:
        """Window figures in milliseconds. Call after ``finish`` (or after the window closed).

        ``kept``: which steps of the window (numbered from 1) the figures are of; the others
        (a what-if trial's steps) are left out of every figure, as if they had not run."""
        measured = self.measured_steps
        result: dict[str, Any] = {
            "source": self.source,
            "completed": self.completed,
            "warmup_requested": self.warmup,
            "requested": self.steps,
            "measured": measured,
            "clock": None,
            "window_ms": None,
            "step_ms": [],
            "median_ms": None,
            "p90_ms": None,
            "input_wait_ms": [],
            "gpu_idle_ms": None,
            "fetches": [],
        }
        if measured == 0:
            return result
        marks = self.boundaries
        on_gpu = bool(self.clock and self.clock.on_gpu)
        step_ms = self.step_ms()
        if on_gpu:
            window_ms = self.clock.elapsed_ms(marks[0].mark, marks[-1].mark)
        else:
            window_ms = (marks[-1].host_s - marks[0].host_s) * 1e3
        counted = [step for step in range(1, measured + 1) if kept is None or kept(step)]
        if kept is not None:
            step_ms = [ms for step, ms in enumerate(step_ms, 1) if kept(step)]
            window_ms = sum(step_ms)
            result["measured"] = len(step_ms)
            if not step_ms:
                return result
        fetches = []
        # Per step, so that a timeline can show which steps waited, not only how much in all.
        wait_per_step = dict.fromkeys(counted, 0.0)
        idle_per_step = dict.fromkeys(counted, 0.0)
        for fetch in self.fetches:
            if fetch.step not in wait_per_step:
                continue
            idle_ms = None
            if on_gpu and fetch.before is not None and fetch.after is not None:
                idle_ms = max(0.0, self.clock.elapsed_ms(fetch.before, fetch.after))
            fetches.append({
                "loader": fetch.loader,
                "step": fetch.step,
                "host_wait_ms": fetch.host_wait_s * 1e3,
                "gpu_idle_ms": idle_ms,
                "is_batch": fetch.is_batch,
            })
            wait_per_step[fetch.step] += fetch.host_wait_s * 1e3
            idle_per_step[fetch.step] += idle_ms or 0.0
        result.update(
            input_wait_ms=list(wait_per_step.values()),
            gpu_idle_ms=list(idle_per_step.values()) if on_gpu else None,
            clock="cuda" if on_gpu else "host",
            window_ms=window_ms,
            step_ms=step_ms,
            median_ms=statistics.median(step_ms),
            p90_ms=percentile(step_ms, 90),
            fetches=fetches,
        )
        return result


    def step_ms(self) -> list[float]:
        """Each measured step's time so far; on a GPU, only after a synchronisation."""
        marks = self.boundaries
        if self.clock and self.clock.on_gpu:
            return [self.clock.elapsed_ms(a.mark, b.mark) for a, b in zip(marks, marks[1:])]
        return [(b.host_s - a.host_s) * 1e3 for a, b in zip(marks, marks[1:])]


def percentile(values: list[float], pct: float) -> float:
    """Linear-interpolated percentile, as numpy's default."""
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    rank = (len(ordered) - 1) * pct / 100.0
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)
