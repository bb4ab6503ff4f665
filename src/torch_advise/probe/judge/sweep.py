"""``advise probe --try workers``: the DataLoader worker counts to measure, and the curve they make.

The counts are 0, then doubling from 1 up to the cores this run may use (os.sched_getaffinity),
and that core count itself: past it, workers only compete with the step for the same cores. On
a 2-core machine that is 0, 1 and 2. The count the script already uses is its as-written arm.
"""

from __future__ import annotations

import os
import statistics
from typing import Any, Optional

from torch_advise.probe.inside.loader_origin import setting
from torch_advise.probe.judge.rounds import AS_WRITTEN
from torch_advise.probe.judge.settle import NO_GAIN_BELOW, outcome
from torch_advise.probe.judge.stats import Ratio, paired_ratio

SWEEP = "workers"


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity outside Linux
        return os.cpu_count() or 1


def sweep_counts(cores: int) -> list[int]:
    counts, count = [0], 1
    while count < cores:
        counts.append(count)
        count *= 2
    return counts + [cores]


def arm_name(count: int) -> str:
    return f"{SWEEP}={count}"


def _rounds(arms: dict[str, Any], count: int, written: Optional[int]) -> Optional[list[list[float]]]:
    arm = arms.get(AS_WRITTEN if count == written else arm_name(count))
    return arm["rounds_ms"] if arm and arm["rounds_ms"] else None


def _within_noise(slower_than_best: Ratio) -> bool:
    return slower_than_best.low <= 1.0 or slower_than_best.high < NO_GAIN_BELOW


def workers_section(raw: dict[str, Any]) -> dict[str, Any]:
    """The curve (mean step time and speedup over the script as written, per count), the best
    count and the fewest workers within noise of it: not shown slower than the best, or slower
    by less than NO_GAIN_BELOW."""
    sweep = raw["sweep"]
    arms = {arm["arm"]: arm for arm in raw["arms"]}
    as_written = arms.get(AS_WRITTEN, {}).get("rounds_ms") or []
    measured = {count: rounds for count in sweep["counts"]
                if (rounds := _rounds(arms, count, sweep["as_written"])) is not None}
    curve = []
    for count, rounds in measured.items():
        ratio = None if count == sweep["as_written"] else paired_ratio(as_written, rounds)
        curve.append({
            "workers": count, "rounds": len(rounds),
            "mean_step_ms": statistics.fmean(ms for block in rounds for ms in block),
            "speedup": ratio.as_dict() if ratio else None,
            "outcome": outcome(ratio) if ratio else "as written",
        })
    best = max(curve, key=lambda point: point["speedup"]["estimate"] if point["speedup"] else 1.0, default=None)
    fewest = None
    if best is not None:
        fewest = min(count for count, rounds in measured.items()
                     if count == best["workers"] or _within_noise(paired_ratio(rounds, measured[best["workers"]])))
    return {
        # The counts end at the core count (sweep_counts).
        "cores": sweep["counts"][-1], "counts": sweep["counts"], "as_written": sweep["as_written"],
        "loaders": sweep["loaders"], "not_applied": sweep["not_applied"], "curve": curve,
        "best": best["workers"] if best else None, "fewest_within_noise": fewest,
        "change": f"set {setting(sweep.get('framework'), 'num_workers', fewest)}" if fewest is not None else None,
    }
