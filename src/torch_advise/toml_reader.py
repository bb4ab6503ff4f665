"""The TOML parser, imported only when a TOML text is read: most runs read none (a catalogue
page's front matter is read without it, a pyproject.toml without a [tool.advise] table or a torch
requirement is never parsed), and importing it costs a one-file run about 3 ms."""

from __future__ import annotations

import sys
from types import ModuleType


def toml() -> ModuleType:
    """tomllib, or tomli before Python 3.11; `loads`, `load` and `TOMLDecodeError` as documented."""
    if sys.version_info >= (3, 11):
        import tomllib as parser
    else:
        import tomli as parser
    return parser
