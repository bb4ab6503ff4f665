"""Charts for the HTML report, drawn as inline SVG: nothing to load, nothing to install.

Colours are CSS classes the page styles, so the page's light and dark themes both apply.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Optional

WIDTH = 760
LEFT, RIGHT, TOP, BOTTOM = 56, 12, 24, 34


def nice_ticks(top: float, count: int = 4) -> list[float]:
    """Round axis values from 0 to at least ``top``: 0, 10, 20, 30 rather than 0, 9.8, 19.6."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    ticks = [0.0]
    while ticks[-1] < top - 1e-9:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def _number(value: float) -> str:
    return f"{value:g}" if value >= 1 or value == 0 else f"{value:.2g}"


def _y_axis(ticks: list[float], scale, plot_w: float, unit: str) -> list[str]:
    out = []
    for tick in ticks:
        y = scale(tick)
        out.append(f'<line class="grid" x1="{LEFT}" x2="{LEFT + plot_w:.1f}" y1="{y:.1f}" y2="{y:.1f}"/>')
        out.append(f'<text class="axis" x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{_number(tick)}</text>')
    out.append(f'<text class="axis" x="{LEFT - 6}" y="12" text-anchor="end">{escape(unit)}</text>')
    return out


def _svg(height: int, label: str, body: list[str], element_id: str) -> str:
    return (f'<svg id="{element_id}" class="chart" viewBox="0 0 {WIDTH} {height}" role="img" '
            f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
            f'<title>{escape(label)}</title>{"".join(body)}</svg>')


# Each phase's pattern, so that the bars read without their colours (in print, or to a reader
# who does not tell them apart): lines drawn in the page's background over the phase's colour.
PATTERNS = {
    "input": '<path class="hatch" d="M0,6 L6,0 M-1,1 L1,-1 M5,7 L7,5"/>',
    "forward": "",
    "backward": '<path class="hatch" d="M0,3 L6,3"/>',
    "optimizer": '<circle class="dot" cx="3" cy="3" r="1.2"/>',
    "other": '<path class="hatch" d="M0,0 L6,6 M0,6 L6,0"/>',
}


def _pattern(element_id: str, name: str) -> str:
    return (f'<pattern id="{element_id}-{name}" width="6" height="6" patternUnits="userSpaceOnUse">'
            f'<rect class="fill-{name}" width="6" height="6"/>{PATTERNS[name]}</pattern>')


def stacked_steps(step_ms: Sequence[float], parts: dict[str, Sequence[float]], median_ms: Optional[float],
                  notes: Optional[Sequence[str]] = None, element_id: str = "timeline", height: int = 270) -> str:
    """One bar per measured step, stacked from the bottom in the order of ``parts`` (each part's ms
    per step), so that a bar is as tall as its parts together. Each part has its colour and its
    pattern, a legend entry with its mean, and a tooltip per segment; ``notes`` adds a line to a
    step's tooltip."""
    top_margin = TOP + 22
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = height - top_margin - BOTTOM
    totals = [sum(values[index] for values in parts.values()) for index in range(len(step_ms))]
    ticks = nice_ticks(max(max(totals), max(step_ms)))
    top = ticks[-1]

    def y(value: float) -> float:
        return top_margin + plot_h * (1 - min(value, top) / top)

    slot = plot_w / len(step_ms)
    bar = max(1.0, slot * 0.8)
    body = [f'<defs>{"".join(_pattern(element_id, name) for name in parts)}</defs>', *_y_axis(ticks, y, plot_w, "ms")]
    for number, (name, values) in enumerate(parts.items()):
        left = LEFT + number * 130
        mean = sum(values) / len(values)
        body.append(f'<rect class="swatch" x="{left}" y="{TOP - 8}" width="12" height="12" fill="url(#{element_id}-{name})"/>'
                    f'<text class="label" x="{left + 17}" y="{TOP + 2}">{escape(name)} {mean:.1f} ms</text>')
    label_every = max(1, math.ceil(len(step_ms) / 12))
    for index, total in enumerate(step_ms):
        x = LEFT + index * slot + (slot - bar) / 2
        segments, below = [], 0.0
        for name, values in parts.items():
            value = values[index]
            share = value / total if total else 0.0
            segments.append(f'<rect class="phase {name}" data-ms="{value:.4f}" x="{x:.1f}" y="{y(below + value):.2f}" '
                            f'width="{bar:.1f}" height="{y(below) - y(below + value):.2f}" fill="url(#{element_id}-{name})">'
                            f'<title>step {index + 1}, {escape(name)}: {value:.2f} ms ({share:.0%})</title></rect>')
            below += value
        tip = f"step {index + 1}: {total:.1f} ms; " + ", ".join(f"{name} {values[index]:.1f}" for name, values in parts.items())
        if notes:
            tip += f"; {notes[index]}"
        body.append(f'<g class="step" data-ms="{total:.4f}"><title>{escape(tip)}</title>{"".join(segments)}</g>')
        if index % label_every == 0:
            body.append(f'<text class="axis" x="{x + bar / 2:.1f}" y="{height - BOTTOM + 16}" '
                        f'text-anchor="middle">{index + 1}</text>')
    if median_ms is not None:
        body.append(f'<line class="median" x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(median_ms):.1f}" '
                    f'y2="{y(median_ms):.1f}"><title>median {median_ms:.1f} ms</title></line>')
    body.append(f'<text class="axis" x="{LEFT + plot_w / 2:.0f}" y="{height - 4}" text-anchor="middle">step</text>')
    label = f"step time per measured step, stacked by phase: {', '.join(parts)}"
    return _svg(height, label, body, element_id)


def memory_steps(values: Sequence[float], unit: str, element_id: str = "memory-chart", height: int = 200) -> str:
    """Memory in use at each step boundary, in ``unit``: step 0 is the window's start."""
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = height - TOP - BOTTOM
    ticks = nice_ticks(max(values))
    top = ticks[-1]

    def y(value: float) -> float:
        return TOP + plot_h * (1 - min(value, top) / top)

    def x(index: int) -> float:
        return LEFT + plot_w * index / max(1, len(values) - 1)

    body = _y_axis(ticks, y, plot_w, unit)
    points = " ".join(f"{x(index):.1f},{y(value):.1f}" for index, value in enumerate(values))
    body.append(f'<polyline class="trace s0" points="{points}"/>')
    body.extend(f'<circle class="s0" cx="{x(index):.1f}" cy="{y(value):.1f}" r="2.5">'
                f'<title>step {index}: {value:.1f} {escape(unit)}</title></circle>' for index, value in enumerate(values))
    label_every = max(1, math.ceil(len(values) / 12))
    for index in range(0, len(values), label_every):
        body.append(f'<text class="axis" x="{x(index):.1f}" y="{height - BOTTOM + 16}" text-anchor="middle">{index}</text>')
    body.append(f'<text class="axis" x="{LEFT + plot_w / 2:.0f}" y="{height - 4}" text-anchor="middle">'
                "step (0: the window's start)</text>")
    return _svg(height, f"memory in use at each step boundary, {unit}", body, element_id)


def rank_lines(series: dict[str, Sequence[float]], element_id: str, unit: str = "ms",
               height: int = 220) -> str:
    """One line per rank over the steps (a rank's lateness, or its step time)."""
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = height - TOP - BOTTOM
    longest = max((len(values) for values in series.values()), default=0)
    ticks = nice_ticks(max((max(values) for values in series.values() if values), default=1.0))
    top = ticks[-1]

    def y(value: float) -> float:
        return TOP + plot_h * (1 - min(value, top) / top)

    def x(index: int) -> float:
        return LEFT + (plot_w * index / (longest - 1) if longest > 1 else plot_w / 2)

    body = _y_axis(ticks, y, plot_w, unit)
    for number, (name, values) in enumerate(series.items()):
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        body.append(f'<polyline class="series s{number % 4}" points="{points}"><title>{escape(name)}</title></polyline>')
        body.append(f'<text class="legend s{number % 4}" x="{LEFT + 8 + number * 90}" y="{TOP + 12}">{escape(name)}</text>')
    label_every = max(1, math.ceil(longest / 12))
    for index in range(0, longest, label_every):
        body.append(f'<text class="axis" x="{x(index):.1f}" y="{height - BOTTOM + 16}" text-anchor="middle">{index + 1}</text>')
    body.append(f'<text class="axis" x="{LEFT + plot_w / 2:.0f}" y="{height - 4}" text-anchor="middle">step</text>')
    return _svg(height, f"{', '.join(series)} per step", body, element_id)


@dataclass
class Bar:
    label: str
    value: float
    text: str
    low: Optional[float] = None
    high: Optional[float] = None
    tone: str = "work"


def bars(rows: Sequence[Bar], element_id: str, reference: Optional[float] = None) -> str:
    """Horizontal bars, one per row, with an interval drawn across a bar where it has one and a
    reference line (1.0x for speedups)."""
    row_h = 26
    label_w = 220
    height = TOP + row_h * len(rows) + 24
    plot_w = WIDTH - label_w - RIGHT - 150
    top = nice_ticks(max(max(row.high or row.value for row in rows), reference or 0.0))[-1]

    def x(value: float) -> float:
        return label_w + plot_w * min(value, top) / top

    body = []
    for index, row in enumerate(rows):
        y = TOP + index * row_h
        body.append(f'<text class="label" x="{label_w - 8}" y="{y + 16}" text-anchor="end">{escape(row.label)}</text>')
        body.append(f'<rect class="{row.tone}" x="{label_w}" y="{y + 4}" width="{max(1.0, x(row.value) - label_w):.1f}" '
                    f'height="{row_h - 10}"><title>{escape(row.label)}: {escape(row.text)}</title></rect>')
        if row.low is not None and row.high is not None:
            mid = y + row_h / 2 - 1
            body.append(f'<line class="interval" x1="{x(row.low):.1f}" x2="{x(row.high):.1f}" y1="{mid}" y2="{mid}"/>')
        body.append(f'<text class="value" x="{x(row.value) + 6:.1f}" y="{y + 16}">{escape(row.text)}</text>')
    if reference is not None:
        body.append(f'<line class="median" x1="{x(reference):.1f}" x2="{x(reference):.1f}" y1="{TOP}" '
                    f'y2="{height - 20}"/><text class="axis" x="{x(reference):.1f}" y="{height - 6}" '
                    f'text-anchor="middle">{_number(reference)}</text>')
    return _svg(height, ", ".join(row.label for row in rows), body, element_id)
