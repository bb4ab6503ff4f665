"""The README and docs/ say what the tool does today: their links lead somewhere, their commands
run, their option tables are the CLI's options, and the rule index is the catalogue's.

A block whose commands cannot run here carries `<!-- not-run: REASON -->` on the line before its
opening fence (docs/architecture.md describes the convention); its commands' options are still
parsed by the real click commands.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import shutil
import subprocess
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import click
import pytest

from conftest import FIXTURES, REPO, run_advise

README = REPO / "README.md"
DOCS = REPO / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
# The languages a reader copies commands from; yaml recipes are tested as CI runs them (test_readme).
SHELL_LANGUAGES = ("", "console", "sh", "shell", "bash")
NOT_RUN = re.compile(r"<!-- not-run: (.+?) -->")
NOT_RUN_REASONS = ("needs a GPU", "placeholder", "runs a training script")
# What `advise check` and its subcommands exit with when they work: 0 clean, 1 findings.
DOCUMENTED_EXITS = (0, 1)


def _name(page: Path) -> str:
    return page.relative_to(REPO).as_posix()


@dataclass
class Block:
    page: Path
    line: int  # of the opening fence, 1-based
    language: str
    lines: list[str]
    not_run: Optional[str]

    @property
    def id(self) -> str:
        return f"{_name(self.page)}:{self.line}"


@dataclass
class Command:
    words: list[str]  # after `advise`
    stdin: Optional[str] = None  # a file given with `< FILE`
    shown: list[str] = field(default_factory=list)  # output lines a console block shows under it


def _scan(page: Path) -> tuple[list[Block], list[str]]:
    """The page's fenced blocks, and its lines outside them (code lines blanked)."""
    blocks: list[Block] = []
    prose: list[str] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    current: Optional[Block] = None
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if current is None and stripped.startswith("```"):
            before = lines[number - 2].strip() if number > 1 else ""
            marker = NOT_RUN.fullmatch(before)
            current = Block(page, number, stripped[3:].strip(), [], marker.group(1) if marker else None)
            prose.append("")
        elif current is not None and stripped == "```":
            blocks.append(current)
            current = None
            prose.append("")
        elif current is not None:
            current.lines.append(line)
            prose.append("")
        else:
            prose.append(line)
    assert current is None, f"{_name(page)}: a code block opened at line {current.line} is never closed"
    return blocks, prose


SCANS = {page: _scan(page) for page in PAGES}


def _commands(block: Block) -> list[Command]:
    """The `advise` commands of a block. In a console block (`$ ` prompts) the lines under a
    command are what it prints; `...` stands for lines left out."""
    console = any(line.strip().startswith("$ ") for line in block.lines)
    commands: list[Command] = []
    current: Optional[Command] = None
    for line in block.lines:
        stripped = line.strip()
        if console and not stripped.startswith("$ "):
            if current is not None and stripped and stripped != "...":
                current.shown.append(line.rstrip())
            continue
        text = stripped[2:] if console else stripped
        if text != "advise" and not text.startswith("advise "):
            current = None  # another program (pip, git): neither run nor checked here
            continue
        words = shlex.split(text, comments=True)[1:]
        stdin = None
        if "<" in words:
            at = words.index("<")
            stdin, words = words[at + 1], words[:at]
        current = Command(words, stdin)
        commands.append(current)
    return commands


def _shell_blocks() -> list[Block]:
    return [block for blocks, _ in SCANS.values() for block in blocks if block.language in SHELL_LANGUAGES and _commands(block)]


RUNNABLE = [block for block in _shell_blocks() if block.not_run is None]
NOT_RUNNABLE = [block for block in _shell_blocks() if block.not_run is not None]


# ---- links ------------------------------------------------------------------------------------

_LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)\)")
_CODE_SPAN = re.compile(r"`+[^`]*`+")


def _anchors(page: Path) -> set[str]:
    """The anchors GitHub gives the page's headings: lower case, punctuation but hyphens and
    underscores dropped, spaces as hyphens, `-1`, `-2` after a repeated one."""
    seen: dict[str, int] = {}
    anchors = set()
    for line in SCANS[page][1] if page in SCANS else _scan(page)[1]:
        match = re.match(r"#{1,6} (.+)", line)
        if not match:
            continue
        slug = re.sub(r"[^\w\- ]", "", match.group(1).strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def _links(page: Path) -> list[tuple[int, str]]:
    found = []
    for number, line in enumerate(SCANS[page][1], 1):
        for match in _LINK.finditer(_CODE_SPAN.sub("code", line)):
            found.append((number, match.group(1)))
    return found


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_relative_link_leads_to_a_file_and_heading_that_exist(page):
    broken = []
    for number, target in _links(page):
        if re.match(r"[a-z]+:", target):
            continue  # a URL: not this repository's to keep
        path, _, anchor = target.partition("#")
        destination = (page.parent / path).resolve() if path else page
        if not destination.exists():
            broken.append(f"line {number}: {target}: no such file")
        elif anchor and destination.suffix == ".md" and anchor not in _anchors(destination):
            broken.append(f"line {number}: {target}: no heading #{anchor} in {_name(destination)}")
    assert not broken, f"{_name(page)}:\n" + "\n".join(broken)


def test_every_docs_page_is_linked_from_the_readme():
    linked = {(README.parent / target.partition("#")[0]).resolve() for _, target in _links(README)}
    assert not [_name(page) for page in DOCS.glob("*.md") if page.resolve() not in linked]


# ---- commands ---------------------------------------------------------------------------------


def _run_block(block: Block, root: Path) -> list[subprocess.CompletedProcess]:
    """The block's commands in order, in a fresh copy of the fixtures: a `--fix` shown in the
    docs rewrites the copy, never the repository's fixtures."""
    work = root / block.id.replace("/", "_").replace(":", "_")
    shutil.copytree(FIXTURES, work / "fixtures")
    results = []
    for command in _commands(block):
        stdin = (work / command.stdin).read_text(encoding="utf-8") if command.stdin else None
        results.append(run_advise(*command.words, cwd=work, stdin=stdin))
    return results


@pytest.fixture(scope="module")
def block_runs(tmp_path_factory):
    # Each command starts a Python; run the blocks side by side so the whole check takes seconds.
    root = tmp_path_factory.mktemp("docs-commands")
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        # The same commands shown on several pages (the README's example) run once.
        by_commands: dict[tuple, Future] = {}
        futures = {}
        for block in RUNNABLE:
            key = tuple((tuple(command.words), command.stdin) for command in _commands(block))
            if key not in by_commands:
                by_commands[key] = pool.submit(_run_block, block, root)
            futures[block.id] = by_commands[key]
        return {key: future.result() for key, future in futures.items()}


@pytest.mark.parametrize("block", RUNNABLE, ids=lambda block: block.id)
def test_every_command_shown_runs_on_the_fixtures(block, block_runs):
    for command, result in zip(_commands(block), block_runs[block.id]):
        shown = "advise " + shlex.join(command.words)
        assert result.returncode in DOCUMENTED_EXITS, (
            f"{block.id}: `{shown}` exited {result.returncode}; show commands on the shipped fixtures, "
            f"or mark the block <!-- not-run: ... -->\n{result.stdout}{result.stderr}"
        )
        printed = {line.rstrip() for line in (result.stdout + result.stderr).splitlines()}
        missing = [line for line in command.shown if line not in printed]
        assert not missing, f"{block.id}: `{shown}` does not print:\n" + "\n".join(missing)


def _parse(words: list[str]) -> None:
    """Parse a command line with the real click commands without running it: an option the
    command does not have, or a bad value, raises."""
    from torch_advise.cli import main

    context = click.Context(main, info_name="advise")
    if not words or words[0] in ("-h", "--help", "--version"):
        return
    name, rest = (words[0], words[1:]) if words[0] in main.list_commands(context) else ("check", words)
    command = main.get_command(context, name)
    assert command is not None, name
    try:
        command.make_context(name, list(rest), parent=context)
    except click.BadParameter as error:
        # A placeholder file (train.py, run.json) is the reader's, not here; the options must still parse.
        if not isinstance(error.param, click.Argument):
            raise


@pytest.mark.parametrize("block", NOT_RUNNABLE, ids=lambda block: block.id)
def test_a_block_not_run_says_why_and_its_options_parse(block):
    assert block.not_run.startswith(NOT_RUN_REASONS), (
        f"{block.id}: not-run reason {block.not_run!r} must start with one of {NOT_RUN_REASONS}"
    )
    for command in _commands(block):
        try:
            _parse(command.words)
        except click.ClickException as error:
            pytest.fail(f"{block.id}: `advise {shlex.join(command.words)}`: {error.format_message()}")


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


def test_the_advise_commands_of_the_yaml_recipes_parse():
    """The CI and pre-commit recipes cannot run here (a runner, a GPU, a clone); their advise
    command lines must still be ones the CLI accepts."""
    yaml = pytest.importorskip("yaml", reason="PyYAML comes with pre-commit, in the dev extra")
    seen = 0
    for blocks, _ in SCANS.values():
        for block in blocks:
            if block.language != "yaml":
                continue
            for text in _strings(yaml.safe_load("\n".join(block.lines))):
                for line in text.splitlines():
                    if not line.strip().startswith("advise "):
                        continue
                    words = shlex.split(line)[1:]
                    # What a shell does after the command (a pipe, a redirection) is not advise's.
                    cut = next((at for at, word in enumerate(words) if word in ("|", ">", ">>", "&&", ";")), len(words))
                    try:
                        _parse(words[:cut])
                    except click.ClickException as error:
                        pytest.fail(f"{block.id}: `{line.strip()}`: {error.format_message()}")
                    seen += 1
    assert seen, "no yaml recipe runs advise"


def test_every_command_the_readme_names_is_one_advise_help_lists():
    listed = run_advise("--help").stdout.split("Commands:", 1)[1]
    commands = {line.split()[0] for line in listed.splitlines() if line.strip()}
    blocks, prose = SCANS[README]
    code = [line for block in blocks for line in block.lines]
    code += [span for line in prose for span in _CODE_SPAN.findall(line)]
    named = {word for text in code for word in re.findall(r"(?<![\w-])advise ([a-z][a-z0-9]*)(?![\w./-])", text)}
    assert named, "the README names no command"
    assert named <= commands, f"the README names {sorted(named - commands)}, which `advise --help` does not list"


# ---- the rule index -----------------------------------------------------------------------------


def test_the_rule_index_is_what_the_tool_writes():
    spec = importlib.util.spec_from_file_location("rules_index", REPO / "tools" / "rules_index.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (DOCS / "rules.md").read_text(encoding="utf-8") == module.expected(), (
        "docs/rules.md is out of date: run python tools/rules_index.py"
    )


# ---- option and settings tables -------------------------------------------------------------------


def _tables(page: Path, first_header: str) -> list[tuple[str, list[str]]]:
    """(the nearest heading above, the first cell of each row) of each table whose header's
    first cell is `first_header`."""
    tables: list[tuple[str, list[str]]] = []
    heading = ""
    current: Optional[tuple[str, list[str]]] = None
    in_table = False
    for line in SCANS[page][1]:
        if line.startswith("#"):
            heading = line
        if not line.startswith("|"):
            in_table, current = False, None
            continue
        first = re.split(r"(?<!\\)\|", line)[1].strip()
        if not in_table:
            in_table = True
            current = (heading, []) if first == first_header else None
            if current is not None:
                tables.append(current)
        elif current is not None and not set(first) <= {"-", ":"}:
            current[1].append(first)
    return tables


def _documented_options(page: Path) -> dict[str, set[str]]:
    """Each command's options as the page's option tables list them; '' is `advise` itself."""
    options: dict[str, set[str]] = {}
    for heading, cells in _tables(page, "option"):
        names = re.findall(r"`advise(?: ([a-z]+))?`", heading)
        assert names, f"{_name(page)}: an option table under {heading!r}, which names no `advise` command"
        flags = {flag for cell in cells for flag in re.findall(r"`(-{1,2}[a-z][\w-]*)`", cell)}
        for name in names:
            options.setdefault(name, set()).update(flags)
    return options


def _cli_options() -> dict[str, set[str]]:
    from torch_advise.cli import main

    context = click.Context(main, info_name="advise")
    found = {"": {"-h", "--help", *(flag for param in main.params for flag in [*param.opts, *param.secondary_opts])}}
    for name in main.list_commands(context):
        command = main.get_command(context, name)
        assert command is not None
        found[name] = {
            flag for param in command.params if isinstance(param, click.Option) for flag in [*param.opts, *param.secondary_opts]
        }
    return found


@pytest.mark.parametrize("page, commands", [
    ("configuration.md", None),  # every command
    ("probe.md", ("probe", "compare")),
])
def test_option_tables_list_exactly_the_cli_options(page, commands):
    documented = _documented_options(DOCS / page)
    cli = _cli_options()
    for name in commands or cli:
        shown = f"advise {name}".strip()
        assert name in documented, f"docs/{page} has no option table for `{shown}`"
        assert documented[name] == cli[name], (
            f"docs/{page}, `{shown}`: not documented {sorted(cli[name] - documented[name])}, "
            f"documented but not an option {sorted(documented[name] - cli[name])}"
        )


def test_the_settings_table_lists_exactly_the_configuration_keys():
    from torch_advise import config

    tables = _tables(DOCS / "configuration.md", "setting")
    assert len(tables) == 1
    keys = {key for cell in tables[0][1] for key in re.findall(r"`([a-z-]+)`", cell)}
    assert keys == set(config._KEYS)


def _marked(page: Path, name: str) -> str:
    match = re.search(rf"<!-- {name}:start -->\n(.*?)<!-- {name}:end -->", page.read_text(encoding="utf-8"), re.S)
    assert match, f"{_name(page)} has no {name} block"
    return match.group(1)


@pytest.mark.parametrize("name", ["pre-commit", "pre-commit-local"])
def test_the_readme_and_the_ci_page_give_the_same_pre_commit_recipe(name):
    assert _marked(README, name) == _marked(DOCS / "ci.md", name)
