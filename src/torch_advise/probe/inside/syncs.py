"""Host-device synchronisations per source line, from torch's sync debug warnings.

``torch.cuda.set_sync_debug_mode("warn")`` makes every synchronising CUDA call emit a
UserWarning. The warning points at the innermost Python frame; when that frame is inside a
library, the innermost user frame on the stack is the line to blame instead.
"""

from __future__ import annotations

import sys
import warnings
from collections import Counter
from typing import Any, Callable, Optional

from torch_advise.probe.inside.sites import Site, is_user_file, user_site_of_frame

SYNC_WARNING_TEXT = "called a synchronizing CUDA operation"


def is_sync_warning(message: Any) -> bool:
    return SYNC_WARNING_TEXT in str(message)


class SyncCounter:
    """Counts sync warnings by user line while ``counting`` says so."""

    def __init__(self, counting: Callable[[], bool]) -> None:
        self._counting = counting
        self.per_site: Counter[Site] = Counter()
        self.unattributed = 0
        self._original_showwarning: Optional[Callable[..., Any]] = None

    def record(self, filename: str, lineno: int, frame: Any = None) -> None:
        if not self._counting():
            return
        site: Optional[Site]
        if is_user_file(filename):
            import os

            site = (os.path.realpath(filename), lineno)
        else:
            site = user_site_of_frame(frame)
        if site is None:
            self.unattributed += 1
        else:
            self.per_site[site] += 1

    def showwarning(self, message, category, filename, lineno, file=None, line=None):
        if is_sync_warning(message):
            self.record(filename, lineno, sys._getframe(1))
            return
        assert self._original_showwarning is not None
        self._original_showwarning(message, category, filename, lineno, file, line)

    def install(self, torch_module: Any) -> None:
        """Turn on torch's sync warnings and route them here instead of to stderr."""
        # "always": the default filter reports a location once, and every occurrence counts.
        warnings.filterwarnings("always", message=".*" + SYNC_WARNING_TEXT)
        self._original_showwarning = warnings.showwarning
        warnings.showwarning = self.showwarning
        torch_module.cuda.set_sync_debug_mode("warn")

    def figures(self, measured_steps: int) -> list[dict[str, Any]]:
        rows = []
        for (path, line), count in sorted(self.per_site.items(), key=lambda kv: -kv[1]):
            rows.append({
                "path": path,
                "line": line,
                "count": count,
                "per_step": count / measured_steps if measured_steps else None,
            })
        return rows
