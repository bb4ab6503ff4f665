"""How often `advise compare` cries wolf: the same script probed again and again, every pair compared.

Each run saves its report; every ordered pair of runs of the unchanged script is compared with
the default threshold, and a pair that exits 1 is a false alarm. A last run with the step made
slower by construction (--compute-ms doubled) must be caught against every earlier one.

    python benchmarks/probe_compare.py [--runs 6] [--steps 30] [--script fixtures/probe/input_bound.py]
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def advise(*args: str) -> int:
    command = [sys.executable, "-m", "torch_advise", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True).returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--script", default=os.path.join(ROOT, "fixtures", "probe", "input_bound.py"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        saved = []
        for run in range(args.runs + 1):
            path = os.path.join(folder, f"run{run}.json")
            slower = ["--", "--compute-ms", "30"] if run == args.runs else []
            code = advise("probe", args.script, "--steps", str(args.steps), "--save", path, "--output", os.devnull, *slower)
            if code != 0:
                raise SystemExit(f"probe run {run} exited {code}")
            saved.append(path)
        same, slow = saved[:-1], saved[-1]
        alarms = sum(advise("compare", a, b) == 1 for a, b in itertools.permutations(same, 2))
        # The slower run differs by its arguments, which compare refuses unless told they may differ.
        caught = sum(advise("compare", a, slow, "--allow-different", "args") == 1 for a in same)
    pairs = len(same) * (len(same) - 1)
    print(f"unchanged script: {alarms} of {pairs} pairs exited 1 (false alarms)")
    print(f"step made slower (--compute-ms 15 -> 30): {caught} of {len(same)} comparisons exited 1")


if __name__ == "__main__":
    main()
