"""Text that came from a saved report, made safe to print as part of one line.

A report is a file anyone can hand to ``advise compare``, in CI too, where a printed line that
starts with ``::`` is a GitHub Actions workflow command and an escape sequence drives the
terminal. Each character that is not printable (newlines, control characters, the escape that
starts a terminal sequence, bidirectional overrides) is written as its Python escape instead.
"""

from __future__ import annotations


def printable(text: str) -> str:
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else char.encode("unicode_escape").decode("ascii") for char in text)
