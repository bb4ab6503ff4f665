"""The probe's report as text for a terminal."""

from __future__ import annotations

import os
from typing import Any, Optional

from torch_advise.probe.inside.memory import size
from torch_advise.probe.judge.settle import NO_GAIN_BELOW


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


MEMORY_KINDS = {"cuda-allocated": "allocated on the GPU", "resident": "resident", "max-resident": "resident (high-water mark)"}


def memory_line(section: dict[str, Any]) -> str:
    per_100 = section["slope_bytes_per_step"] * 100
    return (f"peak {size(section['peak_bytes'])} {MEMORY_KINDS[section['measure']]} "
            f"({size(section['start_bytes'])} at the window's start), {'+' if per_100 >= 0 else '-'}"
            f"{size(abs(per_100))} per 100 steps")


STOPPED_BY = {
    "settled": "every arm settled",
    "round limit": "stopped at the round limit",
    "time budget": "stopped at the time budget, half of --timeout",
}


def _interval(ratio: dict[str, Any], rounds: int) -> str:
    if ratio["high"] is None:
        return f"{rounds} round, which gives no interval"
    return f"95% interval {ratio['low']:.2f}-{ratio['high']:.2f}x, {rounds} rounds"


def _said(row: dict[str, Any]) -> str:
    """A measured arm's answer, honest about what its interval allows."""
    ratio = row["speedup"]
    interval = _interval(ratio, row["rounds"])
    if row["outcome"] == "faster":
        return f"{ratio['estimate']:.2f}x faster ({interval})"
    if row["outcome"] == "slower":
        return f"no gain: {ratio['estimate']:.2f}x, slower ({interval})"
    if row["outcome"] == "no gain":
        return f"no gain: {ratio['estimate']:.2f}x ({interval}: rules out a gain of {NO_GAIN_BELOW:.2f}x or more)"
    if row["settle_rounds"] is None:
        return f"inconclusive: {ratio['estimate']:.2f}x ({interval}); run more rounds (a larger --steps or --timeout)"
    return (f"inconclusive: {ratio['estimate']:.2f}x ({interval}); about {row['settle_rounds']} rounds would "
            f"settle it (--steps {row['settle_steps']})")


def _workers(section: dict[str, Any]) -> list[str]:
    counts = ", ".join(str(count) for count in section["counts"])
    out = [f"  worker counts {counts}: 0, then doubling up to the {section['cores']} cores this run may use"]
    if section["not_applied"]:
        return out + [f"  not tried: {section['not_applied']}"]
    for point in section["curve"]:
        ratio = point["speedup"]
        said = "as written" if ratio is None else (
            f"{ratio['estimate']:.2f}x ({point['outcome']}; {_interval(ratio, point['rounds'])})")
        out.append(f"  workers={point['workers']:<5} {point['mean_step_ms']:8.2f} ms per step  {said}")
    if section["best"] is not None:
        loaders = ", ".join(section["loaders"]) or "the loader"
        out.append(f"  best: {section['best']} workers; fewest within noise of it: {section['fewest_within_noise']}"
                   f" -> {sweep_change(section)} at {loaders}")
    return out


def sweep_change(section: dict[str, Any]) -> str:
    # Reports of schema 6 and older said nothing of the framework that built the loader.
    return section.get("change") or f"set num_workers={section['fewest_within_noise']}"


def _compile_events(name: str, events: Optional[dict[str, Any]], base: str) -> list[str]:
    if events is None:
        return []
    if not events["counted"]:
        return [f"  {name}: not counted: {events['reason']}"]
    if not events["sites"]:
        return [f"  {name}: none"]
    out = [f"  {name}: {len(events['sites'])} {'line' if len(events['sites']) == 1 else 'lines'}"]
    for site in events["sites"]:
        function = f" ({site['function']})" if site.get("function") else ""
        times = f" ({site['count']} times)" if site["count"] > 1 else ""
        out.append(f"    {where(site['path'], site['line'], base)}{function}  {site['reason']}{times}")
    return out


def compile_cost(entry: dict[str, Any]) -> str:
    """A measured compile mode's compile time and the step after which it has paid for itself."""
    took = (f"compiled in {entry['compile_s']:.1f} s, kept out of the step times" if entry["compile_s"] is not None
            else "compile time unknown")
    steps, latest = entry["break_even_step"], entry["break_even_step_latest"]
    if steps is None:
        pays = f"break-even: {entry['break_even_note']}"
    elif latest is None or latest == steps:
        pays = f"break-even after {steps:,} steps"
    else:
        pays = f"break-even after {steps:,} steps ({latest:,} at the interval's low end)"
    return f"{took}; {pays}"


def _compile(section: dict[str, Any], base: str) -> list[str]:
    """Each torch.compile mode: its ratio, then its compile time and break-even step."""
    compiled = section["compile"]
    if compiled["not_applied"]:
        return [f"  compile                  not tried: {compiled['not_applied']}"]
    rows = {row["arm"]: row for row in section["arms"]}
    out = [f"  torch.compile of {', '.join(compiled['models'])} (the model's forward; parameters shared)"] if compiled["models"] else []
    for entry in compiled["modes"]:
        row = rows.get(entry["arm"])
        if entry["status"] != "measured" or row is None:
            out.append(f"  {entry['arm']:<24} {entry['status']}: {entry['detail']}")
            continue
        out.append(f"  {entry['arm']:<24} {_said(row)}")
        out.append(f"  {'':<24} {compile_cost(entry)}")
    return out + _compile_events("graph breaks", compiled["graph_breaks"], base) + _compile_events(
        "recompiles", compiled["recompiles"], base)


def _what_if(section: dict[str, Any], base: str) -> list[str]:
    rounds = section.get("rounds")
    blocks = ""
    if rounds:
        run = max((row["rounds"] for row in section["arms"]), default=0)
        stop = STOPPED_BY.get(rounds["stopped_by"], "the script ended first")
        blocks = (f" (applied at run time, arms alternating in blocks of {section['block']} steps; {run} rounds, "
                  f"--steps asks for {rounds['requested']}, at most {rounds['limit']}: {stop})")
    out = ["", f"what-if{blocks}:"]
    if section.get("workers"):
        out.extend(_workers(section["workers"]))
        return out
    if section.get("compile"):
        out.extend(_compile(section, base))
        return out
    for row in section["arms"]:
        label = row["arm"]
        if row["speedup"] is None:
            out.append(f"  {label:<12} {row['outcome']}: {row['detail']}")
            continue
        said = _said(row)
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


BAR_WIDTH = 20


def _phases(section: dict[str, Any]) -> list[str]:
    """One bar per phase, its share of the steps' time (host time; on a GPU, the GPU time each spans beside it)."""
    out = ["phases:  share of step time (host)"]
    steps = len(section["step_ms"]["input"])
    for name, share in section["share"].items():
        bar = "#" * round(share * BAR_WIDTH)
        mean = sum(section["step_ms"][name]) / steps if steps else 0.0
        gpu = section.get("gpu_ms")
        on_gpu = f", GPU {sum(gpu[name]) / steps:.2f} ms" if gpu and name in gpu and steps else ""
        out.append(f"  {name:<10} {bar:<{BAR_WIDTH}} {share:4.0%}  {mean:.2f} ms per step{on_gpu}")
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
    if report.get("memory"):
        out.append(f"memory:  {memory_line(report['memory'])}")
    figures = report["input"]
    if figures["share"] is not None and figures.get("source") == "gap":
        out.append(f"input:   {'GPU idle' if figures['measure'] == 'gpu-idle' else 'host time'} between a step's end "
                   f"and the next forward {figures['share']:.0%} of the window (no DataLoader: the batch is made there)")
    elif figures["share"] is not None and report["loaders"]:
        if figures["measure"] == "gpu-idle":
            out.append(f"input:   GPU idle waiting on input {figures['share']:.0%} of the window "
                       f"(host blocked in next(): {figures['host_wait_share']:.0%})")
        else:
            out.append(f"input:   host waiting on input {figures['share']:.0%} of the window")
    if report.get("phases"):
        out.extend(_phases(report["phases"]))
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
            for action in item.get("actions", []):
                out.append(f"  {'':<24} -> {action['change']} at {where(action['path'], action['line'], base)}")

    if report.get("ranks"):
        out.extend(_ranks(report["ranks"]))
    if report.get("what_if") is not None:
        out.extend(_what_if(report["what_if"], base))
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
