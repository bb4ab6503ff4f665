"""Which source lines belong to the user, so figures attach to the user's own code."""

from __future__ import annotations

import importlib.util
import os
import re
import sys
import sysconfig
from types import FrameType, TracebackType
from typing import Optional

Site = tuple[str, int]

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def library_roots() -> tuple[str, ...]:
    roots = {_PACKAGE_DIR}
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path:
            roots.add(os.path.realpath(path))
    torch_file = _torch_init_file()
    if torch_file:
        roots.add(os.path.dirname(os.path.realpath(torch_file)))
    return tuple(sorted(roots))


def _torch_init_file() -> Optional[str]:
    torch_module = sys.modules.get("torch")
    if torch_module is not None:
        return getattr(torch_module, "__file__", None)
    spec = importlib.util.find_spec("torch")  # locates torch without importing it
    return spec.origin if spec else None


def is_user_file(filename: str, roots: Optional[tuple[str, ...]] = None) -> bool:
    """True for a real file outside the standard library, site-packages, torch and this tool."""
    if not filename or filename.startswith("<"):
        return False
    path = os.path.realpath(filename)
    for root in roots if roots is not None else library_roots():
        if path == root or path.startswith(root + os.sep):
            return False
    return True


def user_site_of_frame(frame: Optional[FrameType]) -> Optional[Site]:
    """The innermost user frame at or above ``frame``, as (real path, line)."""
    roots = library_roots()
    while frame is not None:
        if is_user_file(frame.f_code.co_filename, roots):
            return os.path.realpath(frame.f_code.co_filename), frame.f_lineno
        frame = frame.f_back
    return None


def caller_site(depth: int = 2) -> Optional[Site]:
    """The user's line that called into the function ``depth`` frames up."""
    return user_site_of_frame(sys._getframe(depth))


def user_site_of_traceback(tb: Optional[TracebackType]) -> Optional[Site]:
    """The innermost user frame of a traceback: where the user's code raised."""
    roots = library_roots()
    found: Optional[Site] = None
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if is_user_file(filename, roots):
            found = (os.path.realpath(filename), tb.tb_lineno)
        tb = tb.tb_next
    return found


_STACK_ENTRY = re.compile(r"^(?P<path>.*)\((?P<line>\d+)\): .*$")


def user_site_of_stack(entries: list[str]) -> Optional[Site]:
    """The innermost user frame of a profiler stack (entries like ``train.py(42): main``)."""
    roots = library_roots()
    for entry in entries:
        match = _STACK_ENTRY.match(entry)
        if match and is_user_file(match["path"], roots):
            return os.path.realpath(match["path"]), int(match["line"])
    return None
