"""The `advise` console entry point.

A plain check command line (`advise train.py`, `advise src --fix`) runs without importing click,
which a hook on every commit would pay for (check_command.py says why); any other goes to the
click command line (cli.py). Either way a fault becomes one line and exit 2, never a traceback.
"""

from __future__ import annotations

import sys

from torch_advise import __version__
from torch_advise.check_command import guarded, parse_check, run_check


def run() -> None:
    if sys.argv[1:] == ["--version"] and sys.stdout is not None:
        # What click's version option prints, without loading click: editors and hooks ask often.
        sys.stdout.write(f"advise {__version__}\n")
        return
    arguments = parse_check(sys.argv[1:]) if sys.stdout is not None else None
    if arguments is None:
        from torch_advise.cli import run as run_command_line

        run_command_line()
        return
    guarded(lambda: run_check(arguments, console=True))
