"""The probe's report as one self-contained HTML page (``advise probe --html FILE``).

Everything is inline: styles, SVG charts, the source lines each finding points at. A Content
Security Policy forbids the page any fetch and any script, so it opens from disk the same with
or without a network, and shows the same thing wherever it is opened.
"""

from __future__ import annotations

import os
from html import escape
from typing import Any, Optional

from torch_advise.probe.inside.memory import size
from torch_advise.probe.output import charts
from torch_advise.probe.output.render import MEMORY_KINDS, compile_cost, device_line, memory_line, sweep_change, where

POLICY = "default-src 'none'; style-src 'unsafe-inline'"
SOURCE_CONTEXT = 2

STYLE = """
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1d2330; --muted: #5d6678; --card: #f4f6fa;
  --line: #d9dee8; --work: #7c93c3; --wait: #e0803a; --good: #2f8a4c; --bad: #c2412d; --na: #8a91a0;
  --accent: #2f5fb3; --mark: #fff1c2; --back: #9a72c4; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #14171d; --fg: #e3e7ee; --muted: #9aa3b5; --card: #1d222b; --line: #343b48;
    --work: #6d86bd; --wait: #f0954d; --good: #5cc07a; --bad: #ef6a55; --na: #7d8596;
    --accent: #8fb0f0; --mark: #4a3f1c; --back: #a98ad6; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 980px; margin: 0 auto; padding: 24px 20px 48px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 10px; }
.muted, .axis, .legend { color: var(--muted); fill: var(--muted); }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 10px; margin: 16px 0; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; }
.card .figure { font-size: 22px; font-weight: 600; } .card .what { color: var(--muted); font-size: 13px; }
table { border-collapse: collapse; width: 100%; }
td, th { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 500; font-size: 13px; }
td code { white-space: nowrap; }
code, pre { font: 13px/1.45 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
.badge { display: inline-block; border-radius: 4px; padding: 0 7px; font-size: 12px; font-weight: 600;
  color: var(--bg); background: var(--na); white-space: nowrap; }
.badge.fired, .badge.confirmed, .badge.late { background: var(--bad); }
.badge.clear, .badge.refuted, .badge.balanced { background: var(--good); }
.finding { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; margin: 10px 0; }
.finding p { margin: 4px 0; }
pre.source { margin: 8px 0 0; padding: 6px 0; border-radius: 6px; background: var(--bg); border: 1px solid var(--line); overflow-x: auto; }
pre.source span { display: block; padding: 0 10px; white-space: pre; }
pre.source span.flagged { background: var(--mark); }
pre.source i { display: inline-block; width: 3.5em; color: var(--muted); font-style: normal; user-select: none; }
.chart { width: 100%; height: auto; display: block; }
.chart text { font-size: 12px; }
.chart .grid { stroke: var(--line); stroke-width: 1; }
.chart .work { fill: var(--work); } .chart .wait { fill: var(--wait); }
.chart .good { fill: var(--good); } .chart .bad { fill: var(--bad); } .chart .na { fill: var(--na); }
.chart .median { stroke: var(--fg); stroke-dasharray: 4 3; stroke-width: 1; }
.chart .interval { stroke: var(--fg); stroke-width: 2; }
.chart .label, .chart .value { fill: var(--fg); }
.chart .series { fill: none; stroke-width: 2; }
.chart .s0 { stroke: var(--work); fill: var(--work); } .chart .s1 { stroke: var(--wait); fill: var(--wait); }
.chart .s2 { stroke: var(--good); fill: var(--good); } .chart .s3 { stroke: var(--bad); fill: var(--bad); }
.chart polyline.series { fill: none; } .chart text.legend { stroke: none; font-weight: 600; }
.chart .fill-input { fill: var(--wait); } .chart .fill-forward { fill: var(--work); }
.chart .fill-backward { fill: var(--back); } .chart .fill-optimizer { fill: var(--good); }
.chart .fill-other { fill: var(--na); }
.chart .hatch { stroke: var(--bg); stroke-width: 1.4; opacity: .7; } .chart .dot { fill: var(--bg); opacity: .8; }
.chart .swatch { stroke: var(--muted); stroke-width: .5; }
.chart polyline.trace { fill: none; stroke-width: 2; }
footer { margin-top: 36px; color: var(--muted); font-size: 13px; }
"""


class SourceLines:
    """Lines of the files findings point at, each file read once; a file that has gone or
    cannot be read shows no excerpt rather than stopping the page."""

    def __init__(self) -> None:
        self._files: dict[str, Optional[list[str]]] = {}

    def around(self, path: Optional[str], line: Optional[int]) -> list[tuple[int, str]]:
        if not path or not line:
            return []
        if path not in self._files:
            try:
                with open(path, encoding="utf-8", errors="replace") as handle:
                    self._files[path] = handle.read().splitlines()
            except OSError:
                self._files[path] = None
        lines = self._files[path]
        if not lines or line > len(lines):
            return []
        first = max(1, line - SOURCE_CONTEXT)
        last = min(len(lines), line + SOURCE_CONTEXT)
        return [(number, lines[number - 1]) for number in range(first, last + 1)]


def _card(figure: str, what: str) -> str:
    return f'<div class="card"><div class="figure">{escape(figure)}</div><div class="what">{escape(what)}</div></div>'


def _cards(report: dict[str, Any]) -> str:
    steps, figures = report["steps"], report["input"]
    cards = []
    if steps["measured"]:
        cards.append(_card(f"{steps['median_ms']:.1f} ms", f"median step ({steps['measured']} measured)"))
        cards.append(_card(f"{steps['p90_ms']:.1f} ms", "p90 step"))
    if figures["share"] is not None and report["loaders"]:
        what = "GPU idle waiting on input" if figures["measure"] == "gpu-idle" else "host waiting on input"
        cards.append(_card(f"{figures['share']:.0%}", what))
        if figures["predicted_speedup"] and figures["predicted_speedup"] >= 1.05:
            cards.append(_card(f"{figures['predicted_speedup']:.2f}x", "faster with input ready in time (at most)"))
    memory = report.get("memory")
    if memory:
        cards.append(_card(size(memory["peak_bytes"]), f"peak memory, {MEMORY_KINDS[memory['measure']]}"))
    return f'<div class="cards">{"".join(cards)}</div>'


def _header(report: dict[str, Any], base: str) -> str:
    script = where(report["script"], None, base).rsplit(":", 1)[0]
    outcome = report["outcome"]
    parts = [f"<h1>advise probe <code>{escape(script)}</code></h1>",
             f'<p class="muted">{escape(device_line(report["device"]))} · {escape(outcome["detail"])}</p>']
    exception = outcome.get("exception")
    if exception:
        parts.append(f'<p><span class="badge fired">{escape(exception["type"])}</span> '
                     f'{escape(exception["message"])} at <code>{escape(where(exception["path"], exception["line"], base))}</code></p>')
        if exception.get("traceback"):
            parts.append(f'<pre class="source">{escape(exception["traceback"])}</pre>')
    if report["steps"].get("note"):
        parts.append(f'<p class="muted">{escape(report["steps"]["note"])}</p>')
    return "".join(parts)


def _verdicts(report: dict[str, Any], base: str) -> str:
    if not report["verdicts"]:
        return ""
    rows = []
    for item in report["verdicts"]:
        lines = ", ".join(where(row["path"], row["line"], base) for row in item["lines"] if row["path"])
        shown = f"<br><code>{escape(lines)}</code>" if lines and item["status"] != "not-applicable" else ""
        label = {"fired": "fired", "clear": "ok", "not-applicable": "n/a"}[item["status"]]
        actions = "".join(f'<br>&rarr; {escape(action["change"])} at <code>{escape(where(action["path"], action["line"], base))}</code>'
                          for action in item.get("actions", []))
        rows.append(f'<tr><td><span class="badge {item["status"]}">{label}</span></td>'
                    f'<td><code>{escape(item["id"])}</code></td><td>{escape(item["summary"])}{shown}{actions}</td></tr>')
    return ('<h2 id="verdicts">Verdicts</h2><table><tr><th></th><th>verdict</th><th>what was measured</th></tr>'
            f'{"".join(rows)}</table>')


def _timeline(report: dict[str, Any]) -> str:
    steps, phases = report["steps"], report.get("phases")
    if not steps["step_ms"] or not phases:
        return '<h2 id="steps">Steps</h2><p class="muted">No step was measured.</p>'
    idle = steps.get("gpu_idle_ms")
    notes = [f"GPU idle waiting on input {ms:.1f} ms" for ms in idle] if idle is not None else None
    key = ('<p class="muted">Each step split into its phases (host time), from the bottom: waiting on input, '
           'forward, backward, the optimizer step and the rest; hover a bar for its figures. '
           f'Dashed: the median step, {steps["median_ms"]:.1f} ms.'
           + (" On a GPU a step's tooltip also gives the GPU's idle gap waiting on input." if notes else "") + "</p>")
    ranks = report.get("ranks")
    whose = f" (rank {ranks['shown_rank']})" if ranks else ""
    return (f'<h2 id="steps">Step timeline{escape(whose)}</h2>' + key
            + charts.stacked_steps(steps["step_ms"], phases["step_ms"], steps["median_ms"], notes))


def _syncs(report: dict[str, Any], base: str) -> str:
    syncs = report["syncs"]
    head = '<h2 id="syncs">Host-device syncs per line</h2>'
    if not syncs.get("measured"):
        return head + '<p class="muted">Not measured: no CUDA device in this run.</p>'
    rows = [row for row in syncs["lines"] if row.get("per_step")]
    if not rows:
        return head + '<p class="muted">No line synchronised the host with the GPU in the window.</p>'
    chart = charts.bars([charts.Bar(where(row["path"], row["line"], base), row["per_step"],
                                    f"{row['per_step']:.1f} per step",
                                    tone="bad" if row["per_step"] >= 1 else "work") for row in rows[:12]],
                        "syncs-chart")
    return head + chart


def _memory(report: dict[str, Any]) -> str:
    head = '<h2 id="memory">Memory</h2>'
    section = report.get("memory")
    if not section:
        return head + '<p class="muted">Not measured: memory was not read in this run.</p>'
    readings = [section["start_bytes"], *section["step_bytes"]]
    unit, scale = ("GiB", 2**30) if max(readings) >= 2 * 2**30 else ("MiB", 2**20)
    line = memory_line(section)
    text = f"{line[0].upper()}{line[1:]}; at the peak, {section['peak_bytes']:,} bytes."
    return (head + f"<p>{escape(text)}</p>"
            + '<p class="muted">Memory in use at each step boundary; a loop that keeps nothing from step to step '
            "stays level.</p>" + charts.memory_steps([value / scale for value in readings], unit))


def _ratio_bar(label: str, ratio: dict[str, Any], outcome: str) -> charts.Bar:
    tone = "good" if outcome == "faster" else "bad" if outcome == "slower" else "na"
    interval = f"{ratio['low']:.2f}-{ratio['high']:.2f}" if ratio["high"] is not None else "no interval"
    return charts.Bar(label, ratio["estimate"], f"{ratio['estimate']:.2f}x {outcome} ({interval})",
                      ratio["low"], ratio["high"], tone)


def _workers(section: dict[str, Any]) -> str:
    head = ('<h2 id="what-if">What-if: DataLoader workers</h2><p class="muted">Counts '
            f'{escape(", ".join(str(count) for count in section["counts"]))}: 0, then doubling up to the '
            f'{section["cores"]} cores this run may use. Speedup against the script as written, with its 95 % '
            'interval; the dashed line is no change.</p>')
    if section["not_applied"]:
        return head + f'<p class="muted">Not tried: {escape(section["not_applied"])}</p>'
    rows = [_ratio_bar(f"workers={point['workers']} ({point['mean_step_ms']:.1f} ms)", point["speedup"], point["outcome"])
            if point["speedup"] else charts.Bar(f"workers={point['workers']} ({point['mean_step_ms']:.1f} ms)", 1.0, "as written")
            for point in section["curve"]]
    chart = charts.bars(rows, "what-if-chart", reference=1.0) if rows else ""
    best = (f'<p>Best: {section["best"]} workers; the fewest within noise of it: {section["fewest_within_noise"]} '
            f'(<code>{escape(sweep_change(section))}</code> at {escape(", ".join(section["loaders"]))}).</p>'
            if section["best"] is not None else "")
    return head + chart + best


def _what_if(report: dict[str, Any]) -> str:
    section = report.get("what_if")
    if section is None:
        return ""
    if section.get("workers"):
        return _workers(section["workers"])
    rows, notes = [], []
    for row in section["arms"]:
        ratio = row["speedup"]
        if ratio is None:
            notes.append(f"<li><code>{escape(row['arm'])}</code> {escape(row['outcome'])}: {escape(row['detail'])}</li>")
            continue
        rows.append(_ratio_bar(row["arm"], ratio, row["outcome"]))
        if row["outcome"] == "inconclusive":
            settle = (f"about {row['settle_rounds']} rounds would settle it (<code>--steps {row['settle_steps']}</code>)"
                      if row["settle_rounds"] else "run more rounds")
            notes.append(f"<li><code>{escape(row['arm'])}</code> inconclusive: the interval holds both no change "
                         f"and a gain worth having; {settle}</li>")
    notes.extend(f"<li><code>{escape(item['code'])}</code> not tried: {escape(item['reason'])}</li>"
                 for item in section["not_tried"])
    notes.extend(_compile_notes(section.get("compile")))
    chart = charts.bars(rows, "what-if-chart", reference=1.0) if rows else ""
    listed = f"<ul>{''.join(notes)}</ul>" if notes else ""
    return ('<h2 id="what-if">What-if: fixes measured at run time</h2>'
            '<p class="muted">Speedup against the script as written, with its 95 % interval; '
            'the dashed line is no change.</p>' + chart + listed)


def _compile_notes(compiled: Optional[dict[str, Any]]) -> list[str]:
    """What the chart of a compile arm leaves out: its compile time and break-even step, the modes
    not measured and why, and the graph breaks and recompiles torch reported."""
    if not compiled:
        return []
    if compiled["not_applied"]:
        return [f"<li><code>compile</code> not tried: {escape(compiled['not_applied'])}</li>"]
    notes = [f"<li><code>{escape(entry['arm'])}</code> "
             + (escape(compile_cost(entry)) if entry["status"] == "measured" else f"{escape(entry['status'])}: {escape(entry['detail'] or '')}")
             + "</li>" for entry in compiled["modes"]]
    for name in ("graph_breaks", "recompiles"):
        events = compiled[name]
        if events and events["counted"] and events["sites"]:
            lines = ", ".join(f"{os.path.basename(site['path'])}:{site['line']} ({site['reason']})" for site in events["sites"])
            notes.append(f"<li>{name.replace('_', ' ')}: {escape(lines)}</li>")
    return notes


def _ranks(report: dict[str, Any]) -> str:
    ranks = report.get("ranks")
    if not ranks:
        return ""
    status = "late" if ranks["late_rank"] is not None else "balanced"
    rows = "".join(
        f'<tr><td>{row["rank"]}</td><td>{_ms(row["median_ms"])}</td><td>{_ms(row["p90_ms"])}</td>'
        f'<td>{_ms(row["median_lateness_ms"])}</td><td>{escape(row["outcome"])}</td></tr>'
        for row in ranks["per_rank"])
    lateness = {f"rank {row['rank']}": row["lateness_ms"] for row in ranks["per_rank"] if row["lateness_ms"]}
    chart = charts.rank_lines(lateness, "ranks-chart") if lateness else ""
    return (f'<h2 id="ranks">Ranks ({ranks["world_size"]})</h2>'
            f'<p><span class="badge {status}">{"straggler" if status == "late" else "no straggler"}</span> '
            f'{escape(ranks["summary"])}</p>'
            '<table><tr><th>rank</th><th>median step</th><th>p90 step</th><th>median lateness</th>'
            f'<th>outcome</th></tr>{rows}</table>'
            '<p class="muted">Lateness: how long after the first rank each rank entered backward, per step.</p>'
            + chart)


def _ms(value: Optional[float]) -> str:
    return "n/a" if value is None else f"{value:.1f} ms"


def _findings(report: dict[str, Any], base: str) -> str:
    head = '<h2 id="findings">Static findings</h2>'
    if not report["findings"]:
        return head + '<p class="muted">None.</p>'
    sources = SourceLines()
    out = [head]
    for row in report["findings"]:
        excerpt = sources.around(row["path"], row["line"])
        lines = "".join(
            f'<span class="{"flagged" if number == row["line"] else "context"}"><i>{number}</i>{escape(text)}</span>'
            for number, text in excerpt)
        status = row["status"].replace(" ", "-")
        out.append(
            f'<div class="finding"><p><code>{escape(row["code"])}</code> '
            f'<code>{escape(where(row["path"], row["line"], base))}:{row["col"]}</code> '
            f'<span class="badge {status}">{escape(row["status"])}</span></p>'
            f'<p>{escape(row["message"])}</p><p class="muted">{escape(row["detail"])}</p>'
            + (f'<pre class="source">{lines}</pre>' if lines else "") + "</div>")
    return "".join(out)


def render_html(report: dict[str, Any], base: Optional[str] = None) -> str:
    base = base or os.getcwd()
    title = f"advise probe {os.path.basename(report['script'])}"
    body = "".join([
        _header(report, base), _cards(report), _verdicts(report, base), _ranks(report),
        _timeline(report), _what_if(report), _syncs(report, base), _memory(report), _findings(report, base),
    ])
    footer = (f'<footer>torch-advise {escape(report["tool"]["version"])} · report schema '
              f'{report["schema_version"]} · {report["steps"]["warmup"]} warm-up steps, '
              f'{report["steps"]["requested"]} requested · {report["wall_s"]:.1f} s in all</footer>')
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
            f"<body><main>{body}{footer}</main></body></html>\n")
