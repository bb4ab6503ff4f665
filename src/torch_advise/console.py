"""The `advise` console entry point.

A plain check command line (`advise train.py`, `advise src --fix`) runs without importing click,
which a hook on every commit would pay for (check_command.py says why); any other goes to the
click command line (cli.py). Either way a fault becomes one line and exit 2, never a traceback.
Before either, a check run that finds nothing changed since the same run last time answers as
that one did (run_replay.py).
"""

from __future__ import annotations

import sys

from torch_advise import __version__, run_replay
from torch_advise.guard import guarded


def run() -> None:
    argv = sys.argv[1:]
    if argv == ["--version"] and sys.stdout is not None:
        # What click's version option prints, without loading click: editors and hooks ask often.
        sys.stdout.write(f"advise {__version__}\n")
        return
    if sys.stdout is not None:
        guarded(lambda: run_replay.replay(argv))
    from torch_advise.check_command import parse_check, run_check

    arguments = parse_check(argv) if sys.stdout is not None else None
    if arguments is None:
        from torch_advise.cli import run as run_command_line

        run_command_line()
        return
    if arguments.may_replay:
        run_replay.start(argv, arguments.paths)
    guarded(lambda: run_check(arguments, console=True))
