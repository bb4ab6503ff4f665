"""``advise probe --try compile``: each mode's compile time and break-even step, beside the
ratio its rounds measured (whatif.py).

Compile time is what compiling added to the run: each step in which torch compiled (left out of
the rounds) less the mode's mean counted step. The break-even step is that time over the time
a compiled step saves, at the ratio's estimate and at its interval's low end; there is none
unless the mode is shown faster, for a break-even on a gain the rounds did not show would be a
promise the run cannot keep.
"""

from __future__ import annotations

import math
import statistics
from typing import Any, Optional

from torch_advise.probe.inside.compile_trial import MODES, arm_name

NO_BREAK_EVEN = {
    "slower": "none: the compiled step is slower, so compiling never pays back",
    "no gain": "none: the compiled step gains nothing to pay the compile time back with",
    "inconclusive": "none yet: the compiled step is not shown faster (more rounds would settle it)",
}


def break_even(compile_s: float, as_written_ms: float, speedup: float) -> Optional[int]:
    """The step at which the time saved pays for compiling: compile time over the time a step
    saves, with compiled steps ``speedup`` times faster. None where no time is saved."""
    saved_ms = as_written_ms * (1.0 - 1.0 / speedup) if speedup > 0 else 0.0
    if saved_ms <= 0.0:
        return None
    return max(1, math.ceil(compile_s * 1e3 / saved_ms))


def compile_seconds(compile_steps_ms: list[float], compiled_ms: Optional[float]) -> Optional[float]:
    """The time the compiling steps took beyond a compiled step's own."""
    if not compile_steps_ms or compiled_ms is None:
        return None
    return sum(max(0.0, ms - compiled_ms) for ms in compile_steps_ms) / 1e3


def unmeasured(figures: dict[str, Any]) -> dict[str, str]:
    """The compile arms whose steps ran as written, each with the reason."""
    return {
        **{arm_name(mode): f"not measured: {reason}" for mode, reason in figures["not_tried"].items()},
        **{arm_name(mode): f"torch.compile raised {reason}" for mode, reason in figures["failed"].items()},
    }


def _mean(rounds: Optional[list[list[float]]]) -> Optional[float]:
    steps = [ms for block in rounds or [] for ms in block]
    return statistics.fmean(steps) if steps else None


def _mode(mode: str, figures: dict[str, Any], row: Optional[dict[str, Any]], rounds_ms: Optional[list[list[float]]],
          as_written_ms: Optional[float]) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "mode": mode, "arm": arm_name(mode), "status": "measured", "detail": None, "compile_s": None,
        "as_written_step_ms": as_written_ms, "compiled_step_ms": None,
        "break_even_step": None, "break_even_step_latest": None, "break_even_note": None,
    }
    if mode in figures["failed"]:
        return {**entry, "status": "failed", "detail": f"torch.compile raised {figures['failed'][mode]}"}
    if mode in figures["not_tried"]:
        return {**entry, "status": "not tried", "detail": figures["not_tried"][mode]}
    if row is None or row["speedup"] is None:
        return {**entry, "status": "not measured",
                "detail": row["detail"] if row else "the script ended before this mode's rounds ran"}
    compiled_ms = _mean(rounds_ms)
    entry.update(compiled_step_ms=compiled_ms,
                 compile_s=compile_seconds(figures["compile_steps_ms"].get(mode, []), compiled_ms))
    if entry["compile_s"] is None:
        entry["break_even_note"] = "unknown: no step of this run was seen compiling"
    elif row["outcome"] != "faster" or as_written_ms is None:
        entry["break_even_note"] = NO_BREAK_EVEN.get(row["outcome"], "none: not shown faster")
    else:
        ratio = row["speedup"]
        entry["break_even_step"] = break_even(entry["compile_s"], as_written_ms, ratio["estimate"])
        entry["break_even_step_latest"] = break_even(entry["compile_s"], as_written_ms, ratio["low"])
    return entry


def compile_section(figures: dict[str, Any], rows: list[dict[str, Any]],
                    arms_ms: dict[str, list[list[float]]], as_written: list[list[float]]) -> dict[str, Any]:
    """Every mode asked for, in torch's order, with what became of it; the graph breaks and
    recompiles the compiled arms met."""
    by_arm = {row["arm"]: row for row in rows}
    as_written_ms = _mean(as_written)
    modes = [mode for mode in MODES if mode in figures["modes"]]
    return {
        "models": figures["models"],
        "not_applied": figures["not_applied"],
        "modes": [] if figures["not_applied"] else [
            _mode(mode, figures, by_arm.get(arm_name(mode)), arms_ms.get(arm_name(mode)), as_written_ms)
            for mode in modes],
        "graph_breaks": figures["graph_breaks"],
        "recompiles": figures["recompiles"],
    }
