"""`advise check`, the lint's command: its options, a parser for them that needs no click, and the run.

A hook runs `advise FILE` on every commit, and importing click (11 ms, most of it `inspect`,
`uuid` and `datetime`) is a tenth of such a run. So the console entry point (console.py) parses
a plain check command line here, and hands any other (another command, --help, an option or a
value this parser is not sure of) to the click command line in cli.py, which is built from the
same option table and answers it as it always has. A test compares both parsers on generated
command lines.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, NoReturn, Optional

from torch_advise import records
from torch_advise.guard import EXIT_ERROR, say
from torch_advise.records import dataclass

# The commands besides check, the alias `rule` among them (a test keeps it equal to cli.py's).
OTHER_COMMANDS = ("rules", "explain", "rule", "probe", "compare", "server")


@dataclass(frozen=True)
class Option:
    """One option of `advise check`, as click declares it (cli.py) and parse_check reads it.
    kind: flag, multiple (repeatable), value, path, file (a path that must not be a folder),
    choice, or jobs (an integer of at least 1)."""

    flags: tuple[str, ...]
    dest: str
    kind: str
    help: str
    choices: tuple[str, ...] = ()
    default: Any = None


OPTIONS = (
    Option(("--fix",), "fix", "flag", "Apply safe fixes in place.", default=False),
    Option(("--unsafe-fixes",), "unsafe_fixes", "flag", "Also apply fixes that change numerics or process model."),
    Option(("--diff",), "diff", "flag", "Print the changes --fix would make; change nothing.", default=False),
    Option(("--select",), "select", "multiple", "Rule codes, prefixes or slugs to check (comma-separated).", default=()),
    Option(("--ignore",), "ignore", "multiple", "Rule codes, prefixes or slugs to skip (comma-separated).", default=()),
    Option(("--extend-select",), "extend_select", "multiple", "Rules to add to the configured selection.", default=()),
    # --output-format is ruff's spelling, for scripts and editors written against ruff; so are
    # full (each finding with its source line) and concise (one line each). text is full on a
    # terminal and concise for a pipe or a file, where a machine reads it.
    Option(
        ("--format", "--output-format"), "output_format", "choice", "text: full on a terminal, concise otherwise.",
        choices=("text", "full", "concise", "json", "sarif", "github"), default="text",
    ),
    Option(("--target",), "target", "value", "GPU the advice is for: a compute capability (8.0, sm_80) or a name (a100, h100, t4)."),
    Option(("--torch-version",), "torch_version", "value", "torch version the advice is for (e.g. 1.13)."),
    Option(("--config",), "config_file", "path", "Read settings from this file instead of pyproject.toml."),
    Option(("--exit-zero",), "exit_zero", "flag", "Exit 0 even when there are findings.", default=False),
    Option(
        ("--error-on-no-files",), "error_on_no_files", "flag",
        "Exit 2 when the paths hold no Python file to check (a moved folder, a mistyped glob) instead of warning.", default=False,
    ),
    Option(("--write-baseline",), "write_baseline", "file", "Record the current findings in FILE and exit 0."),
    Option(("--baseline",), "baseline_file", "file", "Report only findings that FILE does not hold."),
    Option(
        ("--color",), "color", "choice", "Colour text output; auto: on a terminal, unless NO_COLOR is set (FORCE_COLOR forces it).",
        choices=("auto", "always", "never"), default="auto",
    ),
    Option(("-q", "--quiet"), "quiet", "flag", "Print the findings only: no header, no summary.", default=False),
    Option(("--statistics",), "statistics", "flag", "Print a count of findings per rule instead of the findings.", default=False),
    Option(
        ("--force-exclude",), "force_exclude", "flag",
        "Apply configured excludes to files named on the command line too (for pre-commit).", default=False,
    ),
    Option(("-j", "--jobs"), "jobs", "jobs", "Worker processes that parse files [default: every available core]."),
    Option(("--no-cache",), "no_cache", "flag", "Neither read nor write .advise_cache/ (results of unchanged files).", default=False),
    Option(
        ("--stdin-filename",), "stdin_filename", "value",
        "With PATH '-': the path the source read from standard input is checked as (for editors).",
    ),
)
_BY_FLAG = {flag: option for option in OPTIONS for flag in option.flags}


@dataclass(frozen=True)
class CheckArguments:
    """A check command line, parsed: the paths, and each option's value by its dest."""

    paths: tuple[str, ...]
    fix: bool
    unsafe_fixes: Optional[bool]
    diff: bool
    select: tuple[str, ...]
    ignore: tuple[str, ...]
    extend_select: tuple[str, ...]
    output_format: str
    target: Optional[str]
    torch_version: Optional[str]
    config_file: Optional[str]
    exit_zero: bool
    error_on_no_files: bool
    write_baseline: Optional[str]
    baseline_file: Optional[str]
    color: str
    quiet: bool
    statistics: bool
    force_exclude: bool
    jobs: Optional[int]
    no_cache: bool
    stdin_filename: Optional[str]

    @property
    def may_replay(self) -> bool:
        """Whether a run of these arguments may answer as the same run did before (run_replay.py):
        one that reads the cache and writes nothing but its report."""
        return not (self.fix or self.no_cache or self.write_baseline or self.stdin_filename or "-" in self.paths)


def parse_check(args: list[str]) -> Optional[CheckArguments]:
    """The check a command line asks for, where it plainly asks for one; None for any other
    command line and any this parser is not sure of, which click then reads."""
    if not args or args[0] in ("--help", "-h", "--version") or args[0] in OTHER_COMMANDS:
        return None
    if args[0] == "check":
        args = args[1:]
    elif not args[0].startswith("-") and not os.path.lexists(args[0]):
        return None  # a mistyped command, or a missing file: the group's own check says which
    values: dict[str, Any] = {option.dest: option.default for option in OPTIONS}
    paths: list[str] = []
    index = 0
    while index < len(args):
        word = args[index]
        index += 1
        if word == "-" or not word.startswith("-"):
            paths.append(word)
            continue
        name, equals, value = word.partition("=") if word.startswith("--") else (word[:2], bool(word[2:]), word[2:])
        option = _BY_FLAG.get(name)
        if option is None or option.kind == "file":
            return None  # unknown (--help among them), or a path click checks against folders
        if option.kind == "flag":
            if equals:
                return None
            values[option.dest] = True
            continue
        if not equals:
            if index == len(args):
                return None
            value = args[index]
            index += 1
        # A value that looks like an option, or one click would convert differently: click decides.
        if value.startswith("-") and value != "-":
            return None
        if option.kind == "multiple":
            values[option.dest] = (*values[option.dest], value)
        elif option.kind == "choice":
            if value not in option.choices:
                return None
            values[option.dest] = value
        elif option.kind == "jobs":
            if not (value.isascii() and value.isdigit()) or int(value) < 1:
                return None
            values[option.dest] = int(value)
        else:
            values[option.dest] = value
    return CheckArguments(paths=tuple(paths), **values)


def fail(message: str) -> NoReturn:
    say(f"advise: error: {_printable(message)}")
    sys.exit(EXIT_ERROR)


def warn(message: str) -> None:
    say(f"advise: warning: {_printable(message)}")


def _printable(text: str) -> str:
    # What a message quotes of the checked project (paths, settings, errors) must not forge a
    # line or restyle the terminal; imported here so that --help and --version stay light.
    from torch_advise.report.terminal import printable

    return printable(text)


def _split(values: tuple[str, ...]) -> Optional[list[str]]:
    if not values:
        return None
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def run_check(arguments: CheckArguments, console: bool) -> NoReturn:
    """Check the paths (files or folders; default: the current folder; '-': standard input) and
    exit with the documented code. `console`: run from the console entry point (see _finish)."""
    from torch_advise.lint.files import is_notebook
    from torch_advise.lint.options import FileResult
    from torch_advise.lint.session import RunError, RunRequest, exit_code, prepare
    from torch_advise.lint.session import run as run_session
    from torch_advise.report import Report, render
    from torch_advise.report.terminal import color_enabled, display_path

    paths, output_format = arguments.paths, arguments.output_format
    snippets = output_format == "full" or (output_format == "text" and sys.stdout.isatty())
    if output_format in ("full", "concise"):
        output_format = "text"
    if arguments.statistics and output_format != "text":
        fail("--statistics prints text; it cannot be combined with --format " + output_format)
    stdin: Optional[bytes] = None
    if "-" in paths or (arguments.stdin_filename and not paths):
        if paths not in (("-",), ()):
            fail("'-' reads one file from standard input; name no other path with it")
        # ruff's convention: the fixed source goes to stdout, so the findings go to stderr.
        stdin, paths = sys.stdin.buffer.read(), ()
    elif arguments.stdin_filename:
        fail("--stdin-filename names the source read from standard input; pass '-' as the path")
    request = RunRequest(
        paths=paths, select=_split(arguments.select), extend_select=_split(arguments.extend_select),
        ignore=_split(arguments.ignore), target=arguments.target, torch_version=arguments.torch_version,
        config_file=arguments.config_file, fix=arguments.fix, diff=arguments.diff, unsafe_fixes=arguments.unsafe_fixes,
        force_exclude=arguments.force_exclude, jobs=arguments.jobs, cache=not arguments.no_cache,
        fix_edits=output_format in ("sarif", "json"), stdin=stdin, stdin_filename=arguments.stdin_filename,
    )
    try:
        session = prepare(request)
    except RunError as error:
        fail(str(error))
    if stdin is None and session.finds_no_file:
        # As ruff says it; a run that checks nothing would otherwise pass as a clean one.
        message = f"no Python files found under the given path(s): {', '.join(paths or ('.',))}"
        if arguments.error_on_no_files:
            fail(message)
        if not arguments.quiet:
            warn(message)
    baseline = _read_baseline(arguments.baseline_file) if arguments.baseline_file else None
    fixed_stdin = stdin

    def show(result: FileResult) -> None:
        nonlocal fixed_stdin
        if stdin is not None and result.changed:
            fixed_stdin = result.fixed_source
        if result.internal_error:
            say(
                f"advise: error: {_printable(display_path(result.path))}: not checked, internal error "
                f"({_printable(result.internal_error)}); please report it"
            )
        if arguments.diff and result.changed:
            shown = _printable(display_path(result.path))
            if is_notebook(Path(result.path)):
                _print_notebook_diff(shown, result.source, result.fixed_source)
            else:
                _print_diff(shown, result.source, result.fixed_source)

    try:
        outcome = run_session(session, show)
    except OSError as error:
        fail(f"{getattr(error, 'filename', '') or ''}: {error.strerror or error}")
    fixed, files_fixed = outcome.fixed, outcome.files_fixed
    unchecked = [display_path(path) for path in outcome.unchecked]
    if arguments.diff:
        say(
            f"Would fix {fixed} finding{'s' if fixed != 1 else ''} in {files_fixed} file{'s' if files_fixed != 1 else ''}."
        )
        _finish(exit_code(outcome, failing=files_fixed > 0, exit_zero=arguments.exit_zero), console)
    findings = outcome.findings
    findings = sorted((records.replace(f, path=display_path(f.path)) for f in findings), key=lambda f: f.sort_key)
    if arguments.write_baseline:
        from torch_advise.lint.baseline import BaselineError
        from torch_advise.lint.baseline import write_baseline as write_baseline_file

        try:
            write_baseline_file(Path(arguments.write_baseline), findings)
        except BaselineError as error:
            fail(str(error))
        if fixed:
            say(
                f"Fixed {fixed} finding{'s' if fixed != 1 else ''} in {files_fixed} file{'s' if files_fixed != 1 else ''}."
            )
        say(f"Wrote {len(findings)} finding{'s' if len(findings) != 1 else ''} to {arguments.write_baseline}.")
        _finish(0, console)
    shown = baseline.new_findings(findings) if baseline else findings
    report = Report(
        shown,
        len(session.files) - len(unchecked),
        session.target,
        session.catalogue,
        fix_mode=session.options.fix if arguments.fix else None,
        fixed=fixed,
        files_fixed=files_fixed,
        options={"unsafe_fixes": session.unsafe_fixes},
        baselined=len(findings) - len(shown),
        not_checked=unchecked,
        color=output_format == "text" and color_enabled(arguments.color, sys.stdout),
        quiet=arguments.quiet,
        statistics=arguments.statistics,
        snippets=snippets,
    )
    if stdin is not None and arguments.fix:
        assert fixed_stdin is not None
        sys.stdout.buffer.write(fixed_stdin)
        sys.stdout.flush()
        render(output_format, report, sys.stderr)
    else:
        render(output_format, report, sys.stdout)
    _finish(exit_code(outcome, failing=bool(report.findings), exit_zero=arguments.exit_zero), console)


def _finish(code: int, console: bool) -> NoReturn:
    """End a lint. Run from the console, the process leaves at once, as mypy's fast exit does:
    tearing the interpreter down (freeing every module, the last file's trees and the caches)
    is some 13 ms of a one-file lint, and once its output is flushed nothing of a lint is left to
    clean up (the worker pool has been shut down and joined). Called in-process (tests, an
    editor's host), it raises SystemExit as usual."""
    if console:
        from torch_advise import run_replay

        run_replay.finish(code)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


def _read_baseline(path: str):
    # The baseline module (hashing, JSON) loads only for runs that use a baseline.
    from torch_advise.lint.baseline import BaselineError, load_baseline

    try:
        return load_baseline(Path(path))
    except BaselineError as error:
        fail(str(error))


def _print_diff(path: str, before: bytes, after: Optional[bytes]) -> None:
    import difflib  # only --diff needs it: a lint that shows no diff does not load it

    encoding = _source_encoding(before)
    old = before.decode(encoding, errors="replace").splitlines(keepends=True)
    new = (after or b"").decode(encoding, errors="replace").splitlines(keepends=True)
    sys.stdout.writelines(difflib.unified_diff(old, new, fromfile=f"a/{path}", tofile=f"b/{path}"))


def _print_notebook_diff(path: str, before: bytes, after: Optional[bytes]) -> None:
    """A diff per changed code cell, named as findings name it (`train.ipynb:cell 4`), as ruff
    shows a notebook's: the JSON around the code is not what a fix changes."""
    import difflib

    from torch_advise.lint.notebook import code_sources

    old, new = code_sources(before), code_sources(after or b"")
    for index in sorted(old):
        if new.get(index, old[index]) != old[index]:
            name = f"{path}:cell {index + 1}"
            sys.stdout.writelines(
                difflib.unified_diff(_lines(old[index]), _lines(new[index]), fromfile=f"a/{name}", tofile=f"b/{name}")
            )


def _lines(source: str) -> list[str]:
    """The cell's lines, the last one ended too, so that the diff's lines stay apart."""
    lines = source.splitlines(keepends=True)
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += "\n"
    return lines


def _source_encoding(source: bytes) -> str:
    """The encoding Python reads the file in (a coding cookie, a BOM, else UTF-8)."""
    import io
    import tokenize

    try:
        return tokenize.detect_encoding(io.BytesIO(source).readline)[0]
    except SyntaxError:
        return "utf-8"


