"""How well the probe's input-bound prediction and its DL001 what-if foretell what workers buy.

Each round probes fixtures/probe/input_bound.py three ways, back to back so that the machine's
load falls on all three alike: as written (no workers: the input-bound verdict's predicted
speedup), with its --workers argument set to the count DL001's what-if tries (the speedup
measured by hand), and under `--try DL001` (the what-if's paired estimate). The by-hand figure
compares two separate runs, so it carries the machine's drift between them; that is why this is
a benchmark to read, not a test to pass.

    python benchmarks/probe_prediction.py [--rounds 3] [--steps 40] [--warmup 10]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "fixtures", "probe", "input_bound.py")


def probe(folder: str, name: str, options: list[str], script_args: list[str]) -> dict:
    out = os.path.join(folder, f"{name}.json")
    command = [sys.executable, "-m", "torch_advise", "probe", SCRIPT, "--format", "json", "--output", out, *options]
    if script_args:
        command += ["--", *script_args]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"probe {name} exited {done.returncode}: {done.stderr.strip().splitlines()[-1:]}")
    with open(out, encoding="utf-8") as handle:
        return json.load(handle)


def mean_step_ms(report: dict) -> float:
    return report["steps"]["window_ms"] / report["steps"]["measured"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--warmup", type=int, default=10)
    args = parser.parse_args()
    sys.path.insert(0, os.path.join(ROOT, "src"))
    from torch_advise.probe.inside.trial import enough_workers

    workers = enough_workers()
    window = ["--warmup", str(args.warmup), "--steps", str(args.steps)]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for number in range(args.rounds):
            written = probe(folder, f"written{number}", window, [])
            edited = probe(folder, f"edited{number}", window, ["--workers", str(workers)])
            tried = probe(folder, f"tried{number}", [*window, "--try", "DL001"], [])
            verdict = next(item for item in written["verdicts"] if item["id"] == "input-bound")
            arm = next(row for row in tried["what_if"]["arms"] if row["arm"] == "DL001")
            rows.append((verdict["predicted_speedup"], mean_step_ms(written) / mean_step_ms(edited),
                         arm["speedup"]["estimate"], arm["speedup"]["low"], arm["speedup"]["high"]))
    print(f"input_bound.py, {workers} workers against none; {args.rounds} rounds of {args.warmup} warm-up + "
          f"{args.steps} measured steps; cpu cores: {os.cpu_count()}")
    print("round  predicted  by hand  what-if (95% interval)")
    for number, (predicted, by_hand, estimate, low, high) in enumerate(rows):
        print(f"{number:>5}  {predicted:>8.2f}x  {by_hand:>6.2f}x  {estimate:.2f}x ({low:.2f}-{high:.2f}x)")
    predicted, by_hand, estimate = (statistics.median(column) for column in list(zip(*rows))[:3])
    print(f"median {predicted:>8.2f}x  {by_hand:>6.2f}x  {estimate:.2f}x")
    print(f"by hand / predicted: {by_hand / predicted:.2f}; what-if / by hand: {estimate / by_hand:.2f}")


if __name__ == "__main__":
    start = time.perf_counter()
    main()
    print(f"benchmark took {time.perf_counter() - start:.1f} s")
