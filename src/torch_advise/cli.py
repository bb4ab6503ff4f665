"""The `advise` command line.

`advise PATH...` checks; `rules`, `explain`, `probe`, `compare` and `server` are subcommands. Heavy modules
(libcst, the probe, the language server) are imported inside the commands so that `--help` and `--version`
start fast.

Exit codes: 0 no findings, 1 findings (or a diff to apply), 2 usage error, unreadable path,
bad configuration or internal error. The probe adds 3: the script failed or timed out;
`compare` exits 1 on a regression.
"""

from __future__ import annotations

import difflib
import importlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, Optional

import click

from torch_advise import __version__, records

if TYPE_CHECKING:
    from torch_advise.catalogue import Rule

EXIT_ERROR = 2
# What a shell reports for a command stopped by Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130
# Marks a run from the console entry point in click's context object (see _finish).
_CONSOLE = "console"


class AdviseGroup(click.Group):
    """A group whose default command is `check`: `advise train.py` means `advise check train.py`."""

    LAZY = {"probe": "torch_advise.probe.command:probe", "compare": "torch_advise.probe.command:compare"}

    # Spelled as ruff users type them: `advise rule AMP004` is `advise explain AMP004`.
    ALIASES = {"rule": "explain"}

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        commands = self.list_commands(ctx)
        if args and args[0] not in commands and args[0] not in ("--help", "-h", "--version"):
            _refuse_a_mistyped_command(args[0], commands)
            args = ["check", *args]
        return super().parse_args(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        # The aliases too: --help lists every command a user can type.
        return sorted({*super().list_commands(ctx), *self.LAZY, *self.ALIASES})

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        name = self.ALIASES.get(name, name)
        if name in self.LAZY:
            module, _, attribute = self.LAZY[name].partition(":")
            return getattr(importlib.import_module(module), attribute)
        return super().get_command(ctx, name)


def _refuse_a_mistyped_command(word: str, commands: list[str]) -> None:
    """`advise prob train.py`: a word that is no file but is a typo from a command is the
    command mistyped, not a path to report as missing."""
    if word.startswith("-") or os.path.lexists(word):
        return
    typos = {command: _typos(word, command) for command in commands}
    # Counted in typos, not as difflib's share of letters in common, which two swapped letters
    # of a short word (`cehck`) fall below: one typo in a word of up to five letters, two in a longer one.
    close = [command for command in commands if typos[command] <= (1 if len(command) <= 5 else 2)]
    if close:
        fail(f"no such file or command: {word!r}; did you mean {min(close, key=typos.__getitem__)}?")


def _typos(word: str, command: str) -> int:
    """The fewest typos that turn `word` into `command`: a letter added, dropped or changed, or
    two neighbouring letters swapped (the optimal string alignment distance)."""
    before: list[int] = []
    row = list(range(len(command) + 1))
    for i, letter in enumerate(word, 1):
        current = [i]
        for j, wanted in enumerate(command, 1):
            cost = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (letter != wanted))
            if i > 1 and j > 1 and letter == command[j - 2] and word[i - 2] == wanted:
                cost = min(cost, before[j - 2] + 1)
            current.append(cost)
        before, row = row, current
    return row[-1]


def fail(message: str) -> NoReturn:
    click.echo(f"advise: error: {_printable(message)}", err=True)
    sys.exit(EXIT_ERROR)


def warn(message: str) -> None:
    click.echo(f"advise: warning: {_printable(message)}", err=True)


def _printable(text: str) -> str:
    # What a message quotes of the checked project (paths, settings, errors) must not forge a
    # line or restyle the terminal; imported here so that --help and --version stay light.
    from torch_advise.report.terminal import printable

    return printable(text)


@click.group(cls=AdviseGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="advise", message="%(prog)s %(version)s")
def main() -> None:
    """Find what makes PyTorch training slow or silently wrong, fix what is safe,
    and measure the rest.

    \b
      advise train.py                 report findings
      advise src/ --fix               apply safe fixes
      advise train.py --diff          show what --fix would change
      advise explain DL002            a rule's documentation
      advise probe train.py -- ARGS   run the script briefly and measure
      advise compare base.json new.json   did a saved probe run get slower
      advise server                   a language server for editors
    """


def _split(values: tuple[str, ...]) -> Optional[list[str]]:
    if not values:
        return None
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


@main.command()
# Not readable=True: an unreadable file is reported as E902 while the other files are still checked.
@click.argument("paths", nargs=-1, type=click.Path(readable=False))
@click.option("--fix", is_flag=True, help="Apply safe fixes in place.")
@click.option("--unsafe-fixes", is_flag=True, default=None, help="Also apply fixes that change numerics or process model.")
@click.option("--diff", is_flag=True, help="Print the changes --fix would make; change nothing.")
@click.option("--select", multiple=True, help="Rule codes, prefixes or slugs to check (comma-separated).")
@click.option("--ignore", multiple=True, help="Rule codes, prefixes or slugs to skip (comma-separated).")
@click.option("--extend-select", multiple=True, help="Rules to add to the configured selection.")
# --output-format is ruff's spelling, for scripts and editors written against ruff; so are
# full (each finding with its source line) and concise (one line each). text is full on a
# terminal and concise for a pipe or a file, where a machine reads it.
@click.option(
    "--format", "--output-format", "output_format",
    type=click.Choice(["text", "full", "concise", "json", "sarif", "github"]), default="text", show_default=True,
    help="text: full on a terminal, concise otherwise.",
)
@click.option("--target", help="GPU the advice is for: a compute capability (8.0, sm_80) or a name (a100, h100, t4).")
@click.option("--torch-version", help="torch version the advice is for (e.g. 1.13).")
@click.option("--config", "config_file", type=click.Path(), help="Read settings from this file instead of pyproject.toml.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option(
    "--error-on-no-files", is_flag=True,
    help="Exit 2 when the paths hold no Python file to check (a moved folder, a mistyped glob) instead of warning.",
)
@click.option("--write-baseline", type=click.Path(dir_okay=False), help="Record the current findings in FILE and exit 0.")
@click.option("--baseline", "baseline_file", type=click.Path(dir_okay=False), help="Report only findings that FILE does not hold.")
@click.option(
    "--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
    help="Colour text output; auto: on a terminal, unless NO_COLOR is set (FORCE_COLOR forces it).",
)
@click.option("-q", "--quiet", is_flag=True, help="Print the findings only: no header, no summary.")
@click.option("--statistics", is_flag=True, help="Print a count of findings per rule instead of the findings.")
@click.option(
    "--force-exclude", is_flag=True,
    help="Apply configured excludes to files named on the command line too (for pre-commit).",
)
@click.option(
    "-j", "--jobs", type=click.IntRange(min=1), default=None,
    help="Worker processes that parse files [default: every available core].",
)
@click.option("--no-cache", is_flag=True, help="Neither read nor write .advise_cache/ (results of unchanged files).")
@click.option(
    "--stdin-filename", help="With PATH '-': the path the source read from standard input is checked as (for editors).",
)
def check(
    paths: tuple[str, ...],
    fix: bool,
    unsafe_fixes: Optional[bool],
    diff: bool,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    extend_select: tuple[str, ...],
    output_format: str,
    target: Optional[str],
    torch_version: Optional[str],
    config_file: Optional[str],
    exit_zero: bool,
    error_on_no_files: bool,
    write_baseline: Optional[str],
    baseline_file: Optional[str],
    color: str,
    quiet: bool,
    statistics: bool,
    force_exclude: bool,
    jobs: Optional[int],
    no_cache: bool,
    stdin_filename: Optional[str],
) -> None:
    """Check PATHS (files or folders; default: the current folder; '-': standard input)."""
    from torch_advise.lint.files import is_notebook
    from torch_advise.lint.options import FileResult
    from torch_advise.lint.session import RunError, RunRequest, exit_code, prepare
    from torch_advise.lint.session import run as run_session
    from torch_advise.report import Report, render
    from torch_advise.report.terminal import color_enabled, display_path

    snippets = output_format == "full" or (output_format == "text" and sys.stdout.isatty())
    if output_format in ("full", "concise"):
        output_format = "text"
    if statistics and output_format != "text":
        fail("--statistics prints text; it cannot be combined with --format " + output_format)
    stdin: Optional[bytes] = None
    if "-" in paths or (stdin_filename and not paths):
        if paths not in (("-",), ()):
            fail("'-' reads one file from standard input; name no other path with it")
        # ruff's convention: the fixed source goes to stdout, so the findings go to stderr.
        stdin, paths = sys.stdin.buffer.read(), ()
    elif stdin_filename:
        fail("--stdin-filename names the source read from standard input; pass '-' as the path")
    request = RunRequest(
        paths=paths, select=_split(select), extend_select=_split(extend_select), ignore=_split(ignore),
        target=target, torch_version=torch_version, config_file=config_file, fix=fix, diff=diff,
        unsafe_fixes=unsafe_fixes, force_exclude=force_exclude, jobs=jobs, cache=not no_cache,
        fix_edits=output_format in ("sarif", "json"), stdin=stdin, stdin_filename=stdin_filename,
    )
    try:
        session = prepare(request)
    except RunError as error:
        fail(str(error))
    if stdin is None and session.finds_no_file:
        # As ruff says it; a run that checks nothing would otherwise pass as a clean one.
        message = f"no Python files found under the given path(s): {', '.join(paths or ('.',))}"
        if error_on_no_files:
            fail(message)
        if not quiet:
            warn(message)
    baseline = _read_baseline(baseline_file) if baseline_file else None
    fixed_stdin = stdin

    def show(result: FileResult) -> None:
        nonlocal fixed_stdin
        if stdin is not None and result.changed:
            fixed_stdin = result.fixed_source
        if result.internal_error:
            click.echo(
                f"advise: error: {_printable(display_path(result.path))}: not checked, internal error "
                f"({_printable(result.internal_error)}); please report it",
                err=True,
            )
        if diff and result.changed:
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
    if diff:
        click.echo(
            f"Would fix {fixed} finding{'s' if fixed != 1 else ''} in {files_fixed} file{'s' if files_fixed != 1 else ''}.",
            err=True,
        )
        _finish(exit_code(outcome, failing=files_fixed > 0, exit_zero=exit_zero))
    findings = outcome.findings
    findings = sorted((records.replace(f, path=display_path(f.path)) for f in findings), key=lambda f: f.sort_key)
    if write_baseline:
        from torch_advise.lint.baseline import BaselineError
        from torch_advise.lint.baseline import write_baseline as write_baseline_file

        try:
            write_baseline_file(Path(write_baseline), findings)
        except BaselineError as error:
            fail(str(error))
        if fixed:
            click.echo(
                f"Fixed {fixed} finding{'s' if fixed != 1 else ''} in {files_fixed} file{'s' if files_fixed != 1 else ''}.",
                err=True,
            )
        click.echo(f"Wrote {len(findings)} finding{'s' if len(findings) != 1 else ''} to {write_baseline}.", err=True)
        _finish(0)
    shown = baseline.new_findings(findings) if baseline else findings
    report = Report(
        shown,
        len(session.files) - len(unchecked),
        session.target,
        session.catalogue,
        fix_mode=session.options.fix if fix else None,
        fixed=fixed,
        files_fixed=files_fixed,
        options={"unsafe_fixes": session.unsafe_fixes},
        baselined=len(findings) - len(shown),
        not_checked=unchecked,
        color=output_format == "text" and color_enabled(color, sys.stdout),
        quiet=quiet,
        statistics=statistics,
        snippets=snippets,
    )
    if stdin is not None and fix:
        assert fixed_stdin is not None
        sys.stdout.buffer.write(fixed_stdin)
        sys.stdout.flush()
        render(output_format, report, sys.stderr)
    else:
        render(output_format, report, sys.stdout)
    _finish(exit_code(outcome, failing=bool(report.findings), exit_zero=exit_zero))


def _finish(code: int) -> NoReturn:
    """End a lint. Run from the console, the process leaves at once, as mypy's fast exit does:
    tearing the interpreter down (freeing every module, the last file's trees and the caches)
    is some 13 ms of a one-file lint, and once its output is flushed nothing of a lint is left to
    clean up (the worker pool has been shut down and joined). Called in-process (tests, an
    editor's host), it raises SystemExit as usual."""
    if (click.get_current_context().obj or {}).get(_CONSOLE):
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
    encoding = _source_encoding(before)
    old = before.decode(encoding, errors="replace").splitlines(keepends=True)
    new = (after or b"").decode(encoding, errors="replace").splitlines(keepends=True)
    sys.stdout.writelines(difflib.unified_diff(old, new, fromfile=f"a/{path}", tofile=f"b/{path}"))


def _print_notebook_diff(path: str, before: bytes, after: Optional[bytes]) -> None:
    """A diff per changed code cell, named as findings name it (`train.ipynb:cell 4`), as ruff
    shows a notebook's: the JSON around the code is not what a fix changes."""
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


@main.command()
@click.option(
    "--format", "output_format", type=click.Choice(["text", "json", "markdown"]), default="text", show_default=True
)
def rules(output_format: str) -> None:
    """List every rule: code, slug, severity, fix safety and summary."""
    import json

    from torch_advise.catalogue import CatalogueError, load_catalogue

    try:
        catalogue = load_catalogue()
    except CatalogueError as error:
        fail(str(error))
    if output_format == "json":
        click.echo(json.dumps([_rule_fields(r) for r in catalogue.rules], indent=2))
        return
    if output_format == "markdown":
        click.echo("| code | slug | severity | fix | default | what it flags |\n|---|---|---|---|---|---|")
        for rule in catalogue.rules:
            default = "yes" if rule.default else "opt-in"
            click.echo(f"| {rule.code} | `{rule.slug}` | {rule.severity} | {rule.fix} | {default} | {rule.title} |")
        return
    width = max(len(r.slug) for r in catalogue.rules)
    for rule in catalogue.rules:
        default = "default" if rule.default else "opt-in "
        click.echo(f"{rule.code:<8} {rule.slug:<{width}}  {rule.severity:<7}  fix: {rule.fix:<6}  {default}  {rule.title}")


@main.command()
@click.argument("rule")
@click.option("--format", "--output-format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def explain(rule: str, output_format: str) -> None:
    """Print a rule's documentation (RULE is a code or a slug). Also: advise rule RULE."""
    import json

    from torch_advise.catalogue import CatalogueError, load_catalogue

    try:
        found = load_catalogue().get(rule)
    except CatalogueError as error:
        fail(str(error))
    if found is None:
        fail(f"unknown rule {rule!r}; `advise rules` lists them")
    body = found.body.strip("\n")
    if output_format == "json":
        click.echo(json.dumps({**_rule_fields(found), "page": found.path.name, "explanation": body}, indent=2))
        return
    click.echo(f"{found.code} ({found.slug}) · {found.severity} · fix: {found.fix} · {'default' if found.default else 'opt-in'}\n")
    click.echo(body)


def _rule_fields(rule: Rule) -> dict:
    """What `advise rules --format json` lists of a rule, and `explain --format json` starts with."""
    return {
        "code": rule.code, "slug": rule.slug, "severity": rule.severity, "fix": rule.fix, "default": rule.default,
        "title": rule.title, "summary": rule.summary,
    }


@main.command()
def server() -> None:
    """Run the language server on standard input and output, for editors (needs the server extra)."""
    try:
        from torch_advise.server.protocol import serve
    except ModuleNotFoundError as error:
        # Only the extra's own packages missing is the user's to fix; anything else is a fault.
        if (error.name or "").partition(".")[0] not in ("pygls", "lsprotocol"):
            raise
        fail("advise server needs pygls and lsprotocol: pip install 'torch-advise[server]'")
    sys.exit(serve())


# Bare `advise` prints the help (click >= 8.2 raises this for it; older click prints it itself).
_HELP_FOR_NO_ARGUMENTS = getattr(click.exceptions, "NoArgsIsHelpError", ())


def run() -> None:
    """Console entry point: usage and internal errors become one line and exit 2, never a traceback."""
    if sys.stdout is None:
        fail("standard output is closed: nothing could be reported")
    try:
        code = main(standalone_mode=False, obj={_CONSOLE: True})
    except (click.exceptions.Abort, KeyboardInterrupt):
        # Not click's "Aborted!" and exit 1, which a script would read as "findings remain".
        click.echo("advise: interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except _HELP_FOR_NO_ARGUMENTS as error:
        error.show()
        sys.exit(EXIT_ERROR)
    except click.ClickException as error:
        # Of click's errors only a UsageError carries the context.
        hint = f" (see '{error.ctx.command_path} --help')" if isinstance(error, click.UsageError) and error.ctx else ""
        click.echo(f"advise: error: {error.format_message()}{hint}", err=True)
        sys.exit(EXIT_ERROR)
    except BrokenPipeError:
        # `advise . | head`: the reader has gone, which is no error of the run's to print.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(EXIT_ERROR)
    except OSError as error:
        # Checked files' faults are findings (E902); what reaches here is the report's own
        # output: a full disk, a closed or broken stream.
        click.echo(f"advise: error: cannot write the report: {error.strerror or error}", err=True)
        sys.exit(EXIT_ERROR)
    except Exception as error:  # noqa: BLE001 - the last line of defence for users
        click.echo(f"advise: internal error: {type(error).__name__}: {error}", err=True)
        sys.exit(EXIT_ERROR)
    # --help and --version end here, with the code click gives them.
    sys.exit(code if isinstance(code, int) else 0)
