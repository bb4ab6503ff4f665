"""The `advise` command line.

`advise PATH...` checks; `rules`, `explain`, `probe`, `compare` and `server` are subcommands. Heavy modules
(libcst, the probe, the language server) are imported inside the commands so that `--help` and `--version`
start fast.

Exit codes: 0 no findings, 1 findings (or a diff to apply), 2 usage error, unreadable path,
bad configuration or internal error. The probe adds 3: the script failed or timed out;
`compare` exits 1 on a regression.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING, Any, Optional

import click

from torch_advise import __version__
from torch_advise.check_command import OPTIONS, CheckArguments, fail, run_check
from torch_advise.guard import EXIT_ERROR, EXIT_INTERRUPTED, guarded, say

if TYPE_CHECKING:
    from torch_advise.catalogue import Rule

# Marks a run from the console entry point in click's context object (see check_command._finish).
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


def _check_options(command: Any) -> Any:
    """check's options, declared from the table that check_command's own parser reads."""
    kinds: dict[str, dict[str, Any]] = {
        "flag": {"is_flag": True}, "multiple": {"multiple": True}, "value": {}, "path": {"type": click.Path()},
        "file": {"type": click.Path(dir_okay=False)}, "jobs": {"type": click.IntRange(min=1)},
    }
    for option in reversed(OPTIONS):
        settings = {"help": option.help, **kinds.get(option.kind, {})}
        if option.kind == "choice":
            settings.update(type=click.Choice(list(option.choices)), default=option.default, show_default=True)
        elif option.default is not None:
            settings["default"] = option.default
        elif option.kind == "flag":
            settings["default"] = None  # unset, not False: the configuration decides
        command = click.option(*option.flags, option.dest, **settings)(command)
    return command


@main.command()
# Not readable=True: an unreadable file is reported as E902 while the other files are still checked.
@click.argument("paths", nargs=-1, type=click.Path(readable=False))
@_check_options
@click.pass_context
def check(context: click.Context, **values: Any) -> None:
    """Check PATHS (files or folders; default: the current folder; '-': standard input)."""
    run_check(CheckArguments(**values), console=bool((context.obj or {}).get(_CONSOLE)))


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
    """The click command line, for what check_command's parser leaves to it: usage and internal
    errors become one line and exit 2, never a traceback."""
    if sys.stdout is None:
        fail("standard output is closed: nothing could be reported")
    guarded(_run_click)


def _run_click() -> None:
    try:
        code = main(standalone_mode=False, obj={_CONSOLE: True})
    except click.exceptions.Abort:
        # Not click's "Aborted!" and exit 1, which a script would read as "findings remain".
        say("advise: interrupted")
        sys.exit(EXIT_INTERRUPTED)
    except _HELP_FOR_NO_ARGUMENTS as error:
        error.show()
        sys.exit(EXIT_ERROR)
    except click.ClickException as error:
        # Of click's errors only a UsageError carries the context.
        hint = f" (see '{error.ctx.command_path} --help')" if isinstance(error, click.UsageError) and error.ctx else ""
        say(f"advise: error: {error.format_message()}{hint}")
        sys.exit(EXIT_ERROR)
    # --help and --version end here, with the code click gives them.
    sys.exit(code if isinstance(code, int) else 0)
