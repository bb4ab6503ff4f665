"""Where a loop without a DataLoader spends its input gap: the user's lines, by sampling.

Runs in the script's process. While a gap is open (from the end of a step to its first forward),
a thread samples the script thread's stack every millisecond and counts the innermost frame of
the user's own code. Sampling rather than timing the script's calls: it needs no hook on every
Python call (sys.setprofile would slow pure-Python batch code, the very time being measured),
and it finds the line wherever the batch is made, in a helper of a helper or in the loop itself.
Its samples only name the lines; the gap's length is timed by phases.py. The thread sleeps
outside gaps, and is not woken for gaps that average under one sampling interval: such a gap is
over before the sampler looks, and waking a thread each step costs the script the GIL (half a
millisecond a step, measured on a two-core machine).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections import Counter
from types import FrameType
from typing import Any, Optional

from torch_advise.probe.inside.sites import is_user_file, library_roots

INTERVAL_S = 0.001
SHOWN = 3


class GapSampler:
    def __init__(self) -> None:
        self._target = threading.get_ident()
        self._open = threading.Event()
        # Bumped at each gap's start and end: a sample taken across an edge is dropped.
        self._generation = 0
        self._thread: Optional[threading.Thread] = None
        self._roots: tuple[str, ...] = ()
        self.counts: Counter[tuple[str, int, str]] = Counter()
        self._gaps = 0
        self._gaps_ms = 0.0

    def gap_started(self) -> None:
        if self._gaps and self._gaps_ms / self._gaps < INTERVAL_S * 1e3:
            return
        if self._thread is None:
            self._roots = library_roots()
            self._thread = threading.Thread(target=self._run, name="advise-gap-sampler", daemon=True)
            self._thread.start()
        self._generation += 1
        self._open.set()

    def gap_ended(self, gap_ms: float) -> None:
        self._gaps += 1
        self._gaps_ms += gap_ms
        if self._open.is_set():
            self._generation += 1
            self._open.clear()

    def _run(self) -> None:
        while True:
            self._open.wait()
            generation = self._generation
            time.sleep(INTERVAL_S)
            if not self._open.is_set() or generation != self._generation:
                continue
            site = self._user_site(sys._current_frames().get(self._target))
            if site is not None and self._open.is_set() and generation == self._generation:
                self.counts[site] += 1

    def _user_site(self, frame: Optional[FrameType]) -> Optional[tuple[str, int, str]]:
        while frame is not None:
            code = frame.f_code
            if is_user_file(code.co_filename, self._roots):
                return code.co_filename, frame.f_lineno, code.co_name
            frame = frame.f_back
        return None

    def figures(self) -> list[dict[str, Any]]:
        """The lines most samples fell on, each with its share of the gap's samples."""
        total = sum(self.counts.values())
        return [{"function": function, "path": os.path.realpath(path), "line": line, "share": count / total}
                for (path, line, function), count in self.counts.most_common(SHOWN)]
