"""The probe's report as text for a terminal."""

from __future__ import annotations

import os
from typing import Any, Optional


def where(path: Optional[str], line: Optional[int], base: str) -> str:
    """A path relative to ``base`` where it lies below it, with its line."""
    if not path:
        return "?"
    try:
        shown = os.path.relpath(path, base)
    except ValueError:
        shown = path
    if shown.startswith(".."):
        shown = path
    return f"{shown}:{line}"


def device_line(device: dict[str, Any]) -> str:
    if device.get("kind") == "cuda":
        cap = (device.get("capability") or "").replace(".", "")
        return f"{device['name']} (sm_{cap}); torch {device.get('torch')}"
    if device.get("kind") == "cpu":
        return f"CPU (no CUDA device: verdicts are CPU verdicts); torch {device.get('torch')}"
    return "unknown (the script left no report)"


def _what_if(section: dict[str, Any]) -> list[str]:
    blocks = f" (fixes applied at run time, arms alternating in blocks of {section['block']} steps)" if section["block"] else ""
    out = ["", f"what-if{blocks}:"]
    for row in section["arms"]:
        label = row["arm"]
        if row["speedup"] is None:
            out.append(f"  {label:<12} {row['outcome']}: {row['detail']}")
            continue
        ratio = row["speedup"]
        interval = f"95% interval {ratio['low']:.2f}-{ratio['high']:.2f}x, {row['rounds']} rounds"
        if row["outcome"] == "faster":
            said = f"{ratio['estimate']:.2f}x faster ({interval})"
        else:
            said = f"no gain: {ratio['estimate']:.2f}x, {row['outcome']} ({interval})"
        predicted = row.get("predicted_speedup")
        if predicted:
            said += f"; predicted up to {predicted:.1f}x" if predicted >= 1.05 else "; predicted no gain"
        out.append(f"  {label:<12} {said}")
        out.append(f"  {'':<12} {row['detail']}")
    for item in section["not_tried"]:
        out.append(f"  {item['code']:<12} not tried: {item['reason']}")
    return out


def _ranks(section: dict[str, Any]) -> list[str]:
    out = ["", f"ranks ({section['world_size']}; the figures above are rank {section['shown_rank']}'s):"]
    for row in section["per_rank"]:
        median = f"median step {row['median_ms']:.2f} ms, p90 {row['p90_ms']:.2f} ms" if row["median_ms"] is not None else "no step measured"
        late = row["median_lateness_ms"]
        lateness = f", late by {late:.1f} ms (median)" if late is not None else ""
        out.append(f"  rank {row['rank']:<3} {median}{lateness}; {row['outcome']}")
    out.append(f"  {section['summary']}")
    return out


def render_text(report: dict[str, Any], base: Optional[str] = None) -> str:
    base = base or os.getcwd()
    out: list[str] = []
    outcome = report["outcome"]
    steps = report["steps"]
    out.append(f"advise probe {where(report['script'], None, base).rsplit(':', 1)[0]}")
    out.append(f"device:  {device_line(report['device'])}")
    out.append(f"outcome: {outcome['detail']}")
    exception = outcome.get("exception")
    if exception:
        out.append(f"         {exception['type']}: {exception['message']} "
                   f"at {where(exception['path'], exception['line'], base)}")
        if exception.get("traceback"):
            out.extend(f"         | {line}" for line in exception["traceback"].rstrip("\n").splitlines())
    if steps["measured"]:
        timed_by = "optimizer steps" if steps["source"] == "optimizer" else "loader batches"
        out.append(
            f"steps:   {steps['measured']} measured after {steps['warmup']} warm-up (timed by {timed_by}); "
            f"step time median {steps['median_ms']:.2f} ms, p90 {steps['p90_ms']:.2f} ms"
        )
    else:
        out.append("steps:   none measured")
    if steps.get("note"):
        out.append(f"         {steps['note']}")
    peak = report["device"].get("peak_memory_bytes")
    if peak:
        out.append(f"memory:  peak {peak / 2**30:.2f} GiB allocated")
    figures = report["input"]
    if figures["share"] is not None and report["loaders"]:
        if figures["measure"] == "gpu-idle":
            out.append(f"input:   GPU idle waiting on input {figures['share']:.0%} of the window "
                       f"(host blocked in next(): {figures['host_wait_share']:.0%})")
        else:
            out.append(f"input:   host waiting on input {figures['share']:.0%} of the window")
    for note in report["not_applicable"]:
        out.append(f"n/a:     {note['measurement']}: {note['reason']}")

    if report["verdicts"]:
        out.append("")
        out.append("verdicts:")
        for item in report["verdicts"]:
            label = {"fired": "FIRED", "clear": "ok", "not-applicable": "n/a"}[item["status"]]
            lines = ", ".join(where(row["path"], row["line"], base) for row in item["lines"] if row["path"])
            tail = f"  [{lines}]" if lines and item["status"] != "not-applicable" else ""
            out.append(f"  {item['id']:<17} {label:<6} {item['summary']}{tail}")

    if report.get("ranks"):
        out.extend(_ranks(report["ranks"]))
    if report.get("what_if") is not None:
        out.extend(_what_if(report["what_if"]))
    out.append("")
    if report["findings"]:
        out.append("static findings:")
        width = max(len(f"{row['code']} {where(row['path'], row['line'], base)}") for row in report["findings"])
        for row in report["findings"]:
            head = f"{row['code']} {where(row['path'], row['line'], base)}"
            out.append(f"{head:<{width}}  {row['status']:<14} {row['detail']}")
    else:
        out.append("static findings: none")
    return "\n".join(out) + "\n"
