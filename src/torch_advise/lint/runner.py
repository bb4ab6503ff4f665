"""Lints a set of paths: finds the files, lints each, writes fixes, streams results in order.

Before a file is parsed, two cheap answers are tried in this process: the cache (the same
bytes were checked with the same settings, rules, target and tool code) and the pre-filter
(the file cannot hold a finding of the selected rules). Only the files left over are parsed,
by worker processes when there are several cores. The libcst engine is imported only then, so
a run that parses nothing never pays for it.

The run's options and a file's result are defined in lint/options.py, which imports no libcst.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Optional, Union

from torch_advise.catalogue import Catalogue, UnknownRuleError
from torch_advise.config import Settings, codes_ignored_for
from torch_advise.finding import Finding
from torch_advise.lint.cache import Cache
from torch_advise.lint.files import PathError, discover, is_notebook
from torch_advise.lint.options import FileResult, LintOptions, fixable
from torch_advise.lint.parallel import Task, available_cores, run_in_order
from torch_advise.lint.prefilter import Prefilter
from torch_advise.lint.writer import read_source, write_atomic
from torch_advise.records import replace

# A file that cannot be read, or whose fixes cannot be written.
IO_ERROR = "E902"


def ignored_codes(catalogue: Catalogue, settings: Settings, path: Path) -> frozenset[str]:
    codes: set[str] = set()
    for selector in codes_ignored_for(settings, path):
        try:
            codes |= catalogue.matching(selector)
        except UnknownRuleError:
            continue
    return frozenset(codes)


def unreadable_result(error: PathError, path: Optional[Path] = None) -> FileResult:
    """E902 for a path that could not be read: a file, or what the folder walk met."""
    path = path or error.path or Path(".")
    finding = Finding(str(path), 1, 1, IO_ERROR, str(error), slug="io-error", severity="error")
    return FileResult(str(path), [finding], b"", parse_error=True)


def _lint(path: Path, source: bytes, options: LintOptions, ignored: frozenset[str]) -> FileResult:
    """A notebook's code cells, or a Python file (whatever its name: a file named is Python)."""
    if not is_notebook(path):
        from torch_advise.lint.engine import lint_source

        return lint_source(str(path), source, options, ignored)
    from torch_advise.lint.notebook import NotebookError
    from torch_advise.lint.notebook_lint import lint_notebook

    try:
        return lint_notebook(str(path), source, options, ignored)
    except NotebookError as error:
        # Not a notebook advise can read (bad JSON, another nbformat): reported as a file it
        # could not read, which fails the run (exit 2), and never written.
        finding = Finding(str(path), 1, 1, IO_ERROR, f"notebook not checked: {error}", slug="io-error", severity="error")
        return FileResult(str(path), [finding], source, parse_error=True)


def _lint_read_file(path: Path, source: bytes, options: LintOptions, ignored: frozenset[str], write_within: Optional[Path]) -> FileResult:
    """`write_within`: the project folder fixes are written in; None writes nothing."""
    try:
        result = _lint(path, source, options, ignored)
    except Exception as error:  # noqa: BLE001 - one file's fault must not cost the user the others
        return FileResult(str(path), [], source, internal_error=f"{type(error).__name__}: {error}")
    if write_within is not None and result.changed:
        assert result.fixed_source is not None
        try:
            _not_linked_out(path, write_within)
            write_atomic(path, result.fixed_source, expected=source)
        except PathError as error:
            return _unwritten(path, source, options, ignored, error)
    return result


def _not_linked_out(path: Path, project: Path) -> None:
    """A file reached through a symlink is fixed only where the link stays in the project: a
    checked-out repository must not be able to point a fix at any file of the user's. A file
    named by its own path is the user's to fix wherever it is."""
    real = os.path.realpath(path)
    if real == os.path.abspath(path):
        return
    folder = os.path.realpath(project)
    if os.path.commonpath([real, folder]) != folder:
        raise PathError(f"{path}: a symlink to {real}, outside the project {folder}; fix that file itself")


def lint_bytes(path: Path, source: bytes, settings: Settings, options: LintOptions) -> FileResult:
    """One file's bytes that came from elsewhere (standard input), checked as `path` would be
    and never written."""
    return _lint_read_file(path, source, options, ignored_codes(options.catalogue, settings, path), write_within=None)


def _unwritten(path: Path, source: bytes, options: LintOptions, ignored: frozenset[str], error: PathError) -> FileResult:
    """The file's findings as they stand, since its fixes could not be written, and why."""
    unfixed = _lint(path, source, replace(options, fix=None), ignored)
    finding = Finding(str(path), 1, 1, IO_ERROR, f"fixes not written: {error}", slug="io-error", severity="error")
    return FileResult(str(path), [finding, *unfixed.findings], source)


class _Run:
    """What one run decides per file, and the parse for the files it cannot settle cheaply.

    An instance goes to each worker process, so it holds only settings, never results.
    """

    def __init__(
        self, paths: list[str], settings: Settings, options: LintOptions, write: bool, cache: Optional[Cache]
    ) -> None:
        self.settings = settings
        self.options = options
        self.write = write
        self.cache = cache
        self.prefilter = Prefilter(rule for rule in options.catalogue if rule.code in options.codes)
        # A file the user names is always parsed, so its syntax errors are reported.
        self.named = {_identity(Path(p)) for p in paths if not Path(p).is_dir()}

    def settle(self, path: Path) -> Union[FileResult, Task]:
        """The result when the cache or the pre-filter knows it, else a Task to parse the file."""
        try:
            source = read_source(path)
        except PathError as error:
            return unreadable_result(error, path)
        named = _identity(path) in self.named
        key = None
        if self.cache is not None:
            ignored = ignored_codes(self.options.catalogue, self.settings, path)
            key = self.cache.key(str(path), source, ignored, self.options.target_for(path).torch_version)
            hit = self.cache.load(key)
            if (
                hit is not None
                and not (hit.prefiltered and named)
                and not any(fixable(f, self.options.fix) for f in hit.findings)
            ):
                return FileResult(str(path), hit.findings, source, parse_error=hit.parse_error)
        if not named and not self._may_hold_a_finding(path, source):
            if key is not None:
                assert self.cache is not None  # a key comes only from the cache
                self.cache.store(key, [], prefiltered=True)
            return FileResult(str(path), [], source)
        return Task(str(path))

    def _may_hold_a_finding(self, path: Path, source: bytes) -> bool:
        """The pre-filter's answer, for a notebook on its code cells: in its JSON a line's first
        word follows an escape (`\\nloader = ...`), which a whole-word match would miss."""
        if not is_notebook(path) or self.prefilter.always:
            return self.prefilter.may_match(source)
        from torch_advise.lint.notebook import NotebookError, code_sources

        try:
            return self.prefilter.may_match("\n".join(code_sources(source).values()).encode("utf-8", "surrogatepass"))
        except NotebookError:
            return True  # parsed, so that what makes it unreadable is reported

    def __call__(self, path_text: str) -> FileResult:
        path = Path(path_text)
        try:
            source = read_source(path)
        except PathError as error:
            return unreadable_result(error, path)
        ignored = ignored_codes(self.options.catalogue, self.settings, path)
        result = _lint_read_file(path, source, self.options, ignored, self.settings.root if self.write else None)
        if self.cache is not None and not result.changed and result.internal_error is None:
            self.cache.store(
                self.cache.key(path_text, source, ignored, self.options.target_for(path).torch_version),
                result.findings, parse_error=result.parse_error, project=result.project_state,
            )
        return result


def _identity(path: Path) -> str:
    return os.path.normcase(os.path.abspath(path))


def _slim(result: FileResult) -> FileResult:
    """A worker's result without the file's bytes, which only a changed file's diff needs."""
    return result if result.changed else replace(result, source=b"", fixed_source=None)


class _WorkerRun:
    """_Run's parse step as it runs in a worker: results cross the process boundary slim."""

    def __init__(self, run: _Run) -> None:
        self.run = run

    def __call__(self, path_text: str) -> FileResult:
        return _slim(self.run(path_text))


def lint_files(
    paths: list[str],
    settings: Settings,
    options: LintOptions,
    write: bool = False,
    files: Optional[list[Path]] = None,
    *,
    jobs: Optional[int] = 1,
    cache: bool = False,
) -> Iterator[FileResult]:
    """Results for the files under `paths` (or `files`), in order.

    `jobs`: worker processes (None: every available core; 1: this process only).
    `cache`: read and write .advise_cache/ in the settings' root folder.
    Files that cannot hold a finding of the selected rules are not parsed unless named in `paths`.
    """
    run = _Run(paths, settings, options, write, Cache.for_run(settings.root, options) if cache else None)
    jobs = available_cores() if jobs is None else max(1, jobs)
    selected = files if files is not None else discover(paths, settings)
    settled = (run.settle(path) for path in selected)
    if jobs > 1 and len(selected) > 1:
        return run_in_order(settled, _WorkerRun(run), jobs, before_workers=_import_engine, crashed=_crashed_result)
    return run_in_order(settled, run, 1)


def _crashed_result(path_text: str, how: str) -> FileResult:
    return FileResult(path_text, [], b"", internal_error=f"the process checking it died, {how}")


def _import_engine() -> None:
    # Before the workers fork, so that they share the imported engine instead of each importing it.
    import torch_advise.lint.engine  # noqa: F401
    import torch_advise.lint.notebook_lint  # noqa: F401
