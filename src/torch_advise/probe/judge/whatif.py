"""``advise probe --try CODES`` (or ``--try workers``, ``--try compile``): what to try at run
time, and what the trial measured.

The lint says where each chosen rule fires; the script's process (trial.py) applies the run-time
equivalent of each fix at those sites in alternating blocks; here the rounds become a measured
speedup per fix with a 95 % interval, set beside the probe's own prediction, and an unsettled
one becomes the rounds that would settle it (settle.py).
"""

from __future__ import annotations

from typing import Any, Optional

from torch_advise.finding import Finding
from torch_advise.probe.inside.trial import DEFAULT_BLOCK, TRIABLE
from torch_advise.probe.judge.compile_report import compile_section, unmeasured
from torch_advise.probe.judge.rounds import AS_WRITTEN, TIME_SHARE
from torch_advise.probe.judge.settle import outcome, rounds_to_settle
from torch_advise.probe.judge.stats import paired_ratio, round_logs
from torch_advise.probe.judge.sweep import workers_section

NO_EQUIVALENT = {
    "PERF001": "channels_last would change the memory format of the model and of every input mid-run",
}


def trial_request(codes: list[str], findings: list[Finding], *, timeout_s: float, sweep: Optional[list[int]] = None,
                  compile_modes: Optional[list[str]] = None) -> tuple[Optional[dict[str, Any]], list[dict[str, Any]]]:
    """The trial the script's process is to run, None when nothing chosen can be tried, and the
    chosen fixes that cannot be, each with the reason. A fix acts where the run does what its
    rule flags; a loader fix, where the lint flags it, or on every loader whose settings lack
    it when the lint flags none (a setting it cannot read, such as `num_workers=args.workers`).
    ``sweep``: the worker counts of ``--try workers``, tried on every loader the run iterates;
    ``compile_modes``: the torch.compile modes of ``--try compile``, tried on the trained model."""
    budget_s = TIME_SHARE * timeout_s
    if sweep is not None:
        return {"fixes": [], "block": DEFAULT_BLOCK, "budget_s": budget_s, "sweep": sweep}, []
    if compile_modes:
        return {"fixes": [], "block": DEFAULT_BLOCK, "budget_s": budget_s, "compile": compile_modes}, []
    fixes, untried = [], []
    for code in codes:
        if code not in TRIABLE:
            reason = NO_EQUIVALENT.get(code, f"the probe has no run-time equivalent of {code}'s fix")
            untried.append({"code": code, "reason": f"cannot be applied at run time: {reason}"})
            continue
        sites = [(f.path, f.line, max(f.end_line or f.line, f.line)) for f in findings if f.code == code]
        fixes.append({"code": code, "sites": sites})
    return ({"fixes": fixes, "block": DEFAULT_BLOCK, "budget_s": budget_s} if fixes else None), untried


def _predictions(input_figures: dict[str, Any]) -> dict[str, float]:
    """The probe's own prediction for each rule it makes one for: DL001's, from the input stall."""
    predicted = input_figures.get("predicted_speedup")
    return {"DL001": predicted} if predicted else {}


def _measured(row: dict[str, Any], as_written: list[list[float]], rounds_ms: list[list[float]], block: int) -> None:
    ratio = paired_ratio(as_written, rounds_ms)
    row["speedup"] = ratio.as_dict()
    row["outcome"] = outcome(ratio)
    if row["outcome"] == "inconclusive":
        needed = rounds_to_settle(round_logs(as_written, rounds_ms))
        row["settle_rounds"] = needed
        # --steps that asks for those rounds from the start: each round counts block - 1 steps.
        row["settle_steps"] = needed * (block - 1) if needed else None


def trial_report(raw_trial: Optional[dict[str, Any]], untried: list[dict[str, Any]],
                 input_figures: dict[str, Any]) -> dict[str, Any]:
    raw = raw_trial or {}
    predictions = _predictions(input_figures)
    fixes = {item["code"]: item for item in raw.get("fixes", [])}
    arms = raw.get("arms", [])
    block = raw.get("block") or DEFAULT_BLOCK
    as_written: list[list[float]] = next((arm["rounds_ms"] for arm in arms if arm["arm"] == AS_WRITTEN), [])
    # Compile arms whose compile failed or never ran: their blocks ran as written.
    unusable = unmeasured(raw["compile"]) if raw.get("compile") else {}
    rows = []
    for arm in arms:
        if arm["arm"] == AS_WRITTEN:
            continue
        row: dict[str, Any] = {
            "arm": arm["arm"], "codes": arm["codes"], "workers": arm["workers"], "rounds": len(arm["rounds_ms"]),
            "speedup": None, "outcome": None, "settle_rounds": None, "settle_steps": None,
            "predicted_speedup": predictions.get(arm["codes"][0]) if len(arm["codes"]) == 1 else None,
        }
        applied = [fixes[code] for code in arm["codes"] if code in fixes]
        if applied and not any(fix["applied"] for fix in applied):
            reasons = [fix["not_applied"] for fix in applied if fix["not_applied"]]
            row["outcome"] = "not applied"
            flagged = ", ".join(arm["codes"])
            row["detail"] = reasons[0] if reasons else f"the run never did what {flagged} flags, so the fix had nothing to change"
        elif arm["arm"] in unusable:
            row["outcome"] = "not measured"
            row["detail"] = unusable[arm["arm"]]
        elif not arm["rounds_ms"]:
            row["outcome"] = "not measured"
            row["detail"] = "the script ended before a whole round of blocks was measured"
        else:
            _measured(row, as_written, arm["rounds_ms"], block)
            row["detail"] = "; ".join(fix["applied"] for fix in applied if fix["applied"])
        rows.append(row)
    in_arms = {code for arm in arms for code in arm["codes"]}
    # Found in warm-up to have nothing to change: named, and no round was spent on them.
    rows += [
        {"arm": code, "codes": [code], "workers": None, "rounds": 0, "speedup": None, "outcome": "not applied",
         "settle_rounds": None, "settle_steps": None, "predicted_speedup": None, "detail": fix["not_applied"]}
        for code, fix in fixes.items() if code not in in_arms and fix["not_applied"] and not fix["untried"]
    ]
    not_tried = [
        {"code": code, "reason": fix["not_applied"]}
        for code, fix in fixes.items() if code not in in_arms and fix["not_applied"] and fix["untried"]
    ]
    compiled = None
    if raw.get("compile"):
        compiled = compile_section(raw["compile"], rows, {arm["arm"]: arm["rounds_ms"] for arm in arms}, as_written)
    return {
        "block": raw.get("block"), "rounds": raw.get("rounds"), "arms": rows, "not_tried": not_tried + untried,
        "workers": workers_section(raw) if raw.get("sweep") else None, "compile": compiled,
    }
