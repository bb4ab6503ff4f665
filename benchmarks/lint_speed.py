"""Lint speed: advise against TorchFix and Fixit (and ruff, for scale) on the same files with
the same number of processes.

    python benchmarks/lint_speed.py                  # the real-code review set, benchmarks/realworld/files
    python benchmarks/lint_speed.py --corpus-torch   # the installed torch package + fixtures/
    python benchmarks/lint_speed.py --sample 400     # every k-th file, about 400 of them
    python benchmarks/lint_speed.py --corpus DIR     # your own tree
    python benchmarks/lint_speed.py --without-torchfix   # advise alone (no TorchFix, no Fixit)

The corpus is copied into the work folder, so both tools read the same bytes and neither
touches site-packages. Each tool runs from its own virtualenv there, as pre-commit runs a hook:
advise installed from this checkout (a wheel install, byte-compiled), TorchFix and Fixit from
PyPI when they are not on PATH (Fixit has no process count: it uses every core).
Runs alternate (TorchFix, advise cold, advise warm, ...) so that machine noise hits all of
them alike; the table shows medians. "Cold" starts with an empty .advise_cache/, "warm" runs
again over the unchanged tree (every file answered by the cache), and "replayed" once more,
when the warm run's record answers it (run_replay.py). The corpus is made a git repository,
as a project is, so that the folders a run searches end at its root. Start-up rows time `advise --version`, `advise --help` and a
pre-commit style run on one training script of about 500 lines (made of fixtures/lint
scripts, dense with the patterns the rules look for) and on each of 30 of the corpus's own files
alone, without the cache, beside `python -c pass` from the same virtualenv (what any Python
tool's start costs).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path
from typing import Optional

REPO = Path(__file__).resolve().parents[1]
TORCHFIX = "torchfix==0.7.0"
FIXIT = "fixit==2.2.1"


REALWORLD = REPO / "benchmarks" / "realworld" / "files"
RUFF = "ruff==0.17.6"


def torch_corpus() -> list[Path]:
    """The installed torch package's folder (found without importing torch) and fixtures/."""
    torch_dir = Path(metadata.distribution("torch").locate_file("torch"))
    return [torch_dir, REPO / "fixtures"]


def default_corpus() -> list[Path]:
    """Real training code (python benchmarks/realworld/build.py makes it)."""
    if not REALWORLD.is_dir():
        raise SystemExit(f"{REALWORLD}: no review set; run python benchmarks/realworld/build.py or pass --corpus-torch")
    return [REALWORLD]


def copy_corpus(sources: list[Path], destination: Path, sample: int) -> int:
    files = sorted(
        (source, path)
        for source in sources
        for path in (source.rglob("*.py") if source.is_dir() else [source])
        if "__pycache__" not in path.parts
    )
    step = max(1, len(files) // sample) if sample else 1
    chosen = files[::step]
    shutil.rmtree(destination, ignore_errors=True)
    for source, path in chosen:
        target = destination / source.name / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    return len(chosen)


def tool_in_venv(work: Path, executable_name: str, requirement: str) -> list[str]:
    """A tool installed from PyPI into a virtualenv of its own in the work folder, once."""
    venv = work / f"{executable_name}-venv"
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    if not (bin_dir / executable_name).exists():
        print(f"installing {requirement} into {venv} ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(bin_dir / "pip"), "install", "--quiet", requirement], check=True)
    return [str(bin_dir / executable_name)]


def torchfix_command(work: Path) -> list[str]:
    found = shutil.which("torchfix")
    return [found] if found else tool_in_venv(work, "torchfix", TORCHFIX)


def fixit_command(work: Path) -> list[str]:
    found = shutil.which("fixit")
    return [found] if found else tool_in_venv(work, "fixit", FIXIT)


def ruff_command(work: Path) -> list[str]:
    return tool_in_venv(work, "ruff", RUFF)


def advise_command(work: Path) -> list[str]:
    """advise installed from this checkout into its own virtualenv, as pre-commit installs a hook."""
    venv = work / "advise-venv"
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    print(f"installing advise from {REPO} into {venv} ...", file=sys.stderr)
    if not (bin_dir / "pip").exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(bin_dir / "pip"), "install", "--quiet", str(REPO)], check=True)
    else:
        subprocess.run([str(bin_dir / "pip"), "install", "--quiet", "--force-reinstall", "--no-deps", str(REPO)], check=True)
    return [str(bin_dir / "advise")]


def timed(command: list[str], cwd: Path, ok: tuple[int, ...] = (0, 1), env: Optional[dict] = None) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env={**os.environ, **(env or {})}
    )
    elapsed = time.perf_counter() - start
    if done.returncode not in ok:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr[-2000:]}")
    return elapsed


def prefiltered_share(corpus: Path) -> tuple[int, int]:
    """How many corpus files the pre-filter lets through to the parser, with the default set selected."""
    sys.path.insert(0, str(REPO / "src"))
    from torch_advise.catalogue import load_catalogue
    from torch_advise.lint.prefilter import Prefilter

    prefilter = Prefilter(rule for rule in load_catalogue() if rule.default)
    files = list(corpus.rglob("*.py"))
    return sum(prefilter.may_match(path.read_bytes()) for path in files), len(files)


def machine(advise: list[str]) -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    python = Path(advise[0]).with_name("python")
    libcst = subprocess.run(
        [str(python), "-c", "from importlib.metadata import version; print(version('libcst'))"],
        capture_output=True, text=True,
    ).stdout.strip()
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, libcst {libcst or '?'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, action="append", help="a folder or file to lint (repeatable)")
    parser.add_argument("--corpus-torch", action="store_true", help="lint the installed torch package and fixtures/")
    parser.add_argument("--sample", type=int, default=0, help="lint about this many files (every k-th); 0: all")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each kind (default 3)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for both tools (default: all cores)")
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "torch-advise-lint-bench")
    parser.add_argument("--without-torchfix", action="store_true", help="time advise alone (no TorchFix, no Fixit)")
    parser.add_argument("--single-files", type=int, default=30, help="real files linted one at a time, as pre-commit does (default 30)")
    args = parser.parse_args()

    work = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    corpus = work / "corpus"
    sources = args.corpus or (torch_corpus() if args.corpus_torch else default_corpus())
    count = copy_corpus(sources, corpus, args.sample)
    subprocess.run(["git", "init", "-q", str(corpus)], check=True)
    torchfix = None if args.without_torchfix else torchfix_command(work)
    fixit = None if args.without_torchfix else fixit_command(work)
    ruff = ruff_command(work)
    advise = advise_command(work)
    # An explicit target keeps nvidia-smi out of the measurement: this times the lint, not detection.
    advise_run = [*advise, "corpus", "--target", "a100", "-j", str(args.jobs)]
    cache = work / ".advise_cache"
    script = work / "train.py"
    script_lines = training_script(script)
    corpus_files = sorted(path.relative_to(work) for path in corpus.rglob("*.py"))
    singles = corpus_files[:: max(1, len(corpus_files) // args.single_files)][: args.single_files] if args.single_files else []

    python = str(Path(advise[0]).parent / "python")
    runs: dict[str, list[float]] = {
        "torchfix": [], "fixit": [], "ruff": [], "cold": [], "warm": [], "replayed": [], "version": [], "help": [], "pre-commit": [], "pass": []
    }
    single_runs: dict[Path, list[float]] = {path: [] for path in singles}
    for repeat in range(args.repeats):
        print(f"round {repeat + 1}/{args.repeats}", file=sys.stderr)
        if torchfix is not None:
            runs["torchfix"].append(timed([*torchfix, "-j", str(args.jobs), "corpus"], work))
        if fixit is not None:
            runs["fixit"].append(timed([*fixit, "lint", "corpus"], work, ok=(0, 1, 2, 3, 4, 5, 6, 7)))
        # ruff's default rules, no cache, as many threads as the others have processes.
        runs["ruff"].append(
            timed([*ruff, "check", "--no-cache", "--isolated", "--exit-zero", "corpus"], work, env={"RAYON_NUM_THREADS": str(args.jobs)})
        )
        shutil.rmtree(cache, ignore_errors=True)
        runs["cold"].append(timed(advise_run, work))
        runs["warm"].append(timed(advise_run, work))
        runs["replayed"].append(timed(advise_run, work))
        runs["version"].append(timed([*advise, "--version"], work))
        runs["help"].append(timed([*advise, "--help"], work))
        runs["pre-commit"].append(
            timed([*advise, script.name, "--target", "a100", "--no-cache"], work)
        )
        runs["pass"].append(timed([python, "-c", "pass"], work))
        for path in singles:
            single_runs[path].append(timed([*advise, str(path), "--target", "a100", "--no-cache"], work))
    median = {name: statistics.median(values) for name, values in runs.items() if values}
    parsed, total = prefiltered_share(corpus)
    lines = sum(path.read_bytes().count(b"\n") for path in corpus.rglob("*.py"))

    named = ", ".join(str(c) for c in sources)
    print(f"\nCorpus: {count} files, {lines} lines, from {named}" + (f" (every k-th file, --sample {args.sample})" if args.sample else ""))
    print(f"Machine: {machine(advise)}; {args.jobs} processes for each tool; medians of {args.repeats} alternating runs.")
    print(f"Pre-filter: {parsed} of {total} files parsed, {total - parsed} skipped unparsed.\n")
    print("| run | wall s (median) | files/s | ratio |")
    print("|---|---|---|---|")
    cold_ratio = ""
    if torchfix is not None:
        tf = median["torchfix"]
        print(f"| TorchFix {version_of(torchfix)}, `-j {args.jobs}` | {tf:.2f} | {count / tf:.1f} | 1x |")
        cold_ratio = f"{tf / median['cold']:.1f}x TorchFix"
    if fixit is not None:
        fx = median["fixit"]
        print(f"| Fixit {version_of(fixit)}, every core | {fx:.2f} | {count / fx:.1f} | {fx / median['cold']:.1f}x slower than advise cold |")
    print(f"| advise, cold (empty cache), `-j {args.jobs}` | {median['cold']:.2f} | {count / median['cold']:.1f} | "
          f"{cold_ratio} |")
    print(f"| {RUFF.replace('==', ' ')} (default rules), {args.jobs} threads | {median['ruff']:.2f} | {count / median['ruff']:.0f} | "
          f"{median['cold'] / median['ruff']:.1f}x faster than advise cold |")
    print(f"| advise, warm (nothing changed) | {median['warm']:.2f} | {count / median['warm']:.0f} | "
          f"{median['cold'] / median['warm']:.0f}x advise cold |")
    print(f"| advise, warm again (replayed) | {median['replayed']:.3f} | {count / median['replayed']:.0f} | "
          f"{median['cold'] / median['replayed']:.0f}x advise cold |")
    print(f"| `advise --version` | {median['version']:.3f} | | |")
    print(f"| `advise --help` | {median['help']:.3f} | | |")
    print(f"| pre-commit: `advise` on one {script_lines}-line training script, no cache | {median['pre-commit']:.3f} | | "
          f"{median['pre-commit'] / median['pass']:.1f}x `python -c pass` |")
    if singles:
        # Each file's median over the rounds; then the middle file and the one a tenth from the slowest.
        each = sorted(statistics.median(values) for values in single_runs.values())
        middle, slow = statistics.median(each), each[int(0.9 * (len(each) - 1))]
        print(f"| pre-commit: `advise` on one real training file alone, no cache ({len(each)} files of the corpus), "
              f"median file | {middle:.3f} | | {middle / median['pass']:.1f}x `python -c pass` |")
        print(f"| the same, the file a tenth from the slowest | {slow:.3f} | | {slow / median['pass']:.1f}x `python -c pass` |")
    print(f"| `python -c pass` | {median['pass']:.3f} | | |")


def training_script(destination: Path) -> int:
    """One training script of about 500 lines, made of the fixtures' own scripts; its line count."""
    parts = []
    for path in sorted((REPO / "fixtures" / "lint").rglob("*.py")):
        if path.name.endswith(".fixed.py"):
            continue
        # A __future__ import is legal only at the top of a file.
        parts.append("".join(line for line in path.read_text().splitlines(keepends=True) if not line.startswith("from __future__")))
        if sum(part.count("\n") for part in parts) >= 500:
            break
    destination.write_text("\n".join(parts))
    return destination.read_text().count("\n")


def version_of(command: list[str]) -> str:
    """The version a tool prints, without its name (`fixit, version 2.2.1` is 2.2.1)."""
    done = subprocess.run([*command, "--version"], capture_output=True, text=True)
    words = done.stdout.split()
    return words[-1] if words else "?"


if __name__ == "__main__":
    main()
