"""How a command ends when something escapes it: one line on standard error and an exit code,
never a traceback. Apart from the commands, so that a replayed run (run_replay.py) answers
through it without loading them."""

from __future__ import annotations

import os
import sys

# Light: a replayed run (run_replay.py) loads this module, and typing alone costs it some 3 ms.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Callable

EXIT_ERROR = 2
# What a shell reports for a command stopped by Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130


def guarded(call: Callable[[], None]) -> None:
    """Run the command; what escapes it becomes one line and an exit code."""
    try:
        call()
    except KeyboardInterrupt:
        say("advise: interrupted")
        sys.exit(EXIT_INTERRUPTED)
    except BrokenPipeError:
        # `advise . | head`: the reader has gone, which is no error of the run's to print.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(EXIT_ERROR)
    except OSError as error:
        # Checked files' faults are findings (E902); what reaches here is the report's own
        # output: a full disk, a closed or broken stream.
        say(f"advise: error: cannot write the report: {error.strerror or error}")
        sys.exit(EXIT_ERROR)
    except Exception as error:  # noqa: BLE001 - the last line of defence for users
        say(f"advise: internal error: {type(error).__name__}: {error}")
        sys.exit(EXIT_ERROR)


def say(message: str) -> None:
    """A line on standard error, at once."""
    sys.stderr.write(message + "\n")
    sys.stderr.flush()
