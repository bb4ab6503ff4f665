"""The probe on a GPU, against ../shared/evidence/h200-groundtruth.md: one run, one table.

For each scenario of the evidence's verdict table, fixtures/probe/gpu_step.py is run four ways:
unprobed with no workers and with 6 (the gain of really applying the fix), under `advise probe`
(its verdict, GPU idle share, predicted gain and step time; the script also times itself there,
which gives the probe's overhead), and under `advise probe --try DL001` (the what-if's measured
gain). Each scenario's probed run also gives its phases: host and GPU time per phase, which must
add up to the step. Then `advise probe --try compile` measures fixtures/probe/small_mlp.py (on
CUDA: the default mode and the CUDA-graph modes), and `advise probe` runs the other probe
fixtures whose verdicts on a bfloat16 GPU are known. Exits 1 when a check fails. Without CUDA every step runs on the CPU: a dry run of this
harness, whose figures mean nothing.

    python benchmarks/gpu_check.py [--steps 60] [--only input-bound]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Any, Optional

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "fixtures", "probe")
GPU_STEP = os.path.join(FIXTURES, "gpu_step.py")
WARMUP = 10

# The bounds for the probe on a GPU.
PREDICTION_BOUND = 0.10
WHAT_IF_BOUND = 0.15
STEP_TIME_BOUND = 0.05
OVERHEAD_BOUND = 0.03


@dataclass(frozen=True)
class Scenario:
    name: str
    args: tuple[str, ...]
    input_bound: bool
    # The H200 evidence: GPU idle waiting on input, and the real speedup with 6 workers.
    evidence_idle: float
    evidence_speedup: float


SCENARIOS = (
    Scenario("gpu-bound", ("--decode-ms", "12"), False, 0.014, 1.01),
    Scenario("input-bound", ("--decode-ms", "60"), True, 0.610, 2.59),
    Scenario("item-every-step", ("--decode-ms", "12", "--item"), True, 0.358, 1.54),
)

PHASES = ("input", "forward", "backward", "optimizer", "other")
# The bound for the phases against the step they split.
PHASES_BOUND = 0.10
SMALL_MLP = os.path.join(FIXTURES, "small_mlp.py")

# Probe fixtures whose verdicts on a bfloat16-capable GPU follow from their code.
FIXTURE_VERDICTS = (
    ("amp_fp16.py", "fp16-on-bf16"),
    ("sync_every_step.py", "sync-heavy"),
    ("input_bound.py", "pageable-copies"),
)


def run(command: list[str]) -> str:
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src"))
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr[-2000:]}")
    return done.stdout + done.stderr


def own_step_ms(output: str) -> float:
    found = re.findall(r"step_ms=([0-9.]+)", output)
    if not found:
        raise SystemExit(f"the script printed no step time:\n{output[-2000:]}")
    return float(found[-1])


def unprobed(scenario: Scenario, workers: int, steps: int) -> float:
    return own_step_ms(run([sys.executable, GPU_STEP, *scenario.args, "--workers", str(workers),
                            "--steps", str(steps), "--warmup", str(WARMUP), "--report"]))


def probed(script: str, script_args: list[str], probe_args: list[str]) -> tuple[dict[str, Any], str]:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "report.json")
        output = run([sys.executable, "-m", "torch_advise", "probe", script, "--format", "json",
                      "--output", path, *probe_args, "--", *script_args])
        with open(path, encoding="utf-8") as handle:
            return json.load(handle), output


def fired(report: dict[str, Any], verdict_id: str) -> Optional[bool]:
    for verdict in report["verdicts"]:
        if verdict["id"] == verdict_id:
            return None if verdict["status"] == "not-applicable" else verdict["status"] == "fired"
    return None


def within(value: float, reference: float, bound: float) -> bool:
    return abs(value / reference - 1) <= bound


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def phases_row(name: str, report: dict[str, Any]) -> tuple[list[str], bool]:
    """Mean host ms per phase (GPU ms beside it where measured) and whether they add up to the
    mean step within PHASES_BOUND."""
    phases = report.get("phases") or {}
    host = phases.get("step_ms") or {}
    gpu = phases.get("gpu_ms") or {}
    cells = [f"{mean(host.get(phase, [])):.2f}" + (f" / {mean(gpu[phase]):.2f}" if phase in gpu else "")
             for phase in PHASES]
    step = mean(report["steps"]["step_ms"])
    total = sum(mean(host.get(phase, [])) for phase in PHASES)
    adds_up = bool(step) and within(total, step, PHASES_BOUND)
    return [name, *cells, f"{total:.2f} of {step:.2f}"], adds_up


def compile_rows(steps: int) -> tuple[list[list[str]], bool]:
    """`--try compile` on the small MLP: per mode, its outcome, ratio, compile time and break-even."""
    report, _ = probed(SMALL_MLP, ["--steps", str(1000 * steps)],
                       ["--warmup", "3", "--steps", str(steps), "--try", "compile", "--timeout", "480"])
    section = (report.get("what_if") or {}).get("compile") or {}
    arms = {row["arm"]: row for row in (report.get("what_if") or {}).get("arms", [])}
    rows = []
    for mode in section.get("modes", []):
        arm = arms.get(mode["arm"], {})
        ratio = arm.get("speedup") or {}
        said = (f"{ratio['estimate']:.2f}x ({ratio['low']:.2f}-{ratio['high'] or float('inf'):.2f})"
                if ratio else "")
        rows.append([mode["mode"], mode["status"], arm.get("outcome") or (mode.get("detail") or "")[:60], said,
                     f"{mode['compile_s']:.1f} s" if mode.get("compile_s") else "",
                     str(mode.get("break_even_step") or mode.get("break_even_note") or "")])
    default = next((mode for mode in section.get("modes", []) if mode["mode"] == "default"), None)
    ok = default is not None and default["status"] == "measured" and bool(default.get("compile_s"))
    return rows, ok


def check_scenario(scenario: Scenario, steps: int) -> tuple[list[str], list[bool]]:
    as_written = unprobed(scenario, 0, steps)
    with_workers = unprobed(scenario, 6, steps)
    real = as_written / with_workers
    # The probe's window is longer than the script's own, so the script ends itself and reports
    # its step time under the probe: the overhead, measured by the same clock as unprobed.
    report, output = probed(GPU_STEP, [*scenario.args, "--steps", str(steps), "--warmup", str(WARMUP), "--report"],
                            ["--warmup", str(WARMUP), "--steps", str(10 * steps)])
    under_probe = own_step_ms(output)
    share = report["input"]["share"]
    predicted = report["input"]["predicted_speedup"] or 1.0
    probe_ms = report["steps"]["median_ms"]
    # The what-if needs warm-up and both arms' steps: the script must not end before the probe does.
    trial, _ = probed(GPU_STEP, [*scenario.args, "--steps", str(100 * steps)],
                      ["--warmup", str(WARMUP), "--steps", str(steps), "--try", "DL001"])
    arms = trial["what_if"]["arms"] if trial.get("what_if") else []
    what_if = arms[0]["speedup"]["estimate"] if arms and arms[0].get("speedup") else 1.0
    verdict = fired(report, "input-bound")
    phases, adds_up = phases_row(scenario.name, report)
    PHASE_ROWS.append(phases)
    checks = [
        verdict == scenario.input_bound,
        within(predicted, real, PREDICTION_BOUND),
        within(what_if, real, WHAT_IF_BOUND),
        within(probe_ms, as_written, STEP_TIME_BOUND),
        under_probe / as_written - 1 <= OVERHEAD_BOUND,
        adds_up,
    ]
    row = [
        scenario.name,
        f"{as_written:.2f}",
        f"{report['input']['measure']} {share:.1%} ({scenario.evidence_idle:.1%})",
        f"{'fired' if verdict else 'clear' if verdict is False else 'n/a'}",
        f"{predicted:.2f}x",
        f"{real:.2f}x ({scenario.evidence_speedup:.2f}x)",
        f"{what_if:.2f}x",
        f"{probe_ms:.2f} ({probe_ms / as_written - 1:+.1%})",
        f"{under_probe / as_written - 1:+.1%}",
    ]
    return row, checks


PHASE_ROWS: list[list[str]] = []


def markdown(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=60, help="measured steps of each run")
    parser.add_argument("--only", choices=[s.name for s in SCENARIOS], help="one scenario, no fixtures")
    args = parser.parse_args()
    started = time.perf_counter()
    rows, failed = [], []
    for scenario in SCENARIOS:
        if args.only and scenario.name != args.only:
            continue
        row, checks = check_scenario(scenario, args.steps)
        marks = "".join("." if ok else "x" for ok in checks)
        rows.append([*row, marks])
        failed += [scenario.name] * (not all(checks))
    print(markdown(["scenario", "step ms unprobed", "input stall (H200 evidence)", "input-bound",
                    "predicted", "real, 6 workers (evidence)", "what-if", "probe step ms", "overhead",
                    "checks"], rows))
    print("checks: verdict, prediction within 10 % of real, what-if within 15 %, "
          "probe step time within 5 %, overhead under 3 %, phases add up to the step within 10 % "
          "('.' pass, 'x' fail)")
    print()
    print(markdown(["scenario", *(f"{phase} ms (host / GPU)" for phase in PHASES), "sum of phases, ms per step"],
                   PHASE_ROWS))
    if not args.only:
        rows, ok = compile_rows(args.steps)
        print()
        print(markdown(["torch.compile mode (small_mlp.py)", "status", "outcome", "step-time ratio (95 %)",
                        "compile time", "break-even step"], rows))
        failed += ["compile"] * (not ok)
        fixture_rows = []
        for name, verdict_id in FIXTURE_VERDICTS:
            report, _ = probed(os.path.join(FIXTURES, name), [], ["--warmup", "3", "--steps", "20"])
            status = fired(report, verdict_id)
            fixture_rows.append([name, verdict_id, str(status), report["device"]["name"]])
            failed += [name] * (status is not True)
        print()
        print(markdown(["fixture", "verdict expected to fire", "fired", "device"], fixture_rows))
    print(f"\n{len(failed)} failed{': ' + ', '.join(failed) if failed else ''}; "
          f"{time.perf_counter() - started:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
