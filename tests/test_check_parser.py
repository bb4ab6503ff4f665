"""The console reads a plain check command line without click: every command line its parser
accepts means what click's `check` command makes of it, and every other is left to click."""

from __future__ import annotations

import subprocess
import sys

import click
from hypothesis import given, settings
from hypothesis import strategies as st

from torch_advise.check_command import OTHER_COMMANDS, CheckArguments, parse_check
from torch_advise.cli import check, main

from conftest import FIXTURES

# Every option spelling, values good and bad for each kind, paths, and words click reads itself.
WORDS = [
    "--fix", "--unsafe-fixes", "--diff", "--select", "--ignore", "--extend-select", "--format", "--output-format",
    "--target", "--torch-version", "--config", "--exit-zero", "--error-on-no-files", "--write-baseline", "--baseline",
    "--color", "-q", "--quiet", "--statistics", "--force-exclude", "-j", "--jobs", "--no-cache", "--stdin-filename",
    "DL001", "AMP,DL", "json", "concise", "never", "xml", "2", "0", "-1", "1_0", "a100", "2.13", "pyproject.toml",
    "train.py", "src", "-", "--", "--help", "-h", "--fix=1", "--select=DL", "--jobs=3", "-j2", "-qj2", "--nope", "",
]


def click_reads(words: list[str]):
    """What click's check command makes of the words, or None where it refuses them."""
    try:
        context = check.make_context("check", list(words), obj={})
    except (click.exceptions.ClickException, click.exceptions.Exit):
        return None
    return CheckArguments(**context.params)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=7))
def test_what_the_parser_accepts_click_reads_alike(words):
    parsed = parse_check(["check", *words])
    if parsed is not None:
        assert parsed == click_reads(words)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=6))
def test_without_the_command_name_a_command_line_is_a_check_or_left_to_click(words):
    parsed = parse_check(words)
    if parsed is not None:
        assert parsed == parse_check(["check", *words])


def test_plain_check_lines_are_read_here():
    parsed = parse_check(["check", "train.py", "--select", "DL001,AMP", "--select=SYNC", "-j2", "--format", "json", "-q"])
    assert parsed is not None
    assert parsed.paths == ("train.py",) and parsed.select == ("DL001,AMP", "SYNC") and parsed.jobs == 2
    assert parsed.output_format == "json" and parsed.quiet and parsed.unsafe_fixes is None


def test_the_parser_knows_every_other_command_of_the_command_line():
    assert {*OTHER_COMMANDS, "check"} == set(main.list_commands(click.Context(main)))


def test_other_commands_help_and_doubtful_lines_are_left_to_click():
    for words in (
        [], ["--help"], ["--version"], ["check", "--help"], ["check", "-j", "0"], ["check", "--format", "xml"],
        ["check", "--baseline", "b.json"], ["check", "--", "-x.py"], ["chek", "x.py"], *([name] for name in OTHER_COMMANDS),
    ):
        assert parse_check(list(words)) is None, words


def test_a_console_lint_imports_no_click(tmp_path):
    (tmp_path / "train.py").write_text((FIXTURES / "lint" / "core" / "trainer_class.py").read_text())
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "torch_advise", "train.py", "--no-cache", "--target", "a100", "--select", "ALL"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 1 and "train.py:" in done.stdout
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "torch_advise.lint.engine" in imported and "click" not in imported


def test_version_is_what_click_prints_without_loading_click():
    from click.testing import CliRunner

    clicks = CliRunner().invoke(main, ["--version"])
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "torch_advise", "--version"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (clicks.exit_code, clicks.output) == (0, done.stdout)
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "click" not in imported and "difflib" not in imported
