"""``advise compare BASELINE.json CURRENT.json``: did training get slower between two runs?

Two saved probe reports (``advise probe --save``) are compared on their step times, input
stall, syncs per step, peak memory and verdicts. Step time is judged with an interval, not a
bare ratio: the median step of the current run over the baseline's, with a bootstrap interval
from each run's per-step times, so that a noisy machine does not fail a pull request. Runs that
did not measure the same thing (comparable.py) are not compared at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from torch_advise.probe.judge.comparable import comparison_warnings
from torch_advise.probe.judge.stats import Ratio, median_ratio
from torch_advise.report.terminal import printable

DEFAULT_THRESHOLD_PCT = 5.0


@dataclass
class Comparison:
    step: Ratio
    threshold_pct: float
    rows: list[tuple[str, str, str, str]] = field(default_factory=list)
    new_verdicts: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def slower(self) -> bool:
        """Slower by more than the threshold, and not within noise."""
        return self.step.estimate > 1 + self.threshold_pct / 100 and self.step.low > 1.0

    @property
    def regressed(self) -> bool:
        return self.slower or bool(self.new_verdicts)


def _fired(report: dict[str, Any]) -> set[str]:
    return {item["id"] for item in report.get("verdicts", []) if item.get("status") == "fired"}


def _syncs_per_step(report: dict[str, Any]) -> Optional[float]:
    syncs = report.get("syncs") or {}
    if not syncs.get("measured"):
        return None
    return sum(line.get("per_step") or 0.0 for line in syncs.get("lines", []))


def _peak_memory(report: dict[str, Any]) -> Optional[int]:
    """The memory section's peak (a CPU run's resident set too); a report older than it has only
    the GPU's, in device."""
    section = report.get("memory")
    return section["peak_bytes"] if section else (report.get("device") or {}).get("peak_memory_bytes")


def _change(before: Optional[float], after: Optional[float], unit: str, scale: float = 1.0) -> tuple[str, str, str]:
    def shown(value: Optional[float]) -> str:
        return "n/a" if value is None else f"{value * scale:.2f}{unit}"

    if before is None or after is None or before == 0:
        return shown(before), shown(after), ""
    return shown(before), shown(after), f"{(after / before - 1) * 100:+.1f} %"


def _share_change(before: Optional[float], after: Optional[float]) -> tuple[str, str, str]:
    """A share's change in percentage points: 58 % to 48 % is -10 points, not -18 %."""
    def shown(value: Optional[float]) -> str:
        return "n/a" if value is None else f"{value * 100:.1f} %"

    change = "" if before is None or after is None else f"{(after - before) * 100:+.1f} points"
    return shown(before), shown(after), change


def compare(baseline: dict[str, Any], current: dict[str, Any], threshold_pct: float = DEFAULT_THRESHOLD_PCT,
            allow_different: frozenset[str] = frozenset()) -> Comparison:
    """Two reports as load_report returns them; RunsDiffer when they did not measure the same thing
    and ``allow_different`` does not name the difference."""
    warnings = comparison_warnings(baseline, current, allow_different)
    base_steps, new_steps = baseline["steps"], current["steps"]
    result = Comparison(median_ratio(new_steps["step_ms"], base_steps["step_ms"]), threshold_pct, warnings=warnings)
    result.rows.append(("step time median", *_change(base_steps.get("median_ms"), new_steps.get("median_ms"), " ms")))
    result.rows.append(("step time p90", *_change(base_steps.get("p90_ms"), new_steps.get("p90_ms"), " ms")))
    base_share = (baseline.get("input") or {}).get("share")
    new_share = (current.get("input") or {}).get("share")
    result.rows.append(("waiting on input", *_share_change(base_share, new_share)))
    result.rows.append(("syncs per step", *_change(_syncs_per_step(baseline), _syncs_per_step(current), "")))
    result.rows.append(("peak memory", *_change(_peak_memory(baseline), _peak_memory(current), " GiB", 1 / 2**30)))
    result.new_verdicts = sorted(_fired(current) - _fired(baseline))
    gone = sorted(_fired(baseline) - _fired(current))
    result.rows.append(("verdicts fired", ", ".join(sorted(_fired(baseline))) or "none",
                        ", ".join(sorted(_fired(current))) or "none",
                        "; ".join(filter(None, [
                            f"new: {', '.join(result.new_verdicts)}" if result.new_verdicts else "",
                            f"cleared: {', '.join(gone)}" if gone else "",
                        ]))))
    return result


def render(result: Comparison, baseline_path: str, current_path: str) -> str:
    width = max(len(row[0]) for row in result.rows)
    out = [f"advise compare {baseline_path} {current_path}"]
    out.extend(f"warning: {warning}" for warning in result.warnings)
    out.append("")
    out.append(f"{'':<{width}}  {'baseline':>14}  {'current':>14}  change")
    for name, before, after, change in result.rows:
        out.append(f"{name:<{width}}  {before:>14}  {after:>14}  {change}".rstrip())
    step = result.step
    interval = f"median step x{step.estimate:.3f}, 95% interval x{step.low:.3f}-x{step.high:.3f}"
    out.append("")
    if result.slower:
        out.append(f"REGRESSION: steps are slower by more than {result.threshold_pct:g} % ({interval})")
    elif step.high < 1.0:
        out.append(f"faster: {interval}")
    elif step.estimate > 1 + result.threshold_pct / 100:
        out.append(f"no regression: slower by more than {result.threshold_pct:g} %, but within noise ({interval})")
    else:
        out.append(f"no regression beyond {result.threshold_pct:g} % ({interval})")
    if result.new_verdicts:
        out.append(f"REGRESSION: verdicts fired that the baseline did not: {', '.join(result.new_verdicts)}")
    # A line may hold text from a report or a file's name: escaped, it cannot be a second line or a terminal sequence.
    return "".join(printable(line) + "\n" for line in out)
