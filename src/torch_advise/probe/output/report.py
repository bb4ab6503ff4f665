"""The probe's report as a JSON-ready document, and the exit code it implies.

The document's shape is fixed by report.schema.json next to this module.
"""

from __future__ import annotations

import os
import signal
from typing import Any, Optional

from torch_advise import __version__
from torch_advise.probe.inside.memory import summary as memory_summary
from torch_advise.probe.judge import verdict as v
from torch_advise.probe.judge.join import join
from torch_advise.probe.judge.ranks import job_input_speedup, rank_section
from torch_advise.probe.judge.whatif import trial_report
from torch_advise.probe.launch import ChildRun

SCHEMA_VERSION = 7
SCHEMA_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "report.schema.json")

EXIT_OK = 0
EXIT_VERDICT = 1
EXIT_USAGE = 2
EXIT_SCRIPT_FAILED = 3


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:  # a real-time signal, which has no name of its own
        return f"signal {number}"


def _killed(outcome: dict[str, Any], reported: bool, returncode: Optional[int]) -> str:
    if not outcome.get("signal"):
        return f"the script ended without a report (exit status {returncode}); it was killed"
    return f"the script was ended by {outcome['signal']}, which did not come from the probe" + ("" if reported else "; it left no report")


def _outcome(run: ChildRun, raw: dict[str, Any], timeout_s: float) -> dict[str, Any]:
    outcome = dict(raw.get("outcome") or {})
    reported = bool(outcome)
    if run.stopped_by is not None:
        outcome.update(status="stopped", signal=_signal_name(run.stopped_by))
    elif run.timed_out:
        outcome["status"] = "timed-out"
    elif not outcome:
        outcome = {"status": "killed", "exit_code": run.returncode, "exception": None}
        if run.returncode is not None and run.returncode < 0:
            outcome["signal"] = _signal_name(-run.returncode)
    status = outcome["status"]
    unanswered = "; it did not answer SIGTERM and was killed, so the figures are those up to then" if outcome.get("forced") else ""
    details = {
        "completed": "stopped after the measured window",
        "ended": "the script finished on its own",
        "exited": f"the script called {outcome.get('call', 'sys.exit')}({outcome.get('exit_code')})",
        "raised": "the script raised an exception",
        "timed-out": f"the script ran past the {timeout_s:g} s timeout and was stopped{unanswered}",
        "stopped": f"the probe was stopped by {outcome.get('signal')}{unanswered}",
        "killed": _killed(outcome, reported, run.returncode),
        "not-started": f"the probe could not start: {raw.get('probe_error')}",
    }
    outcome.setdefault("exit_code", None)
    outcome.setdefault("exception", None)
    outcome["failed"] = status in ("raised", "timed-out", "stopped", "killed", "not-started") or (
        status == "exited" and outcome.get("exit_code") not in (0, None)
    )
    outcome["detail"] = details[status]
    return outcome


def _not_applicable(raw: dict[str, Any], verdicts: list[dict[str, Any]]) -> list[dict[str, str]]:
    notes = []
    steps = raw.get("steps") or {}
    if steps.get("source") == "batch":
        notes.append({"measurement": "step boundaries",
                      "reason": "no optimizer stepped; steps were timed by loader batches"})
    elif steps.get("source") is None:
        notes.append({"measurement": "step boundaries",
                      "reason": "no optimizer stepped and no DataLoader batch was fetched"})
    if not raw.get("loaders") and not (raw.get("phases") or {}).get("input_from"):
        notes.append({"measurement": "input stalls", "reason": "no DataLoader in this run"})
    if raw.get("device", {}).get("kind") != "cuda":
        notes.append({"measurement": "GPU idle, syncs, copies",
                      "reason": "no CUDA device in this run; input stall is the host's wait (CPU verdict)"})
    return notes


def _ending(outcome: dict[str, Any], timeout_s: float) -> str:
    """What ended the script, as the note on its steps says it."""
    if outcome["status"] == "timed-out":
        return f"the probe stopped the script at the {timeout_s:g} s timeout"
    if outcome["status"] == "stopped":
        return f"the probe got {outcome['signal']} and stopped the script"
    if outcome["status"] == "killed" and outcome.get("signal"):
        return f"{outcome['signal']} ended the script"
    return "the script ended"


def _steps(raw: dict[str, Any], warmup: int, steps: int, ending: str) -> dict[str, Any]:
    figures = raw.get("steps") or {}
    measured = figures.get("measured", 0)
    completed = figures.get("completed", 0)
    note = None
    if measured < steps:
        if not figures:
            note = f"{ending}; no steps were reported"
        elif completed < warmup:
            note = f"{ending} during warm-up ({completed} of {warmup} steps); nothing measured"
        else:
            note = f"{ending} after {measured} of {steps} measured steps"
    return {
        "source": figures.get("source"),
        "clock": figures.get("clock"),
        "warmup": warmup,
        "requested": steps,
        "measured": measured,
        "window_ms": figures.get("window_ms"),
        "median_ms": figures.get("median_ms"),
        "p90_ms": figures.get("p90_ms"),
        "step_ms": figures.get("step_ms", []),
        "input_wait_ms": figures.get("input_wait_ms", []),
        "gpu_idle_ms": figures.get("gpu_idle_ms"),
        "note": note,
    }


def _phases(raw: dict[str, Any]) -> Optional[dict[str, Any]]:
    """Each phase's host time per step, and its share of the steps' time."""
    phases = raw.get("phases")
    if not phases:
        return None
    total = sum(sum(values) for values in phases["step_ms"].values())
    share = {name: (sum(values) / total if total else 0.0) for name, values in phases["step_ms"].items()}
    return {**phases, "share": share}


def build_report(run: ChildRun, *, script: str, args: list[str], warmup: int, steps: int,
                 timeout_s: float, findings: list[Any],
                 untried: Optional[list[dict[str, Any]]] = None) -> dict[str, Any]:
    """``untried``: None when no fix was to be tried (no --try); else the chosen fixes that
    could not be, and the report gets a what-if section. A distributed run's report is of one
    rank (rank_section says which), with every rank's step times beside it."""
    ranks = None
    job_speedup = None
    raw = run.result or {}
    if run.rank_results is not None:
        ranks, shown = rank_section(run.rank_results)
        raw = run.rank_results[shown] or {}
        job_speedup = ranks["job_input_speedup"] = job_input_speedup(run.rank_results, ranks)
    input_figures = v.input_figures(raw)
    what_if = trial_report(raw.get("trial"), untried, input_figures) if untried is not None else None
    # A worker sweep's answer is the count the input-bound verdict asks for.
    workers = ((what_if or {}).get("workers") or {}).get("fewest_within_noise")
    verdicts = v.verdicts(raw, job_speedup=job_speedup, workers=workers) if raw.get("steps") else []
    device = raw.get("device") or {"kind": "unknown", "name": "unknown", "capability": None,
                                   "torch": None, "peak_memory_bytes": None}
    outcome = _outcome(run, raw, timeout_s)
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "torch-advise", "version": __version__},
        "script": os.path.abspath(script),
        "args": list(args),
        "settings": {"warmup": warmup, "steps": steps, "timeout_s": timeout_s,
                     "nproc_per_node": ranks["world_size"] if ranks else None},
        "outcome": outcome,
        "device": {
            "kind": device.get("kind"), "name": device.get("name"),
            "capability": device.get("capability"), "torch": device.get("torch"),
            "peak_memory_bytes": device.get("peak_memory_bytes"),
        },
        "steps": _steps(raw, warmup, steps, _ending(outcome, timeout_s)),
        "input": input_figures,
        "phases": _phases(raw),
        "memory": memory_summary(raw.get("memory")),
        "loaders": raw.get("loaders", []),
        "syncs": raw.get("syncs", {"measured": False, "lines": [], "unattributed": 0}),
        "copies": raw.get("copies", {"measured": False, "reason": "no report from the script"}),
        "autocast": raw.get("autocast", []),
        "scalers": raw.get("scalers", []),
        "verdicts": verdicts,
        "not_applicable": _not_applicable(raw, verdicts),
        "findings": join(findings, raw),
        "ranks": ranks,
        "what_if": what_if,
        "wall_s": run.wall_s,
    }


def exit_code(report: dict[str, Any], fail_on: set[str]) -> int:
    if report["outcome"].get("status") == "stopped":
        # What a shell reports for a command a signal ended: 130 for Ctrl-C, 143 for SIGTERM.
        return 128 + signal.Signals[report["outcome"]["signal"]].value
    if report["outcome"]["failed"]:
        return EXIT_SCRIPT_FAILED
    if any(item["id"] in fail_on and item["status"] == "fired" for item in report["verdicts"]):
        return EXIT_VERDICT
    return EXIT_OK
