"""Pageable vs pinned host-to-device copies, read from a short torch.profiler window.

The CUDA profiler names each copy by its memory kinds, e.g. "Memcpy HtoD (Pageable -> Device)"
and "Memcpy HtoD (Pinned -> Device)". A pageable copy is staged through a driver buffer, cannot
overlap compute and runs at a fraction of pinned bandwidth.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Optional

from torch_advise.probe.inside.sites import Site, user_site_of_stack


def copy_kind(name: str) -> Optional[str]:
    """'pageable' or 'pinned' for a host-to-device copy event name, else None."""
    if "HtoD" not in name and "Host to Device" not in name:
        return None
    if "Pageable" in name:
        return "pageable"
    if "Pinned" in name:
        return "pinned"
    return None


@dataclass
class CopyTally:
    count: int = 0
    time_us: float = 0.0
    sites: Counter = field(default_factory=Counter)

    def add(self, duration_us: float, site: Optional[Site]) -> None:
        self.count += 1
        self.time_us += duration_us
        if site is not None:
            self.sites[site] += 1


def classify(events: Iterable[Any]) -> dict[str, CopyTally]:
    """Tally host-to-device copies from profiler FunctionEvents.

    A CPU op (``aten::copy_``) carries the copies it launched as ``kernels`` and, with
    ``with_stack=True``, the Python stack that called it; that gives the source line. Copies
    not attached to any CPU op are counted from the device events themselves, without a line.
    """
    tallies = {"pageable": CopyTally(), "pinned": CopyTally()}
    attached = 0
    device_level: list[tuple[str, float]] = []
    for event in events:
        kernels = getattr(event, "kernels", None) or []
        for kernel in kernels:
            kind = copy_kind(kernel.name)
            if kind:
                attached += 1
                site = user_site_of_stack(list(getattr(event, "stack", None) or []))
                tallies[kind].add(float(kernel.duration), site)
        if not kernels and copy_kind(getattr(event, "name", "")):
            device_level.append((event.name, _duration_us(event)))
    if not attached:
        for name, duration in device_level:
            kind = copy_kind(name)
            assert kind is not None  # device_level holds only the events copy_kind named
            tallies[kind].add(duration, None)
    return tallies


def _duration_us(event: Any) -> float:
    time_range = getattr(event, "time_range", None)
    if time_range is not None:
        return float(time_range.end - time_range.start)
    return float(getattr(event, "device_time", 0.0) or 0.0)


def tally_figures(tallies: dict[str, CopyTally], profiled_steps: int, profiled_ms: float) -> dict[str, Any]:
    result: dict[str, Any] = {"profiled_steps": profiled_steps, "profiled_ms": profiled_ms}
    for kind, tally in tallies.items():
        result[kind] = {
            "count": tally.count,
            "time_ms": tally.time_us / 1e3,
            "per_step": tally.count / profiled_steps if profiled_steps else None,
            "lines": [
                {"path": path, "line": line, "count": count}
                for (path, line), count in tally.sites.most_common()
            ],
        }
    return result
