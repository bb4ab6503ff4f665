"""Whether this checkout reports what another commit reports, byte for byte, on real code.

    python benchmarks/parity.py --base 7f75072                       # the review set
    python benchmarks/parity.py --base 7f75072 --corpus benchmarks/realworld/holdout13/files

For each corpus folder it runs both checkouts with every rule selected, once for the findings
(JSON) and once for every fix they would write (`--diff --unsafe-fixes`), and compares the
outputs. The base commit is checked out into a temporary git worktree and run from its own
sources (PYTHONPATH), with this checkout's interpreter. A change meant to keep every finding
(a faster parse, a new tree) passes when every line says "same"; the exit code is 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RUNS = {"findings": ["--output-format", "json"], "fixes": ["--diff", "--unsafe-fixes"]}


def output(source: Path, corpus: Path, extra: list[str]) -> bytes:
    command = [sys.executable, "-m", "torch_advise", ".", "--select", "ALL", "--no-cache", "--jobs", "1", "--target", "a100", *extra]
    env = {**os.environ, "PYTHONPATH": str(source)}
    return subprocess.run(command, cwd=corpus, env=env, capture_output=True).stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="the commit to compare with")
    parser.add_argument("--corpus", type=Path, action="append", help="a folder to lint (repeatable; default: the review set)")
    args = parser.parse_args()
    corpora = args.corpus or [REPO / "benchmarks" / "realworld" / "files"]
    differ = False
    with tempfile.TemporaryDirectory() as work:
        base = Path(work) / "base"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "--quiet", str(base), args.base], check=True)
        try:
            for corpus in corpora:
                for name, extra in RUNS.items():
                    same = output(base / "src", corpus.resolve(), extra) == output(REPO / "src", corpus.resolve(), extra)
                    differ = differ or not same
                    print(f"{corpus} {name}: {'same' if same else 'DIFFER'}", flush=True)
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(base)], check=True)
    raise SystemExit(1 if differ else 0)


if __name__ == "__main__":
    main()
