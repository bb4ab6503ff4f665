"""Joins static findings to the measurements at the same rule and source line.

Each rule code the probe can judge has one resolver in ``RESOLVERS``; a finding of any other
code is "not exercised" with the reason. A runtime site matches a finding when it lies within
the finding's lines (a call spread over several lines is one finding).
"""

from __future__ import annotations

import os
from typing import Any, Callable, Optional

from torch_advise.finding import Finding
from torch_advise.probe.judge import verdict as v

CONFIRMED = "confirmed"
NOT_CONFIRMED = "not confirmed"
NOT_EXERCISED = "not exercised"

Status = tuple[str, str, Optional[float]]
Resolver = Callable[[Finding, dict[str, Any], dict[str, Any]], Status]


def _same_site(finding: Finding, path: Optional[str], line: Optional[int]) -> bool:
    if path is None or line is None:
        return False
    if os.path.realpath(finding.path) != os.path.realpath(path):
        return False
    last = max(finding.end_line or finding.line, finding.line)
    return finding.line <= line <= last


def _loader_at(finding: Finding, raw: dict[str, Any]) -> Optional[dict[str, Any]]:
    for loader in raw.get("loaders", []):
        if _same_site(finding, loader["path"], loader["line"]):
            return loader
    return None


def _no_loader(finding: Finding) -> Status:
    return NOT_EXERCISED, "no DataLoader was created at this line during the run", None


def _needs_cuda(raw: dict[str, Any]) -> Optional[Status]:
    if not v.on_gpu(raw):
        return NOT_EXERCISED, "no CUDA device in this run", None
    return None


def dataloader_workers(finding: Finding, raw: dict[str, Any], ctx: dict[str, Any]) -> Status:
    loader = _loader_at(finding, raw)
    if loader is None:
        return _no_loader(finding)
    figures = ctx["input"]
    row = next((r for r in figures["loaders"] if r["loader"] == loader["id"]), None)
    if row is None or not row["batches"]:
        return NOT_EXERCISED, "this loader was not iterated in the measured steps", None
    share = row["share"]
    where = "GPU idle waiting on input" if v.on_gpu(raw) else "host waiting on input (CPU run)"
    if share >= v.INPUT_BOUND_SHARE:
        speedup = v.predicted_speedup(share)
        return CONFIRMED, f"{where}: {share:.0%} of step time; up to {speedup:.1f}x faster with enough workers", share
    return NOT_CONFIRMED, f"{where}: {share:.0%} of step time (threshold {v.INPUT_BOUND_SHARE:.0%})", share


def _pageable(raw: dict[str, Any]) -> Optional[dict[str, Any]]:
    copies = raw.get("copies", {})
    return copies.get("pageable") if copies.get("measured") else None


def dataloader_pin_memory(finding: Finding, raw: dict[str, Any], ctx: dict[str, Any]) -> Status:
    loader = _loader_at(finding, raw)
    if loader is None:
        return _no_loader(finding)
    missing = _needs_cuda(raw)
    if missing:
        return missing
    if loader["pin_memory"] or loader.get("batches_pinned"):
        return NOT_CONFIRMED, "batches from this loader arrive in pinned memory", None
    pageable = _pageable(raw)
    if pageable is None:
        return NOT_EXERCISED, raw.get("copies", {}).get("reason") or "copies were not profiled", None
    if pageable["count"]:
        return (CONFIRMED, f"{pageable['per_step']:.1f} pageable host-to-device copies per step "
                f"({pageable['time_ms']:.2f} ms over {raw['copies']['profiled_steps']} profiled steps)",
                float(pageable["count"]))
    return NOT_CONFIRMED, "no pageable host-to-device copies in the profiled steps", 0.0


def dataloader_persistent(finding: Finding, raw: dict[str, Any], ctx: dict[str, Any]) -> Status:
    loader = _loader_at(finding, raw)
    if loader is None:
        return _no_loader(finding)
    if loader["num_workers"] == 0:
        return NOT_CONFIRMED, "this loader ran without workers, so there are none to restart", None
    later = loader["first_batch_ms"][1:]
    if not later:
        return NOT_EXERCISED, "only one epoch ran; workers restart at each later epoch", None
    mean_ms = sum(later) / len(later)
    status = CONFIRMED if mean_ms >= v.WORKER_RESTART_MS else NOT_CONFIRMED
    return status, f"first batch of each later epoch waited {mean_ms:.0f} ms for workers to start", mean_ms


def non_blocking_pageable(finding: Finding, raw: dict[str, Any], ctx: dict[str, Any]) -> Status:
    missing = _needs_cuda(raw)
    if missing:
        return missing
    pageable = _pageable(raw)
    if pageable is None:
        return NOT_EXERCISED, raw.get("copies", {}).get("reason") or "copies were not profiled", None
    here = sum(row["count"] for row in pageable["lines"] if _same_site(finding, row["path"], row["line"]))
    steps = raw["copies"]["profiled_steps"] or 1
    if here:
        return CONFIRMED, f"{here / steps:.1f} pageable copies per step at this line; non_blocking cannot overlap them", float(here)
    return NOT_CONFIRMED, "no pageable host-to-device copy at this line in the profiled steps", 0.0


def _autocast_at(finding: Finding, raw: dict[str, Any]) -> list[dict[str, Any]]:
    return [row for row in raw.get("autocast", []) if _same_site(finding, row["path"], row["line"])]


def fp16_autocast(finding: Finding, raw: dict[str, Any], ctx: dict[str, Any]) -> Status:
    regions = [row for row in _autocast_at(finding, raw) if row["enabled"]]
    if not regions:
        return NOT_EXERCISED, "this autocast region did not run (or ran disabled)", None
    cap = v.capability(raw)
    if cap is None or not any(row["device"] == "cuda" for row in regions):
        return NOT_EXERCISED, "no CUDA device in this run", None
    sm = f"sm_{cap[0]}{cap[1]}"
    if any(row["dtype"] == "float16" for row in regions):
        if cap >= v.BF16_CAPABILITY:
            return CONFIRMED, f"autocast ran in float16 on a bf16-capable GPU ({sm})", None
        return NOT_CONFIRMED, f"{sm} has no fast bfloat16; float16 is the right choice here", None
    return NOT_CONFIRMED, f"autocast ran in {regions[0]['dtype']} here", None


def scaler_with_bf16(finding: Finding, raw: dict[str, Any], ctx: dict[str, Any]) -> Status:
    scalers = [row for row in raw.get("scalers", []) if _same_site(finding, row["path"], row["line"])]
    if not scalers:
        return NOT_EXERCISED, "no GradScaler was created at this line during the run", None
    if not any(row["enabled"] for row in scalers):
        return NOT_CONFIRMED, "the GradScaler here is disabled", None
    dtypes = {row["dtype"] for row in raw.get("autocast", []) if row["enabled"]}
    if "bfloat16" in dtypes:
        return CONFIRMED, "GradScaler in use while autocast ran in bfloat16", None
    if not dtypes:
        return NOT_EXERCISED, "no autocast region ran", None
    return NOT_CONFIRMED, f"autocast ran in {', '.join(sorted(dtypes))}, where loss scaling is needed", None


def sync_every_step(finding: Finding, raw: dict[str, Any], ctx: dict[str, Any]) -> Status:
    missing = _needs_cuda(raw)
    if missing:
        return missing
    rows = [row for row in raw.get("syncs", {}).get("lines", [])
            if _same_site(finding, row["path"], row["line"])]
    per_step = sum(row["per_step"] or 0 for row in rows)
    if per_step >= v.SYNCS_PER_STEP:
        idle = ctx["input"]["share"]
        tail = f"; GPU idle waiting on input {idle:.0%} of step time" if idle is not None else ""
        return CONFIRMED, f"{per_step:.1f} syncs per step at this line{tail}", per_step
    if rows:
        return NOT_CONFIRMED, f"{per_step:.2f} syncs per step at this line (not every step)", per_step
    return NOT_CONFIRMED, "no sync at this line in the measured steps", 0.0


RESOLVERS: dict[str, Resolver] = {
    "DL001": dataloader_workers,
    "DL002": dataloader_pin_memory,
    "DL003": dataloader_persistent,
    "DL005": non_blocking_pageable,
    "AMP002": fp16_autocast,
    "AMP003": scaler_with_bf16,
    "SYNC001": sync_every_step,
}


def join(findings: list[Finding], raw: dict[str, Any]) -> list[dict[str, Any]]:
    ctx = {"input": v.input_figures(raw)}
    rows = []
    for finding in sorted(findings, key=lambda f: f.sort_key):
        resolver = RESOLVERS.get(finding.code)
        if resolver is None:
            status, detail, figure = NOT_EXERCISED, f"the probe does not measure {finding.code}", None
        elif not raw.get("steps", {}).get("measured") and finding.code in ("DL001", "SYNC001"):
            status, detail, figure = NOT_EXERCISED, "no steps were measured", None
        else:
            status, detail, figure = resolver(finding, raw, ctx)
        rows.append({
            "code": finding.code, "slug": finding.slug, "path": finding.path, "line": finding.line,
            "col": finding.col, "message": finding.message, "status": status, "detail": detail,
            "figure": figure,
        })
    return rows
