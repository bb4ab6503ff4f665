"""Rebuild the real-code review corpus from local repository snapshots.

    python benchmarks/realworld/build.py                    # into benchmarks/realworld/files/
    python benchmarks/realworld/build.py --out DIR          # somewhere else
    python benchmarks/realworld/build.py --mirrors DIR      # snapshots kept elsewhere

manifest.tsv names each file by repository, commit and path. The files themselves are
other projects' code, so they are never committed here: this script takes each one out of
a bare git snapshot at <mirrors>/<owner>+<name>/ with `git show <commit>:<path>` and writes
it to <out>/<owner>+<name>/<path>. Pinning the commit keeps findings comparable between
runs even after a snapshot is refreshed, as long as the old commit is still in it.

A row whose path is `*` stands for a whole repository: every `.py` file of that commit outside
folders named test, tests, doc or docs (the whole-repository set in whole/).

    python benchmarks/realworld/build.py --in-repositories --manifest M --out DIR

writes each repository of the manifest whole instead, as a repository of its own with every file
in its index (as a clone tracks them, a file under a pattern of its .gitignore included), and
DIR/chosen.txt naming the manifest's files: what decides a finding in another module is there.

Rows that cannot be rebuilt (no snapshot, commit not in it, path not in the commit) are
listed on stderr and make the exit status 1; the others are still written. Files already
in <out> are overwritten, never deleted: remove the folder first for an exact rebuild.
Standard library only, Python 3.9+.
"""

from __future__ import annotations

import argparse
import csv
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path, PurePosixPath

HERE = Path(__file__).resolve().parent
HEADER = ["repository", "commit", "path"]


def read_manifest(path: Path) -> list[tuple[str, str, str]]:
    with path.open(newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    if not rows or rows[0] != HEADER:
        raise SystemExit(f"{path}: the first line must be the header {HEADER}")
    out = []
    for lineno, row in enumerate(rows[1:], start=2):
        if not row:
            continue
        if len(row) != 3:
            raise SystemExit(f"{path}:{lineno}: expected 3 tab-separated fields, got {len(row)}")
        out.append((row[0], row[1], row[2]))
    return out


def is_git_dir(path: Path) -> bool:
    return (path / "HEAD").is_file() and (path / "objects").is_dir()


def find_git_dir(mirrors: Path, repository: str) -> Path | None:
    """Snapshots arrive either as a bare repository or as a clone whose .git holds it,
    under a folder named owner+name; anything else is treated as missing."""
    root = mirrors / repository.replace("/", "+", 1)
    for candidate in (root / "repo" / ".git", root / "repo", root / ".git", root):
        if candidate.is_dir() and is_git_dir(candidate):
            return candidate
    return None


def has_commit(git_dir: Path, commit: str) -> bool:
    result = subprocess.run(
        ["git", "--git-dir", str(git_dir), "cat-file", "-e", f"{commit}^{{commit}}"],
        capture_output=True,
    )
    return result.returncode == 0


def safe_relative(path: str) -> PurePosixPath | None:
    """A manifest path must stay inside its repository's folder under --out."""
    p = PurePosixPath(path)
    if not path or p.is_absolute() or any(part in ("", ".", "..") for part in p.parts):
        return None
    return p


WHOLE_REPOSITORY = "*"
LEFT_OUT_FOLDERS = {"test", "tests", "doc", "docs"}


def python_files(git_dir: Path, commit: str) -> list[str]:
    listed = subprocess.run(
        ["git", "--git-dir", str(git_dir), "ls-tree", "-r", "--name-only", commit],
        capture_output=True, text=True,
    ).stdout.splitlines()
    return [
        path for path in listed
        if path.endswith(".py") and not LEFT_OUT_FOLDERS & set(PurePosixPath(path).parts[:-1])
    ]


def expand(rows: list[tuple[str, str, str]], mirrors: Path) -> list[tuple[str, str, str]]:
    """Whole-repository rows as one row per Python file; a row that cannot be expanded is kept,
    to be reported as not rebuilt."""
    expanded = []
    for repository, commit, path in rows:
        git_dir = find_git_dir(mirrors, repository) if path == WHOLE_REPOSITORY else None
        if git_dir is None or not has_commit(git_dir, commit):
            expanded.append((repository, commit, path))
            continue
        expanded.extend((repository, commit, file) for file in python_files(git_dir, commit))
    return expanded


def build(manifest: Path, out: Path, mirrors: Path) -> int:
    rows = expand(read_manifest(manifest), mirrors)
    git_dirs: dict[str, Path | None] = {}
    commits: dict[tuple[str, str], bool] = {}
    failures: list[str] = []
    written = 0
    for repository, commit, path in rows:
        where = f"{repository}@{commit[:12]}:{path}"
        rel = safe_relative(path)
        if rel is None or repository.count("/") != 1:
            failures.append(f"{where}: bad repository or path in the manifest")
            continue
        if repository not in git_dirs:
            git_dirs[repository] = find_git_dir(mirrors, repository)
        git_dir = git_dirs[repository]
        if git_dir is None:
            failures.append(f"{where}: no snapshot under {mirrors}")
            continue
        if (repository, commit) not in commits:
            commits[repository, commit] = has_commit(git_dir, commit)
        if not commits[repository, commit]:
            failures.append(f"{where}: commit not in the snapshot at {git_dir}")
            continue
        shown = subprocess.run(
            ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
            capture_output=True,
        )
        if shown.returncode != 0:
            reason = shown.stderr.decode("utf-8", "replace").strip().splitlines()
            failures.append(f"{where}: {reason[-1] if reason else 'git show failed'}")
            continue
        dest = out.joinpath(repository.replace("/", "+", 1), *rel.parts)
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(shown.stdout)
        written += 1

    for line in failures:
        print(f"not rebuilt: {line}", file=sys.stderr)
    repos = len({r for r, _, _ in rows})
    print(
        f"{written} of {len(rows)} files from {repos} repositories written to {out}"
        + (f"; {len(failures)} failed" if failures else "")
    )
    return 1 if failures else 0


CHOSEN = "chosen.txt"


def commit_blobs(git_dir: Path, commit: str, keep: Callable[[str], bool]) -> Iterator[tuple[str, bytes]]:
    """(path, content) of each file of the commit whose path `keep` accepts and whose content the
    snapshot holds (a snapshot may leave its largest files out), read in one `git cat-file --batch`."""
    listed = subprocess.run(
        ["git", "--git-dir", str(git_dir), "ls-tree", "-r", "-z", commit], capture_output=True, check=True
    ).stdout.split(b"\0")
    blobs = []
    for entry in listed:
        meta, _, raw_path = entry.partition(b"\t")
        fields = meta.split()
        path = raw_path.decode("utf-8", "replace")
        if len(fields) == 3 and fields[1] == b"blob" and keep(path):
            blobs.append((fields[2], path))
    batch = subprocess.run(
        ["git", "--git-dir", str(git_dir), "cat-file", "--batch"],
        input=b"".join(oid + b"\n" for oid, _ in blobs), capture_output=True, check=True,
    ).stdout
    position = 0
    for _, path in blobs:
        header_end = batch.index(b"\n", position)
        header = batch[position:header_end].split()
        position = header_end + 1
        if header[-1] == b"missing":
            continue
        size = int(header[2])
        yield path, batch[position : position + size]
        position += size + 1


def write_tree(git_dir: Path, commit: str, dest: Path) -> None:
    """Every file of the commit whose content the snapshot holds."""
    for path, content in commit_blobs(git_dir, commit, lambda path: safe_relative(path) is not None):
        target = dest.joinpath(*PurePosixPath(path).parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)


def build_in_repositories(manifest: Path, out: Path, mirrors: Path) -> int:
    """Each repository of the manifest whole, at its commit, as a repository of its own under
    <out>/<owner>+<name>/, and <out>/chosen.txt naming the manifest's files in it: advise then
    reads a chosen file inside its project, as a user runs it, the other modules included."""
    rows = read_manifest(manifest)
    failures = []
    for repository, commit in sorted({(r, c) for r, c, _ in rows}):
        git_dir = find_git_dir(mirrors, repository)
        if git_dir is None or not has_commit(git_dir, commit):
            failures.append(f"{repository}@{commit[:12]}: no snapshot holding the commit under {mirrors}")
            continue
        dest = out / repository.replace("/", "+", 1)
        write_tree(git_dir, commit, dest)
        subprocess.run(["git", "init", "-q", str(dest)], check=True)
        # Every file in the index, as a clone tracks them: a file the repository commits under a
        # pattern its .gitignore lists is still one of its modules.
        subprocess.run(["git", "-C", str(dest), "add", "-A", "-f", "."], check=True)
    chosen = [f"{repository.replace('/', '+', 1)}/{path}" for repository, _, path in rows if (out / repository.replace("/", "+", 1)).is_dir()]
    (out / CHOSEN).write_text("".join(f"{path}\n" for path in chosen))
    for line in failures:
        print(f"not rebuilt: {line}", file=sys.stderr)
    print(f"{len(chosen)} chosen files in {len({r for r, _, _ in rows}) - len(failures)} whole repositories written to {out}")
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--manifest", type=Path, default=HERE / "manifest.tsv", help="default: %(default)s"
    )
    parser.add_argument(
        "--out", type=Path, default=HERE / "files", help="corpus folder (default: %(default)s)"
    )
    parser.add_argument(
        "--mirrors",
        type=Path,
        default=Path("/work/.mirror"),
        help="folder holding one <owner>+<name>/ snapshot per repository (default: %(default)s)",
    )
    parser.add_argument(
        "--in-repositories",
        action="store_true",
        help="write each repository whole, with chosen.txt naming the manifest's files (for cross-module analysis)",
    )
    args = parser.parse_args(argv)
    if args.in_repositories:
        return build_in_repositories(args.manifest, args.out.resolve(), args.mirrors)
    return build(args.manifest, args.out.resolve(), args.mirrors)


if __name__ == "__main__":
    sys.exit(main())
