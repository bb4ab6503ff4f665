"""A distributed run's ranks side by side: per-rank step times, and which rank the others wait for.

Ranks of a data-parallel job meet at the gradient all-reduce inside backward, so their step
times come out alike however unequal their work: the fast ranks spend the difference waiting
in backward. What tells the straggler apart is when each rank arrives: the time it entered
its last backward of the step, on the machine's monotonic clock, which every process of one
node shares. A rank's lateness at a step is its arrival minus the earliest rank's.

The host's arrival is what is measured; a rank whose GPU, rather than its host, is slower
(work queued on the GPU) arrives on time on the host and is not seen as late.
"""

from __future__ import annotations

import statistics
from typing import Any, Optional

from torch_advise.probe.judge.verdict import input_figures

# A rank is a straggler when its median lateness is at least this share of its median step...
STRAGGLER_SHARE = 0.10
# ...and at least this long: below it, the scheduling noise of a busy machine.
STRAGGLER_MIN_MS = 1.0


def _failed(raw: Optional[dict[str, Any]]) -> bool:
    if raw is None:
        return True
    outcome = raw.get("outcome") or {}
    return outcome.get("status") == "raised" or (
        outcome.get("status") == "exited" and outcome.get("exit_code") not in (0, None))


def lateness(arrivals: dict[int, list[Optional[float]]]) -> dict[int, list[float]]:
    """Per rank, its lateness in ms at each step every rank arrived at."""
    ranks = sorted(arrivals)
    count = min((len(arrivals[rank]) for rank in ranks), default=0)
    late: dict[int, list[float]] = {rank: [] for rank in ranks}
    for step in range(count):
        arrived = [arrivals[rank][step] for rank in ranks]
        present = [moment for moment in arrived if moment is not None]
        if len(present) < len(ranks):
            continue
        first = min(present)
        for rank, moment in zip(ranks, present):
            late[rank].append((moment - first) * 1e3)
    return late


def rank_section(results: dict[int, Optional[dict[str, Any]]]) -> tuple[dict[str, Any], int]:
    """The report's ``ranks`` section, and the rank whose figures the rest of the report shows:
    a rank that failed, else the late rank, else the one with the longest median step."""
    late = lateness({rank: (raw or {}).get("arrivals_s") or [] for rank, raw in results.items()})
    rows = []
    for rank, raw in sorted(results.items()):
        steps = (raw or {}).get("steps") or {}
        own = late.get(rank) or []
        rows.append({
            "rank": rank,
            "outcome": ((raw or {}).get("outcome") or {}).get("status", "no report"),
            "measured": steps.get("measured", 0),
            "median_ms": steps.get("median_ms"),
            "p90_ms": steps.get("p90_ms"),
            "step_ms": steps.get("step_ms", []),
            "lateness_ms": own,
            "median_lateness_ms": statistics.median(own) if own else None,
        })
    timed = [row for row in rows if row["median_lateness_ms"] is not None]
    late_row = max(timed, key=lambda row: row["median_lateness_ms"], default=None)
    threshold_ms = None
    straggler = None
    if late_row is not None and late_row["median_ms"]:
        threshold_ms = max(STRAGGLER_SHARE * late_row["median_ms"], STRAGGLER_MIN_MS)
        if late_row["median_lateness_ms"] >= threshold_ms:
            straggler = late_row
    if not timed:
        summary = "lateness not measured: no step of the window ran backward on every rank"
    elif straggler is not None:
        share = straggler["median_lateness_ms"] / straggler["median_ms"]
        summary = (f"rank {straggler['rank']} is late by {straggler['median_lateness_ms']:.1f} ms per step "
                   f"(median, {share:.0%} of its step): every other rank waits that long for it at each "
                   "gradient all-reduce")
    else:
        worst = late_row["median_lateness_ms"] if late_row else 0.0
        summary = (f"no straggler: every rank arrives within {worst:.1f} ms of the first (median; "
                   f"a straggler is {threshold_ms:.1f} ms or more late)")
    failed = [rank for rank, raw in sorted(results.items()) if _failed(raw)]
    with_steps = [row for row in rows if row["median_ms"] is not None]
    if failed:
        shown = failed[0]
    elif straggler is not None:
        shown = straggler["rank"]
    elif with_steps:
        shown = max(with_steps, key=lambda row: row["median_ms"])["rank"]
    else:
        shown = min(results)
    return {
        "world_size": len(results),
        "shown_rank": shown,
        "late_rank": straggler["rank"] if straggler else None,
        "lateness_ms": straggler["median_lateness_ms"] if straggler else None,
        "threshold_ms": threshold_ms,
        "summary": summary,
        "per_rank": rows,
    }, shown


def job_input_speedup(results: dict[int, Optional[dict[str, Any]]], section: dict[str, Any]) -> Optional[float]:
    """What every rank's input ready in time buys the job, not one rank: ranks wait for one
    another at the all-reduce, so the job goes at the pace of the rank with the most work of its
    own left. A rank's own work is its mean step less its input stall and less the time it waits
    for the latest rank (that rank's median lateness less its own)."""
    late = {row["rank"]: row["median_lateness_ms"] or 0.0 for row in section["per_rank"]}
    latest = max(late.values(), default=0.0)
    steps_now, own_work = [], []
    for rank, raw in results.items():
        steps = (raw or {}).get("steps") or {}
        if not steps.get("measured") or not steps.get("window_ms"):
            continue
        mean_ms = steps["window_ms"] / steps["measured"]
        stall_ms = (input_figures(raw or {})["share"] or 0.0) * mean_ms
        steps_now.append(mean_ms)
        own_work.append(mean_ms - stall_ms - (latest - late.get(rank, 0.0)))
    if not steps_now:
        return None
    # As for one rank (verdict.predicted_speedup): no more than 100x, whatever the noise says.
    job_ms = max(steps_now)
    return max(1.0, job_ms / max(max(own_work), job_ms / 100))
