"""Measured figures -> verdicts with thresholds, figures, source lines and predicted speedups.

Thresholds (documented in docs/probe.md):
- input-bound: the share of the window the GPU sat idle waiting on input (on a CPU run: the
  share of host time blocked fetching input; in a loop without a DataLoader, the gap from the
  end of a step to the next forward) is at least 10 %. Predicted speedup once input
  is free: 1 / (1 - share).
- sync-heavy: some user line synchronises the host with the GPU at least once per step.
- pageable-copies: host-to-device copies from pageable memory take at least 1 % of the
  profiled steps.
- fp16-on-bf16: autocast ran in float16 on a GPU with compute capability 8.0 or newer.
- scaler-with-bf16: a GradScaler stepped while autocast ran in bfloat16 (it does nothing useful
  there and costs time).
- worker-restart: a loader with workers but without persistent_workers started its workers
  again for a later epoch, and that first batch waited at least 50 ms.
- memory-growth: memory in use (GPU: allocated to tensors; CPU: resident) grew by more than
  64 MiB across the window, along a line through the step boundaries' readings that explains
  at least 90 % of their variation, over at least 10 steps.

A fired verdict names the change to make: the argument and the line it goes on.
"""

from __future__ import annotations

from typing import Any, Optional

from torch_advise.probe.inside import memory
from torch_advise.probe.inside.loader_origin import setting
from torch_advise.probe.inside.trial import enough_workers

INPUT_BOUND_SHARE = 0.10
SYNCS_PER_STEP = 1.0
PAGEABLE_SHARE = 0.01
BF16_CAPABILITY = (8, 0)
WORKER_RESTART_MS = 50.0
# A steady loop holds the same tensors at every step boundary, so what moves its readings is the
# allocator: on a GPU, nothing (memory_allocated counts live tensors, not the cache); on a CPU,
# glibc taking or trimming heap, up to one 64 MiB arena at a time, which a steady loop may fill
# once (the steady fixtures and memory_leak.py --item moved by at most 22 MiB in 50 steps). So
# growth must exceed one arena, and follow a line: a single jump (an arena, a cache filled once,
# a new epoch's iterator) is explained by a line at most 75 %; four equal jumps in a row, 94 %.
MEMORY_GROWTH_BYTES = 64 * 2**20
MEMORY_LINE_FIT = 0.90
# Fewer readings than this fit a line too easily to call it a trend.
MEMORY_MIN_STEPS = 10

VERDICT_IDS = (
    "input-bound", "sync-heavy", "pageable-copies", "fp16-on-bf16", "scaler-with-bf16",
    "worker-restart", "memory-growth",
)


def _line(path: Optional[str], line: Optional[int]) -> dict[str, Any]:
    return {"path": path, "line": line}


def on_gpu(raw: dict[str, Any]) -> bool:
    return raw.get("steps", {}).get("clock") == "cuda"


def capability(raw: dict[str, Any]) -> Optional[tuple[int, int]]:
    text = raw.get("device", {}).get("capability")
    if not text:
        return None
    major, minor = text.split(".")
    return int(major), int(minor)


def predicted_speedup(share: float) -> float:
    """What removing a stall that takes ``share`` of the window buys: 1 / (1 - share)."""
    share = min(max(share, 0.0), 0.99)
    return 1.0 / (1.0 - share)


def input_figures(raw: dict[str, Any]) -> dict[str, Any]:
    """Input stall in the window, overall and per loader.

    On a GPU the stall is the GPU's idle gap around each fetch; the host's wait is kept
    alongside for comparison but never used for the verdict (the GPU may still be busy with
    queued work while the host waits)."""
    steps = raw.get("steps", {})
    window_ms = steps.get("window_ms")
    gpu = on_gpu(raw)
    measure = "gpu-idle" if gpu else "host-wait"
    per_loader: dict[Any, dict[str, float]] = {}
    for fetch in steps.get("fetches", []):
        row = per_loader.setdefault(fetch["loader"], {"stall_ms": 0.0, "host_wait_ms": 0.0, "batches": 0})
        row["host_wait_ms"] += fetch["host_wait_ms"]
        row["stall_ms"] += (fetch["gpu_idle_ms"] or 0.0) if gpu else fetch["host_wait_ms"]
        row["batches"] += 1 if fetch["is_batch"] else 0
    phases = raw.get("phases") or {}
    from_gap = not per_loader and phases.get("input_from") == "gap"
    result: dict[str, Any] = {
        "measure": measure, "window_ms": window_ms, "share": None, "host_wait_share": None,
        "predicted_speedup": None, "loaders": [], "source": "gap" if from_gap else "loader" if per_loader else None,
        "sites": (raw.get("gap_sites") or []) if from_gap else [],
    }
    if not window_ms:
        return result
    if from_gap:
        host = sum(phases["step_ms"]["input"])
        stall = sum(phases["gpu_ms"]["input"]) if gpu and phases.get("gpu_ms") else host
        result.update(share=stall / window_ms, host_wait_share=host / window_ms,
                      predicted_speedup=predicted_speedup(stall / window_ms))
        return result
    stall = sum(row["stall_ms"] for row in per_loader.values())
    host = sum(row["host_wait_ms"] for row in per_loader.values())
    result["share"] = stall / window_ms
    result["host_wait_share"] = host / window_ms
    result["predicted_speedup"] = predicted_speedup(result["share"])
    for loader_id, row in per_loader.items():
        result["loaders"].append({
            "loader": loader_id, "share": row["stall_ms"] / window_ms,
            "host_wait_share": row["host_wait_ms"] / window_ms, "batches": row["batches"],
        })
    result["loaders"].sort(key=lambda row: -row["share"])
    return result


def _loader_line(raw: dict[str, Any], loader_id: Any) -> dict[str, Any]:
    for loader in raw.get("loaders", []):
        if loader["id"] == loader_id:
            return _line(loader["path"], loader["line"])
    return _line(None, None)


def _verdict(verdict_id: str, status: str, summary: str, *, figure: Optional[float] = None,
             unit: Optional[str] = None, threshold: Optional[float] = None,
             speedup: Optional[float] = None, lines: Optional[list] = None,
             actions: Optional[list] = None) -> dict[str, Any]:
    return {
        "id": verdict_id, "status": status, "figure": figure, "unit": unit,
        "threshold": threshold, "predicted_speedup": speedup, "summary": summary,
        "lines": lines or [], "actions": actions if status == "fired" and actions else [],
    }


def _action(change: str, path: Optional[str], line: Optional[int]) -> dict[str, Any]:
    return {"change": change, "path": path, "line": line}


def _loader_action(loader: dict[str, Any], workers: Optional[int]) -> dict[str, Any]:
    """More workers up to the count the sweep found best (or one per usable core), and where
    the loader has that many already, cheaper batches."""
    wanted = enough_workers() if workers is None else workers
    have = loader["num_workers"]
    if have < wanted:
        change = f"set {setting(loader.get('framework'), 'num_workers', wanted)} (now {have})"
    else:
        change = (f"make each batch cheaper to load ({loader.get('dataset', 'the dataset')}.__getitem__ or the collate_fn): "
                  f"num_workers={have} already uses the cores this run may use")
    return _action(change, loader["path"], loader["line"])


def input_bound(raw: dict[str, Any], figures: dict[str, Any], *, job_speedup: Optional[float] = None,
                workers: Optional[int] = None) -> dict[str, Any]:
    """``job_speedup``: in a distributed run, what every rank's input ready in time buys the job
    (ranks.py); ``workers``: the count a worker sweep found enough."""
    if figures["source"] == "gap":
        return _gap_bound(raw, figures)
    if not raw.get("loaders"):
        return _verdict("input-bound", "not-applicable", "no DataLoader in this run")
    share = figures["share"]
    if share is None:
        return _verdict("input-bound", "not-applicable", "no steps were measured")
    where = "GPU idle waiting on input" if on_gpu(raw) else "host waiting on input (CPU run)"
    iterated = [row["loader"] for row in figures["loaders"] if row["batches"]]
    lines = [_loader_line(raw, loader_id) for loader_id in iterated]
    loaders = {row["id"]: row for row in raw["loaders"]}
    actions = [_loader_action(loaders[loader_id], workers) for loader_id in iterated if loader_id in loaders]
    speedup = figures["predicted_speedup"]
    fired = share >= INPUT_BOUND_SHARE
    summary = f"{where}: {share:.0%} of step time"
    if fired and job_speedup is not None:
        summary += (f"; the job up to {job_speedup:.2f}x faster when every rank's input is ready in time "
                    f"(this rank's own steps: {speedup:.2f}x)")
        speedup = job_speedup
    elif fired:
        summary += f"; up to {speedup:.2f}x faster when input is ready in time"
    return _verdict("input-bound", "fired" if fired else "clear", summary, figure=share,
                    unit="share of window", threshold=INPUT_BOUND_SHARE, speedup=speedup, lines=lines,
                    actions=actions)


def _gap_bound(raw: dict[str, Any], figures: dict[str, Any]) -> dict[str, Any]:
    """A loop without a DataLoader (a ``get_batch`` each step): its input is the gap from the end
    of one step to the next forward, and the lines named are where the gap's samples fell."""
    share = figures["share"]
    if share is None:
        return _verdict("input-bound", "not-applicable", "no steps were measured")
    where = "GPU idle" if on_gpu(raw) else "host time (CPU run)"
    speedup = figures["predicted_speedup"]
    fired = share >= INPUT_BOUND_SHARE
    summary = f"{where} between a step's end and the next forward, making its batch: {share:.0%} of step time"
    sites = figures["sites"]
    if sites:
        summary += f", {sites[0]['share']:.0%} of it in {sites[0]['function']}"
    if fired:
        summary += f"; up to {speedup:.2f}x faster when the batch is ready in time"
    lines = [_line(site["path"], site["line"]) for site in sites[:1]]
    actions = [_action(f"make the next batch while the step runs ({site['function']} here: a background thread "
                       "or a DataLoader with workers), or make it cheaper", site["path"], site["line"])
               for site in sites[:1]]
    return _verdict("input-bound", "fired" if fired else "clear", summary, figure=share,
                    unit="share of window", threshold=INPUT_BOUND_SHARE, speedup=speedup, lines=lines,
                    actions=actions)


def sync_heavy(raw: dict[str, Any]) -> dict[str, Any]:
    syncs = raw.get("syncs", {})
    if not syncs.get("measured"):
        return _verdict("sync-heavy", "not-applicable", "no CUDA device in this run")
    rows = syncs.get("lines", [])
    heavy = [row for row in rows if (row["per_step"] or 0) >= SYNCS_PER_STEP]
    total = sum(row["per_step"] or 0 for row in rows)
    lines = [_line(row["path"], row["line"]) for row in (heavy or rows)]
    if heavy:
        summary = f"{total:.1f} host-device syncs per step; every step stops the CPU running ahead of the GPU"
        actions = [_action(f"stop this sync every step ({row['per_step']:.1f} per step): keep the value on "
                           "the GPU, or read it every N steps", row["path"], row["line"]) for row in heavy]
        return _verdict("sync-heavy", "fired", summary, figure=total, unit="syncs per step",
                        threshold=SYNCS_PER_STEP, lines=lines, actions=actions)
    return _verdict("sync-heavy", "clear", f"{total:.2f} host-device syncs per step",
                    figure=total, unit="syncs per step", threshold=SYNCS_PER_STEP, lines=lines)


def pageable_copies(raw: dict[str, Any]) -> dict[str, Any]:
    copies = raw.get("copies", {})
    if not copies.get("measured"):
        return _verdict("pageable-copies", "not-applicable", copies.get("reason") or "not measured")
    pageable = copies["pageable"]
    profiled_ms = copies.get("profiled_ms") or 0.0
    share = pageable["time_ms"] / profiled_ms if profiled_ms else 0.0
    lines = [_line(row["path"], row["line"]) for row in pageable["lines"]]
    fired = pageable["count"] > 0 and share >= PAGEABLE_SHARE
    summary = (f"{pageable['per_step'] or 0:.1f} pageable host-to-device copies per step, "
               f"{share:.1%} of step time")
    unpinned = [row for row in raw.get("loaders", []) if row.get("batches") and not row["pin_memory"]]
    actions = [_action(f"set {setting(row.get('framework'), 'pin_memory', True)}", row["path"], row["line"]) for row in unpinned]
    actions += [_action("pass non_blocking=True (from pinned memory the copy overlaps the step)", row["path"], row["line"])
                for row in pageable["lines"]]
    return _verdict("pageable-copies", "fired" if fired else "clear", summary, figure=share,
                    unit="share of profiled steps", threshold=PAGEABLE_SHARE, lines=lines, actions=actions)


def fp16_on_bf16(raw: dict[str, Any]) -> dict[str, Any]:
    cap = capability(raw)
    cuda_regions = [row for row in raw.get("autocast", []) if row["device"] == "cuda" and row["enabled"]]
    if cap is None:
        return _verdict("fp16-on-bf16", "not-applicable", "no CUDA device in this run")
    if not cuda_regions:
        return _verdict("fp16-on-bf16", "not-applicable", "no CUDA autocast region ran")
    fp16 = [row for row in cuda_regions if row["dtype"] == "float16"]
    sm = f"sm_{cap[0]}{cap[1]}"
    if fp16 and cap >= BF16_CAPABILITY:
        return _verdict("fp16-on-bf16", "fired",
                        f"autocast ran in float16 on a bf16-capable GPU ({sm})",
                        lines=[_line(row["path"], row["line"]) for row in fp16],
                        actions=[_action("set dtype=torch.bfloat16 (and drop the GradScaler it needed)",
                                         row["path"], row["line"]) for row in fp16])
    dtypes = sorted({row["dtype"] for row in cuda_regions})
    return _verdict("fp16-on-bf16", "clear", f"autocast ran in {', '.join(dtypes)} on {sm}",
                    lines=[_line(row["path"], row["line"]) for row in cuda_regions])


def scaler_with_bf16(raw: dict[str, Any]) -> dict[str, Any]:
    scalers = [row for row in raw.get("scalers", []) if row["enabled"] and row["steps"]]
    regions = [row for row in raw.get("autocast", []) if row["enabled"]]
    if not scalers:
        return _verdict("scaler-with-bf16", "not-applicable", "no enabled GradScaler stepped")
    if any(row["dtype"] == "bfloat16" for row in regions):
        return _verdict("scaler-with-bf16", "fired",
                        "GradScaler in use with bfloat16 autocast; bf16 needs no loss scaling",
                        lines=[_line(row["path"], row["line"]) for row in scalers],
                        actions=[_action("remove the GradScaler (or pass enabled=False)", row["path"], row["line"])
                                 for row in scalers])
    return _verdict("scaler-with-bf16", "clear", "GradScaler used without bfloat16 autocast",
                    lines=[_line(row["path"], row["line"]) for row in scalers])


def worker_restart(raw: dict[str, Any]) -> dict[str, Any]:
    candidates = [row for row in raw.get("loaders", [])
                  if row["num_workers"] > 0 and not row["persistent_workers"]]
    if not candidates:
        return _verdict("worker-restart", "not-applicable", "no loader restarts its workers")
    repeated = [row for row in candidates if len(row["first_batch_ms"]) >= 2]
    if not repeated:
        return _verdict("worker-restart", "not-applicable", "only one epoch ran")
    later = [ms for row in repeated for ms in row["first_batch_ms"][1:]]
    mean_ms = sum(later) / len(later)
    fired = mean_ms >= WORKER_RESTART_MS
    return _verdict("worker-restart", "fired" if fired else "clear",
                    f"first batch of each later epoch waited {mean_ms:.0f} ms for workers to start",
                    figure=mean_ms, unit="ms per epoch", threshold=WORKER_RESTART_MS,
                    lines=[_line(row["path"], row["line"]) for row in repeated],
                    actions=[_action(f"set {setting(row.get('framework'), 'persistent_workers', True)}", row["path"], row["line"])
                             for row in repeated])


MEASURES = {"cuda-allocated": "GPU memory allocated", "resident": "resident memory",
            "max-resident": "peak resident memory"}


def memory_growth(raw: dict[str, Any]) -> dict[str, Any]:
    section = memory.summary(raw.get("memory"))
    if section is None:
        return _verdict("memory-growth", "not-applicable", "memory was not read in this run")
    steps = len(section["step_bytes"])
    if steps < MEMORY_MIN_STEPS:
        return _verdict("memory-growth", "not-applicable",
                        f"{steps} steps measured; a trend needs {MEMORY_MIN_STEPS} or more")
    growth, fit = section["growth_bytes"], section["r_squared"]
    what = MEASURES[section["measure"]]
    summary = f"{what} {'grew' if growth >= 0 else 'fell'} {memory.size(abs(growth))} over the window"
    figure = dict(figure=growth / 2**20, unit="MiB over the window", threshold=MEMORY_GROWTH_BYTES / 2**20)
    if growth <= MEMORY_GROWTH_BYTES:
        return _verdict("memory-growth", "clear", summary, **figure)
    if fit is None or fit < MEMORY_LINE_FIT:
        return _verdict("memory-growth", "clear", f"{summary}, but in jumps, not step by step (R² {fit or 0:.2f})",
                        **figure)
    loop = (raw.get("memory") or {}).get("loop")
    summary += (f", {memory.size(section['slope_bytes_per_step'])} every step (R² {fit:.2f}): "
                "the loop keeps something from each step")
    change = ("in the loop around this backward, keep loss.item() or .detach() in whatever outlives a step, not the "
              "tensor (lists, running totals: a tensor that requires grad keeps its whole graph), and bound caches "
              "that grow with every batch")
    actions = [_action(change, loop["path"], loop["line"])] if loop else []
    return _verdict("memory-growth", "fired", summary, lines=[_line(loop["path"], loop["line"])] if loop else [],
                    actions=actions, **figure)


def verdicts(raw: dict[str, Any], *, job_speedup: Optional[float] = None,
             workers: Optional[int] = None) -> list[dict[str, Any]]:
    figures = input_figures(raw)
    return [
        input_bound(raw, figures, job_speedup=job_speedup, workers=workers), sync_heavy(raw), pageable_copies(raw), fp16_on_bf16(raw),
        scaler_with_bf16(raw), worker_restart(raw), memory_growth(raw),
    ]
