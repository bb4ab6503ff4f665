"""Terminal manners: when to colour output, how coloured findings look, how paths and names from
the checked code are shown."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Optional, TextIO

COLOR_CHOICES = ("auto", "always", "never")

_RESET = "\033[0m"
_BOLD = "\033[1m"
_DIM = "\033[2m"
_RED = "\033[31m"
_YELLOW = "\033[33m"
_CYAN = "\033[36m"
_SEVERITY_COLORS = {"error": _BOLD + _RED, "warning": _BOLD + _YELLOW, "info": _BOLD + _CYAN}


def color_enabled(choice: str, stream: TextIO, environ: Optional[Mapping[str, str]] = None) -> bool:
    """Whether to colour `stream`.

    An explicit --color always/never wins. Otherwise, as CPython and most tools do: a non-empty
    NO_COLOR turns colour off, then a non-empty FORCE_COLOR turns it on, then colour only on a
    terminal that is not TERM=dumb.
    """
    if choice == "always":
        return True
    if choice == "never":
        return False
    environ = os.environ if environ is None else environ
    if environ.get("NO_COLOR"):
        return False
    if environ.get("FORCE_COLOR"):
        return True
    if environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Palette:
    """Wraps text in ANSI styles when enabled, and returns it unchanged otherwise."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def _wrap(self, style: str, text: str) -> str:
        return f"{style}{text}{_RESET}" if self.enabled and text else text

    def path(self, text: str) -> str:
        return self._wrap(_BOLD, text)

    def code(self, text: str, severity: str) -> str:
        return self._wrap(_SEVERITY_COLORS.get(severity, _BOLD), text)

    def fixable(self, text: str) -> str:
        return self._wrap(_CYAN, text)

    def quiet(self, text: str) -> str:
        return self._wrap(_DIM, text)


def printable(text: str, keep: str = "") -> str:
    """`text` with every character a terminal acts on instead of showing (a newline, ESC, other
    control and invisible formatting characters, the undecodable bytes of a file name) written
    as Python's repr writes it, so that a file name or a message taken from the checked code
    cannot forge a line of the report or restyle the terminal. The characters in `keep` stay."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() or char in keep else repr(char)[1:-1] for char in text)


def display_path(path: str, cwd: Optional[str] = None) -> str:
    """A file as users see it in reports: relative to the current folder when inside it,
    absolute otherwise (a path climbing out with ../.. is harder to read), always with '/'.
    """
    absolute = os.path.abspath(path)
    base = os.path.abspath(cwd or os.getcwd())
    try:
        relative = os.path.relpath(absolute, base)
    except ValueError:  # another drive
        return Path(absolute).as_posix()
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        return Path(absolute).as_posix()
    return Path(relative).as_posix()
