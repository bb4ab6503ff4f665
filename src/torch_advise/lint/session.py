"""The run policy of a lint: what is selected, which target, which files, which fixes, and
what the run's outcome means as an exit code. The CLI and the Python API both run through here,
so a run asked for either way is the same run.

No libcst here: the parse is imported by the runner only for the files that need one.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain
from pathlib import Path
from typing import Callable, Optional

from torch_advise.catalogue import Catalogue, CatalogueError, UnknownRuleError, load_catalogue
from torch_advise.config import ConfigError, Settings, common_parent, is_excluded, load_settings
from torch_advise.finding import Finding
from torch_advise.lint.files import PathError, discover
from torch_advise.lint.options import FileResult, FixMode, LintOptions
from torch_advise.lint.runner import IO_ERROR, lint_bytes, lint_files, unreadable_result
from torch_advise.project_pin import project_torch
from torch_advise.records import dataclass, field
from torch_advise.target import Target, TargetError, resolve_target

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2
# Codes of the files themselves (not parsed, not read), which no catalogue page holds.
FILE_CODES = frozenset({"E999", "E904", "E903", IO_ERROR})


class RunError(Exception):
    """A run that cannot start: bad configuration, an unknown rule or target, a missing path."""


@dataclass(frozen=True)
class RunRequest:
    """What a user asks for, on the command line or through the API; None means "as configured"."""

    paths: tuple[str, ...] = ()
    select: Optional[list[str]] = None
    extend_select: Optional[list[str]] = None
    ignore: Optional[list[str]] = None
    target: Optional[str] = None
    torch_version: Optional[str] = None
    config_file: Optional[str] = None
    fix: bool = False
    diff: bool = False
    unsafe_fixes: Optional[bool] = None
    force_exclude: bool = False
    jobs: Optional[int] = 1
    cache: bool = False
    # Record each fixable finding's own replacement (SARIF `fixes`); each such fix is applied alone.
    fix_edits: bool = False
    # `advise -`: the one file's bytes, read from standard input, and the path they are checked
    # as (configuration, per-file-ignores, excludes, the path findings name). Never written.
    stdin: Optional[bytes] = None
    stdin_filename: Optional[str] = None


@dataclass
class Session:
    """A run ready to go: settings, selection, target and files resolved."""

    request: RunRequest
    settings: Settings
    catalogue: Catalogue
    target: Target
    files: list[Path]
    options: LintOptions
    unsafe_fixes: bool  # from the request, else from [tool.advise]
    # What the folder walk could not read: each is reported as E902, and the rest is checked.
    unreadable: list[PathError] = field(default_factory=list)

    @property
    def writes(self) -> bool:
        return self.request.fix and not self.request.diff and self.request.stdin is None

    @property
    def finds_no_file(self) -> bool:
        """The paths hold nothing to check and nothing the walk could not read: a run that
        checks nothing, which a moved folder or a mistyped glob gives."""
        return not self.files and not self.unreadable


@dataclass
class Outcome:
    findings: list[Finding] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)  # files a fault inside advise left unchecked
    faults: int = 0  # unreadable or unwritable files, and files left unchecked
    fixed: int = 0
    files_fixed: int = 0


def prepare(request: RunRequest) -> Session:
    """Resolve a request into a session; RunError says in one line why it cannot run."""
    targets = list(request.paths) or ["."]
    if request.stdin is not None:
        targets = [request.stdin_filename] if request.stdin_filename else ["."]
    try:
        settings = load_settings(targets, request.config_file)
        catalogue = load_catalogue()
        selection = request.select if request.select else settings.select
        extend = [*settings.extend_select, *(request.extend_select or [])]
        if extend:
            selection = [*(selection if selection is not None else catalogue.default_codes()), *extend]
        codes = catalogue.select(selection, [*settings.ignore, *(request.ignore or [])])
        _check_per_file_ignores(settings, catalogue)
        if not codes:
            # A run that checks nothing would pass every file: say so instead.
            raise RunError("no rule is selected: check --select, --ignore and [tool.advise]")
        target = resolve_target(request.target, request.torch_version, settings.target, settings.torch_version,
                                project_torch=lambda: project_torch(common_parent(targets)))
        unreadable: list[PathError] = []
        files = [Path(request.stdin_filename or "-")] if request.stdin is not None else discover(targets, settings, unreadable)
        if request.force_exclude:
            files = [file for file in files if not is_excluded(settings, file)]
    except (ConfigError, CatalogueError, TargetError, PathError) as error:
        raise RunError(str(error)) from error
    unsafe = settings.unsafe_fixes if request.unsafe_fixes is None else request.unsafe_fixes
    fix_mode = (FixMode.UNSAFE if unsafe else FixMode.SAFE) if (request.fix or request.diff) else None
    from_project = request.torch_version is None and settings.torch_version is None
    options = LintOptions(catalogue, frozenset(codes), target, fix_mode, fix_replacements=request.fix_edits, pins_per_file=from_project)
    return Session(request, settings, catalogue, target, files, options, unsafe, unreadable)


def _check_per_file_ignores(settings: Settings, catalogue: Catalogue) -> None:
    """A typo in per-file-ignores would silently ignore nothing: an error, as in select."""
    for pattern, selectors in settings.per_file_ignores.items():
        for selector in selectors:
            if not selector.strip() or selector.strip().upper() in FILE_CODES:
                continue
            try:
                catalogue.matching(selector)
            except UnknownRuleError as error:
                raise RunError(f"per-file-ignores {pattern!r}: {error}") from None


def run(session: Session, each: Optional[Callable[[FileResult], None]] = None) -> Outcome:
    """Lint the session's files (writing fixes when asked), calling `each` with every file's
    result as it comes, in order."""
    outcome = Outcome()
    request = session.request
    if request.stdin is not None:
        results: Iterable[FileResult] = [lint_bytes(file, request.stdin, session.settings, session.options) for file in session.files]
    else:
        results = lint_files(
            list(request.paths) or ["."], session.settings, session.options, write=session.writes,
            files=session.files, jobs=request.jobs, cache=request.cache,
        )
    for result in chain((unreadable_result(error) for error in session.unreadable), results):
        outcome.findings.extend(result.findings)
        if any(finding.code == IO_ERROR for finding in result.findings):
            outcome.faults += 1
        if result.internal_error:
            outcome.faults += 1
            outcome.unchecked.append(result.path)
        if result.changed:
            outcome.fixed += result.fixed_count
            outcome.files_fixed += 1
        if each is not None:
            each(result)
    return outcome


def exit_code(outcome: Outcome, failing: bool, exit_zero: bool = False) -> int:
    """2 when a file could not be read, written or checked; else 1 when `failing` (findings
    remain, or a diff has changes) unless --exit-zero; else 0."""
    if outcome.faults:
        return EXIT_ERROR
    return EXIT_FINDINGS if failing and not exit_zero else EXIT_CLEAN
