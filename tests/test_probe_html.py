"""`advise probe --html FILE`: one self-contained page, checked by parsing it and, where Debian's
chromium is installed, by loading it in a real headless browser that must fetch nothing."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from torch_advise.probe.command import probe
from torch_advise.probe.inside.phases import PHASES
from torch_advise.probe.output.charts import nice_ticks
from torch_advise.probe.output.page import render_html

from conftest import FIXTURES

INPUT_BOUND = FIXTURES / "probe" / "input_bound.py"
BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
# The browser's own background traffic (updates, sync) is switched off as far as flags go; what
# is left is told apart from the page's requests by the network isolation key of a file page.
BROWSER_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-default-apps",
    "--disable-domain-reliability", "--metrics-recording-only",
]


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text inside each element with an id or class."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self._open: list[tuple[str, dict[str, str], list[str]]] = []
        self.texts: list[tuple[str, dict[str, str], str]] = []

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        self.tags.append((tag, attributes))
        if tag not in ("meta", "br"):  # the void elements the page uses
            self._open.append((tag, attributes, []))

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, {name: value or "" for name, value in attrs}))

    def handle_endtag(self, tag):
        while self._open:
            name, attributes, parts = self._open.pop()
            text = "".join(parts)
            self.texts.append((name, attributes, text))
            if self._open:
                self._open[-1][2].append(text)
            if name == tag:
                return

    def handle_data(self, data):
        if self._open:
            self._open[-1][2].append(data)

    def find(self, tag: str, **attributes: str) -> list[dict[str, str]]:
        return [attrs for name, attrs in self.tags if name == tag
                and all(value in attrs.get(key, "").split() for key, value in attributes.items())]

    def text_of(self, tag: str, cls: str | None = None) -> list[str]:
        return [text for name, attrs, text in self.texts
                if name == tag and (cls is None or cls in attrs.get("class", "").split())]


def parse(page: str) -> Elements:
    elements = Elements()
    elements.feed(page)
    return elements


@pytest.fixture(scope="module")
def input_bound_page(tmp_path_factory) -> tuple[Path, dict]:
    pytest.importorskip("torch")
    folder = tmp_path_factory.mktemp("html")
    page, saved = folder / "report.html", folder / "report.json"
    result = CliRunner().invoke(probe, [str(INPUT_BOUND), "--steps", "12", "--html", str(page), "--save", str(saved)])
    assert result.exit_code == 0, result.output
    return page, json.loads(saved.read_text())


def test_the_page_holds_the_verdicts_the_timeline_and_each_finding_with_its_source(input_bound_page):
    path, report = input_bound_page
    elements = parse(path.read_text())
    verdict_rows = [text for text in elements.text_of("tr") if "input-bound" in text]
    assert verdict_rows and "fired" in verdict_rows[0]
    # One bar per measured step, its input part as long as the report's per-step wait.
    assert elements.find("svg", id="timeline")
    inputs = elements.find("rect", **{"class": "input"})
    assert len(inputs) == 12 == len(report["steps"]["input_wait_ms"])
    assert [float(rect["data-ms"]) for rect in inputs] == pytest.approx(report["steps"]["input_wait_ms"], abs=1e-3)
    findings = elements.text_of("div", "finding")
    assert len(findings) == len(report["findings"]) > 0
    flagged = elements.text_of("span", "flagged")
    source = INPUT_BOUND.read_text().splitlines()
    for row, line in zip(report["findings"], flagged):
        assert line == f"{row['line']}{source[row['line'] - 1]}"
    assert "Not measured: no CUDA device in this run." in elements.text_of("main")[0]


def _stacks(elements: Elements) -> list[tuple[float, list[tuple[str, float, float, float]]]]:
    """Each step's bar as drawn: its step time, and its segments (phase, ms, y, height) bottom first."""
    stacks: list[tuple[float, list[tuple[str, float, float, float]]]] = []
    for tag, attrs in elements.tags:
        classes = attrs.get("class", "").split()
        if tag == "g" and "step" in classes:
            stacks.append((float(attrs["data-ms"]), []))
        elif tag == "rect" and "phase" in classes:
            stacks[-1][1].append((classes[1], float(attrs["data-ms"]), float(attrs["y"]), float(attrs["height"])))
    return stacks


def test_each_step_is_a_stack_of_its_phases_that_adds_up_to_the_step(input_bound_page):
    path, report = input_bound_page
    elements = parse(path.read_text())
    stacks = _stacks(elements)
    assert len(stacks) == report["steps"]["measured"]
    px_per_ms = []
    for index, (total, segments) in enumerate(stacks):
        assert [name for name, *_ in segments] == list(PHASES)
        assert total == pytest.approx(report["steps"]["step_ms"][index], abs=1e-3)
        assert sum(ms for _, ms, _, _ in segments) == pytest.approx(total, rel=1e-3)
        for name, ms, _, _ in segments:
            assert ms == pytest.approx(report["phases"]["step_ms"][name][index], abs=1e-3)
        # Each segment sits on the one below it, and every bar is drawn to the same scale.
        for (_, _, below_y, _), (_, _, y, height) in zip(segments, segments[1:]):
            assert y + height == pytest.approx(below_y, abs=0.02)
        px_per_ms.append(sum(height for *_, height in segments) / total)
    assert max(px_per_ms) == pytest.approx(min(px_per_ms), rel=1e-3)


def test_the_phases_read_without_colour_a_pattern_and_a_legend_entry_each(input_bound_page):
    path, report = input_bound_page
    elements = parse(path.read_text())
    patterns = {attrs["id"] for attrs in elements.find("pattern")}
    assert patterns == {f"timeline-{name}" for name in PHASES}
    for attrs in elements.find("rect", **{"class": "phase"}):
        assert attrs["fill"] == f"url(#timeline-{attrs['class'].split()[1]})"
    swatches = [attrs["fill"] for attrs in elements.find("rect", **{"class": "swatch"})]
    assert swatches == [f"url(#timeline-{name})" for name in PHASES]
    timeline = elements.text_of("svg")[0]
    steps = report["steps"]["measured"]
    for name in PHASES:
        assert f"{name} {sum(report['phases']['step_ms'][name]) / steps:.1f} ms" in timeline
    assert "step 1, input: " in timeline  # every segment has its own tooltip


def test_the_memory_chart_has_a_point_per_step_boundary(input_bound_page):
    path, report = input_bound_page
    elements = parse(path.read_text())
    line = elements.find("polyline", **{"class": "trace"})
    assert elements.find("svg", id="memory-chart")
    assert len(line[0]["points"].split()) == report["steps"]["measured"] + 1
    assert "peak memory, resident" in elements.text_of("main")[0]


def test_the_page_can_fetch_nothing_and_runs_no_script(input_bound_page):
    path, _ = input_bound_page
    elements = parse(path.read_text())
    policy = elements.find("meta", **{"http-equiv": "Content-Security-Policy"})
    assert policy and policy[0]["content"].startswith("default-src 'none'")
    assert not elements.find("script") and not elements.find("link") and not elements.find("img")
    assert not [attrs for _, attrs in elements.tags if "src" in attrs or "href" in attrs]


def _cuda_report(input_bound_report: dict) -> dict:
    report = copy.deepcopy(input_bound_report)
    steps = report["steps"]["measured"]
    report["device"].update(kind="cuda", name="NVIDIA H200", capability="9.0", peak_memory_bytes=3 * 2**30)
    report["memory"].update(measure="cuda-allocated", start_bytes=2 * 2**30, step_bytes=[2 * 2**30] * steps,
                            peak_bytes=3 * 2**30, slope_bytes_per_step=0.0, growth_bytes=0.0, r_squared=None)
    report["steps"]["gpu_idle_ms"] = [5.0] * steps
    report["syncs"] = {"measured": True, "unattributed": 0, "lines": [
        {"path": str(INPUT_BOUND), "line": 47, "count": steps * 2, "per_step": 2.0},
        {"path": str(INPUT_BOUND), "line": 48, "count": 1, "per_step": 1 / steps}]}
    report["findings"][0]["message"] = "set <script>alert(1)</script> & more"
    return report


def test_a_cuda_run_shows_gpu_idle_syncs_per_line_and_memory(input_bound_page):
    _, report = input_bound_page
    elements = parse(render_html(_cuda_report(report)))
    text = elements.text_of("main")[0]
    assert "GPU idle waiting on input" in text
    assert ("Peak 3.00 GiB allocated on the GPU (2.00 GiB at the window's start), +0.0 MiB per 100 steps; "
            "at the peak, 3,221,225,472 bytes.") in text
    assert "peak memory, allocated on the GPU" in text
    # Each step's tooltip gives the GPU's idle gap beside its host phases.
    assert "GPU idle waiting on input 5.0 ms" in elements.text_of("g", "step")[0]
    assert elements.find("svg", id="syncs-chart")
    # The line that syncs twice a step is drawn as the bad kind; the one that synced once is not.
    assert len(elements.find("rect", **{"class": "bad"})) == 1
    assert "input_bound.py:47" in text and "2.0 per step" in text
    assert "set <script>alert(1)</script> & more" in text and not elements.find("script")


def test_what_if_and_ranks_sections_appear_when_the_report_has_them(input_bound_page):
    _, report = input_bound_page
    report = copy.deepcopy(report)
    report["what_if"] = {"block": 10, "not_tried": [{"code": "PERF001", "reason": "cannot be applied at run time"}],
                         "rounds": {"requested": 3, "limit": 12, "stopped_by": "round limit"}, "workers": None,
                         "arms": [{"arm": "DL001", "outcome": "faster", "detail": "workers", "rounds": 4,
                                   "predicted_speedup": 2.3, "speedup": {"estimate": 2.2, "low": 2.1, "high": 2.3}},
                                  {"arm": "OPT001", "outcome": "inconclusive", "detail": "set_to_none", "rounds": 12,
                                   "predicted_speedup": None, "settle_rounds": 40, "settle_steps": 360,
                                   "speedup": {"estimate": 1.3, "low": 0.9, "high": 1.8}}]}
    report["ranks"] = {"world_size": 2, "shown_rank": 1, "late_rank": 1, "lateness_ms": 30.0, "threshold_ms": 4.0,
                       "summary": "rank 1 is late by 30.0 ms per step", "per_rank": [
                           {"rank": rank, "outcome": "completed", "measured": 3, "median_ms": 40.0, "p90_ms": 41.0,
                            "step_ms": [40.0] * 3, "lateness_ms": [30.0 * rank] * 3, "median_lateness_ms": 30.0 * rank}
                           for rank in (0, 1)]}
    elements = parse(render_html(report))
    text = elements.text_of("main")[0]
    assert elements.find("svg", id="what-if-chart") and "2.20x faster (2.10-2.30)" in text
    assert "OPT001 inconclusive: the interval holds both no change and a gain worth having; about 40 rounds would settle it" in text
    assert "PERF001 not tried" in text
    assert elements.find("svg", id="ranks-chart") and "rank 1 is late by 30.0 ms per step" in text
    assert "Step timeline (rank 1)" in text
    assert len(elements.find("polyline", **{"class": "series"})) == 2


def test_axis_ticks_are_round_and_reach_the_top():
    assert nice_ticks(40.3) == [0.0, 20.0, 40.0, 60.0]
    assert nice_ticks(9.0) == [0.0, 2.5, 5.0, 7.5, 10.0]
    assert nice_ticks(0.0) == [0.0, 1.0]


def _page_requests(net_log: Path) -> list[str]:
    log = json.loads(net_log.read_text())
    start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    return [event["params"]["url"] for event in log["events"]
            if event["type"] == start and "file://" in (event.get("params") or {}).get("network_isolation_key", "")]


def _load(page: Path, out: Path, *flags: str) -> tuple[str, list[str]]:
    net_log = out.with_suffix(".netlog.json")
    dom = subprocess.run([BROWSER, *BROWSER_FLAGS, *flags, f"--log-net-log={net_log}", "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    subprocess.run([BROWSER, *BROWSER_FLAGS, *flags, "--window-size=1000,1800", f"--screenshot={out}", page.as_uri()],
                   capture_output=True, timeout=120, cwd=out.parent)
    return dom, _page_requests(net_log)


@pytest.mark.skipif(BROWSER is None, reason="no chromium here (apt-get install chromium)")
def test_a_real_browser_draws_the_page_in_both_themes_and_fetches_nothing(input_bound_page, tmp_path, record_property):
    page, report = input_bound_page
    control = tmp_path / "control.html"
    control.write_text('<html><body><img src="http://127.0.0.1:9/x.png"></body></html>')
    _, fetched = _load(control, tmp_path / "control.png")
    assert fetched == ["http://127.0.0.1:9/x.png"]  # the check sees a page's fetch when there is one
    for theme, flags in {"light": (), "dark": ("--force-dark-mode", "--blink-settings=preferredColorScheme=0")}.items():
        shot = tmp_path / f"report-{theme}.png"
        dom, fetched = _load(page, shot, *flags)
        assert fetched == []
        elements = parse(dom)
        assert elements.find("svg", id="timeline")
        assert len(elements.find("rect", **{"class": "input"})) == report["steps"]["measured"]
        assert shot.stat().st_size > 20_000
        record_property(f"screenshot_{theme}", str(shot))
    light, dark = (tmp_path / f"report-{theme}.png" for theme in ("light", "dark"))
    assert light.read_bytes() != dark.read_bytes()
