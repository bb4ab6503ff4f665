"""How often advise is right on real training code: reruns it over the review set and scores
its findings against the verdicts written by reading the code.

    python benchmarks/realworld/build.py      # once: rebuild the files from the manifest
    python benchmarks/precision.py            # the table
    python benchmarks/precision.py --unreviewed unreviewed.tsv

Verdicts live in benchmarks/realworld/verdicts/*.tsv (path, line, code, verdict, reason), one
row per finding, path relative to the files folder. TRUE: right and worth acting on; DEBATABLE:
right but not worth the user's time there; FALSE: wrong. Precision is TRUE / (TRUE + FALSE);
"worth acting on" is TRUE over all three. Findings with no verdict are listed as unreviewed, and
verdicts whose finding is gone are listed as disappeared (a FALSE one gone is a fix, a TRUE one
gone is a lost finding). Not a test: the files are not part of the repository.

    python benchmarks/precision.py --files DIR --verdicts DIR --recall recall.tsv

also scores recall against a list of the patterns found by reading sample files before looking
at any finding (path, line, code, note; code NONE for a file with none): a pattern counts as
reported where a finding of its rule names a line within one of the pattern's, or of the same
statement (a call spread over lines is flagged at one of them).
"""

from __future__ import annotations

import argparse
import ast
import csv
import json
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
from torch_advise.catalogue import load_catalogue  # noqa: E402 - the checkout's own catalogue

REALWORLD = HERE / "realworld"
VERDICTS = ("TRUE", "DEBATABLE", "FALSE")


def read_verdicts(folder: Path) -> dict[tuple[str, int, str], tuple[str, str]]:
    verdicts: dict[tuple[str, int, str], tuple[str, str]] = {}
    for table in sorted(folder.glob("*.tsv")):
        with table.open(newline="") as handle:
            for row in csv.DictReader(handle, delimiter="\t"):
                verdict = row["verdict"].strip().upper()
                if verdict not in VERDICTS:
                    sys.exit(f"{table.name}: verdict {row['verdict']!r} is not one of {', '.join(VERDICTS)}")
                verdicts[(row["path"], int(row["line"]), row["code"])] = (verdict, row.get("reason", ""))
    return verdicts


def run_advise(files: Path, extra: list[str], chosen: list[str]) -> list[dict]:
    """Findings over the set, paths relative to it. A set of whole repositories (chosen.txt
    lists its files) is linted one repository at a time from inside it, as its users run
    advise: the repository's own torch pin and configuration then decide, as they would for them."""
    if not chosen:
        return _advise(files, ["."], extra)
    by_repository: dict[str, list[str]] = defaultdict(list)
    for path in chosen:
        repository, _, inside = path.partition("/")
        by_repository[repository].append(inside)
    findings = []
    for repository, paths in sorted(by_repository.items()):
        for finding in _advise(files / repository, paths, extra):
            finding["path"] = f"{repository}/{finding['path']}"
            findings.append(finding)
    return findings


def _advise(cwd: Path, paths: list[str], extra: list[str]) -> list[dict]:
    # Run from inside the folder, so that advise prints paths as the verdicts name them.
    command = [sys.executable, "-m", "torch_advise", *paths, "--format", "json", "--no-cache", "--target", "h100", "--select", "ALL", *extra]
    done = subprocess.run(command, capture_output=True, text=True, cwd=cwd)
    if done.returncode not in (0, 1):
        sys.exit(f"advise exited {done.returncode} in {cwd}: {done.stderr.strip()}")
    return json.loads(done.stdout)["findings"]


def statement_spans(source: str) -> list[tuple[int, int]]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    return [(node.lineno, node.end_lineno or node.lineno) for node in ast.walk(tree) if isinstance(node, ast.stmt)]


def innermost(spans: list[tuple[int, int]], line: int) -> tuple[int, int]:
    around = [span for span in spans if span[0] <= line <= span[1]]
    return min(around, key=lambda span: span[1] - span[0]) if around else (line, line)


def _within(line: int, span: tuple[int, int]) -> bool:
    return span[0] <= line <= span[1]


def score_recall(table: Path, files: Path, findings: list[dict]) -> None:
    """A listed pattern is reported where a finding of its rule sits within a line of it, or in
    the same innermost statement, either way round."""
    with table.open(newline="") as handle:
        patterns = [row for row in csv.DictReader(handle, delimiter="\t") if row["code"] != "NONE" and int(row["line"])]
    lines_by_key: dict[tuple[str, str], list[int]] = defaultdict(list)
    for finding in findings:
        lines_by_key[(finding["path"], finding["code"])].append(finding["line"])
    spans_of: dict[str, list[tuple[int, int]]] = {}
    reported: Counter = Counter()
    listed: Counter = Counter()
    missed = []
    for row in patterns:
        path, code, line = row["path"], row["code"], int(row["line"])
        if path not in spans_of:
            source = files / path
            spans_of[path] = statement_spans(source.read_text(encoding="utf-8", errors="replace")) if source.is_file() else []
        spans = spans_of[path]
        start, end = innermost(spans, line)
        listed[code] += 1
        if any(abs(found - line) <= 1 or start <= found <= end or _within(line, innermost(spans, found)) for found in lines_by_key[(path, code)]):
            reported[code] += 1
        else:
            missed.append(f"  missed: {path}:{line} {code}")
    total = sum(listed.values())
    print(f"\nrecall: {sum(reported.values())} of {total} listed patterns reported ({ratio(sum(reported.values()), total)})")
    print("  " + ", ".join(f"{code} {reported[code]}/{listed[code]}" for code in sorted(listed)))
    print("\n".join(missed))


def ratio(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "-"


def print_row(name: str, kind: str, row: Counter) -> None:
    judged = row["TRUE"] + row["DEBATABLE"] + row["FALSE"]
    print(
        f"{name:<16}" if not kind else f"{name:<8} {kind:<7}",
        f"{row['findings']:>8} {row['TRUE']:>5} {row['DEBATABLE']:>6} {row['FALSE']:>5} "
        f"{ratio(row['TRUE'], row['TRUE'] + row['FALSE']):>9} {ratio(row['TRUE'], judged):>8}",
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=Path, default=REALWORLD / "files")
    parser.add_argument("--verdicts", type=Path, default=REALWORLD / "verdicts")
    parser.add_argument("--unreviewed", type=Path, help="write the findings with no verdict here, as a verdicts table to fill in")
    parser.add_argument("--recall", type=Path, help="a table of the patterns listed by reading sample files: score recall")
    parser.add_argument("advise_args", nargs="*", help="more advise options, after --: -- --ignore DL")
    args = parser.parse_args()
    if not args.files.is_dir():
        sys.exit(f"{args.files}: no review set here; run python benchmarks/realworld/build.py first")
    verdicts = read_verdicts(args.verdicts)
    # A set built whole (build.py --in-repositories) is linted file by file, each in its repository.
    chosen_list = args.files / "chosen.txt"
    chosen = chosen_list.read_text().splitlines() if chosen_list.is_file() else []
    findings = run_advise(args.files.resolve(), args.advise_args, chosen)
    counts: dict[str, Counter] = defaultdict(Counter)
    unreviewed = []
    seen = set()
    for finding in findings:
        key = (finding["path"], finding["line"], finding["code"])
        seen.add(key)
        counts[finding["code"]]["findings"] += 1
        if key in verdicts:
            counts[finding["code"]][verdicts[key][0]] += 1
        else:
            unreviewed.append(finding)
    gone = sorted(key for key in verdicts if key not in seen)

    defaults = set(load_catalogue().default_codes())
    print(f"{'rule':<8} {'set':<7} {'findings':>8} {'TRUE':>5} {'DEBAT.':>6} {'FALSE':>5} {'precision':>9} {'worth it':>8}")
    in_default: Counter = Counter()
    total: Counter = Counter()
    for code in sorted(counts):
        total.update(counts[code])
        if code in defaults:
            in_default.update(counts[code])
        print_row(code, "default" if code in defaults else "opt-in", counts[code])
    print_row("default set", "", in_default)
    print_row("all rules", "", total)
    print(f"\n{len(unreviewed)} findings not reviewed; {len(gone)} reviewed findings no longer reported", end="")
    lost = Counter(verdicts[key][0] for key in gone)
    print(f" ({', '.join(f'{n} {v}' for v, n in sorted(lost.items()))})." if gone else ".")
    for key in gone:
        if verdicts[key][0] == "TRUE":
            print(f"  lost TRUE finding: {key[0]}:{key[1]} {key[2]}")
    if args.recall:
        score_recall(args.recall, args.files, findings)
    if args.unreviewed:
        with args.unreviewed.open("w", newline="") as handle:
            writer = csv.writer(handle, delimiter="\t", lineterminator="\n")
            writer.writerow(["path", "line", "code", "verdict", "reason"])
            for finding in unreviewed:
                writer.writerow([finding["path"], finding["line"], finding["code"], "", finding["message"]])
    return 0


if __name__ == "__main__":
    sys.exit(main())
