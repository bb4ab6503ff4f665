"""Memory in use over the measured window: one reading per step boundary, and the line through them.

The recorder runs in the script's process and reads one counter at each boundary of the window,
nothing in warm-up and nothing between boundaries: on a GPU the bytes held by live tensors
(``torch.cuda.memory_allocated``: blocks the caching allocator keeps free are not in use), on a
CPU the process's resident set size. At a boundary a steady loop holds the same tensors step
after step (the weights, their gradients, the optimizer's state, the last batch), so the readings
stay level; what a loop keeps from every step shows as a line rising through them. ``summary``
fits that line by least squares, in the probe's own process.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Callable, Optional, Protocol

from torch_advise.probe.inside.sites import Site
from torch_advise.probe.inside.window import WindowListener


class Reader(Protocol):
    measure: str

    def read(self) -> int: ...

    def peak(self, readings: Sequence[int]) -> int: ...


class CudaAllocated:
    measure = "cuda-allocated"

    def __init__(self, torch_module: Any) -> None:
        self._cuda = torch_module.cuda

    def read(self) -> int:
        return int(self._cuda.memory_allocated())

    def peak(self, readings: Sequence[int]) -> int:
        # Reset as the window started: the peak inside steps, not only at their boundaries.
        return int(self._cuda.max_memory_allocated())


class Resident:
    """Linux: the resident pages in /proc/self/statm, read through a descriptor kept open, so a
    reading is one pread (about a microsecond) rather than an open and a close."""

    measure = "resident"

    def __init__(self) -> None:
        self._fd = os.open("/proc/self/statm", os.O_RDONLY)
        self._page = os.sysconf("SC_PAGE_SIZE")

    def read(self) -> int:
        return int(os.pread(self._fd, 128, 0).split()[1]) * self._page

    def peak(self, readings: Sequence[int]) -> int:
        return max(readings)


class MaxResident:
    """Elsewhere: getrusage's high-water mark of the resident set, the one figure every Unix keeps
    without a dependency. It only rises, so it shows growth but never a fall."""

    measure = "max-resident"

    def __init__(self, resource_module: Any) -> None:
        self._resource = resource_module

    def read(self) -> int:
        value = int(self._resource.getrusage(self._resource.RUSAGE_SELF).ru_maxrss)
        return value if sys.platform == "darwin" else value * 1024  # macOS counts bytes, the rest KiB

    def peak(self, readings: Sequence[int]) -> int:
        return max(readings)


def host_reader() -> Optional[Reader]:
    """The CPU's counter, or None where there is none (Windows has neither /proc nor getrusage)."""
    try:
        return Resident()
    except OSError:
        pass
    try:
        import resource
    except ImportError:
        return None
    return MaxResident(resource)


class MemoryRecorder(WindowListener):
    """One reading at each boundary from the window's start on, by steps completed: a batch-timed
    window may take a boundary back (an exhausted iterator) and make it again, which reads again."""

    def __init__(self, warmup: int, choose_reader: Callable[[], Optional[Reader]]) -> None:
        self._warmup = warmup
        self._choose_reader = choose_reader
        self._reader: Optional[Reader] = None
        self._chosen = False
        self._readings: dict[int, int] = {}
        # Where the loop calls backward, looked up once: the line the growth verdict points at.
        self.loop_site: Optional[Site] = None
        self.looked_for_loop = False

    def boundary(self, completed: int) -> None:
        if completed < self._warmup:
            return
        if not self._chosen:
            # At the window's start, as the clock is: the script may first use CUDA in warm-up.
            self._reader, self._chosen = self._choose_reader(), True
        if self._reader is not None:
            self._readings[completed] = self._reader.read()

    def reset(self) -> None:
        self._reader, self._chosen = None, False
        self._readings.clear()

    def figures(self, measured: int, kept: Optional[Callable[[int], bool]] = None) -> Optional[dict[str, Any]]:
        """The reading at the window's start and at the end of each measured step (numbered from 1);
        ``kept`` as in StepWindow.figures. None where nothing was read."""
        start = self._readings.get(self._warmup)
        steps = [step for step in range(1, measured + 1)
                 if (kept is None or kept(step)) and self._warmup + step in self._readings]
        if self._reader is None or start is None or not steps:
            return None
        window = [self._readings[self._warmup + step] for step in range(0, measured + 1)
                  if self._warmup + step in self._readings]
        return {
            "measure": self._reader.measure,
            "start_bytes": start,
            "steps": steps,
            "step_bytes": [self._readings[self._warmup + step] for step in steps],
            "peak_bytes": self._reader.peak(window),
            "loop": {"path": self.loop_site[0], "line": self.loop_site[1]} if self.loop_site else None,
        }


@dataclass
class Line:
    slope: float
    # The share of the readings' variation the line explains; None when they did not vary.
    r_squared: Optional[float]


def fit(xs: Sequence[float], ys: Sequence[float]) -> Line:
    """Least squares through (x, y); at least two distinct x."""
    count = len(xs)
    mean_x, mean_y = sum(xs) / count, sum(ys) / count
    sxx = sum((x - mean_x) ** 2 for x in xs)
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys))
    syy = sum((y - mean_y) ** 2 for y in ys)
    slope = sxy / sxx
    return Line(slope, sxy * sxy / (sxx * syy) if syy else None)


def summary(raw: Optional[dict[str, Any]]) -> Optional[dict[str, Any]]:
    """The report's memory section from the recorder's figures: the line through the readings,
    step 0 being the window's start, and the growth it puts across the window."""
    if not raw:
        return None
    xs = [0, *raw["steps"]]
    ys = [raw["start_bytes"], *raw["step_bytes"]]
    line = fit(xs, ys)
    return {
        "measure": raw["measure"],
        "start_bytes": raw["start_bytes"],
        "step_bytes": raw["step_bytes"],
        "peak_bytes": raw["peak_bytes"],
        "slope_bytes_per_step": line.slope,
        "growth_bytes": line.slope * xs[-1],
        "r_squared": line.r_squared,
    }


def size(value: float) -> str:
    """Bytes as MiB below a GiB, GiB above it."""
    if abs(value) >= 2**30:
        return f"{value / 2**30:.2f} GiB"
    return f"{value / 2**20:.1f} MiB"
