"""The traceback of an exception the script raised, as `python script.py` would print it.

The probe runs the script from its own code through runpy, and wraps DataLoader and autocast
calls on the way: those frames are the probe's, not the script's, and are left out.
"""

from __future__ import annotations

import os
import runpy
import traceback
from typing import Optional

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
# As runpy's frames name it: "<frozen runpy>" where the standard library is frozen in.
_RUNPY_FILE = runpy.run_path.__code__.co_filename
# The frames of the innermost calls, as many as a report has room for.
SHOWN_FRAMES = 5


def _is_probe_frame(frame: traceback.FrameSummary) -> bool:
    return os.path.realpath(frame.filename).startswith(_PACKAGE_DIR + os.sep)


def _script_frames(stack: traceback.StackSummary) -> traceback.StackSummary:
    frames = list(stack)
    # The outermost frames run the script: the probe's, then runpy's.
    while frames and (_is_probe_frame(frames[0]) or frames[0].filename == _RUNPY_FILE):
        frames.pop(0)
    kept = [frame for frame in frames if not _is_probe_frame(frame)][-SHOWN_FRAMES:]
    return traceback.StackSummary.from_list(kept)


def script_traceback(error: BaseException) -> str:
    """The traceback of ``error`` and of the exceptions it was raised from or while handling,
    each shown by its innermost SHOWN_FRAMES frames."""
    shown = traceback.TracebackException.from_exception(error)
    part: Optional[traceback.TracebackException] = shown
    seen = set()
    while part is not None and id(part) not in seen:
        seen.add(id(part))
        part.stack = _script_frames(part.stack)
        part = part.__cause__ or (None if part.__suppress_context__ else part.__context__)
    return "".join(shown.format())
