"""Graph breaks and recompiles of ``--try compile``, in the script's process, named by the line of
the user's code that torch names.

Graph breaks come from dynamo's ``graph_breaks`` log (torch >= 2.1), which names the user's
line and the reason: the probe listens to it with a handler of its own and stops it from
spreading, so nothing is printed that the script would not print unprobed. Recompiles come from
dynamo's compilation metrics, whose records carry the guard that failed (``recompile_reason``,
torch >= 2.5): recompiles are logged only where TORCH_LOGS asks, and asking would print them.
Where a torch lacks either, the figures say so instead of a count.
"""

from __future__ import annotations

import importlib
import logging
import re
from typing import Any, Optional

from torch_advise.probe.inside.sites import is_user_file

# "Graph break in user code at /path/model.py:15" (the duplicate's log names the line the same way).
_BREAK_AT = re.compile(r"in user code at (?P<path>.+?):(?P<line>\d+)\s*$", re.MULTILINE)
_FRAME = re.compile(r'File "(?P<path>[^"]+)", line (?P<line>\d+)')
# A second compile of the same code for another mode's backend is a mode switch, not a recompile.
_MODE_SWITCH = "BACKEND_MATCH"
_DYNAMO_MODULES = ("torch._dynamo.symbolic_convert", "torch._dynamo.convert_frame", "torch._dynamo.exc")


def break_site(message: str) -> tuple[Optional[str], Optional[int]]:
    """The user's file and line a graph break log names: the line it says, else the innermost
    frame of the user's code in the stack it prints."""
    said = _BREAK_AT.search(message)
    if said:
        return said["path"], int(said["line"])
    frames = [(m["path"], int(m["line"])) for m in _FRAME.finditer(message) if is_user_file(m["path"])]
    return frames[-1] if frames else (None, None)


def break_reason(message: str) -> str:
    """The one line of a graph break log that says why: torch 2.13 heads it with which
    instruction it was tracing, older ones give the reason alone."""
    text = message.split("Graph Break Reason:", 1)[1] if "Graph Break Reason:" in message else message
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    said = [line for line in lines if not line.startswith(("Encountered graph break when", "Graph break"))]
    return (said or lines or ["(no reason given)"])[0]


def recompile_reason(reason: str) -> str:
    """The first guard that failed, without its "0/0: " compile id."""
    first = next((line.strip() for line in reason.splitlines() if line.strip()), reason)
    return re.sub(r"^-?\s*\d+/\d+:\s*", "", first)


class _Listener(logging.Handler):
    def __init__(self, events: CompileEvents) -> None:
        super().__init__(logging.DEBUG)
        self.events = events

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.events.note_break(record.getMessage())
        except Exception:  # noqa: BLE001 - a log line the probe cannot read must not break the script's step
            pass


class CompileEvents:
    """Listens for graph breaks from the moment it is installed; reads recompiles at the end."""

    def __init__(self, torch_module: Any) -> None:
        self.torch = torch_module
        self.breaks: dict[tuple[Optional[str], Optional[int], str], int] = {}
        self.breaks_reason: Optional[str] = None
        self._loggers: list[logging.Logger] = []

    def install(self) -> None:
        version = self.torch.__version__.split("+")[0]
        try:
            for name in _DYNAMO_MODULES:
                importlib.import_module(name)
            registry = importlib.import_module("torch._logging._internal").log_registry
            names = [name for name in registry.artifact_log_qnames if name.endswith("__graph_breaks")]
        except (ImportError, AttributeError):
            names = []
        if not names:
            self.breaks_reason = f"this torch ({version}) does not report graph breaks"
            return
        listener = _Listener(self)
        for name in names:
            log = logging.getLogger(name)
            # Off by default, torch keeps the artifact from spreading (propagate False), so only
            # the probe hears it; where TORCH_LOGS turned it on, it is still shown as asked.
            log.setLevel(logging.DEBUG)
            log.addHandler(listener)
            self._loggers.append(log)

    def note_break(self, message: str) -> None:
        path, line = break_site(message)
        key = (path, line, break_reason(message))
        self.breaks[key] = self.breaks.get(key, 0) + 1

    def _recompiles(self) -> tuple[list[dict[str, Any]], Optional[str]]:
        version = self.torch.__version__.split("+")[0]
        try:
            records = importlib.import_module("torch._dynamo.utils").get_compilation_metrics()
        except (ImportError, AttributeError):
            return [], f"this torch ({version}) does not report recompiles"
        if records and not hasattr(records[0], "recompile_reason"):
            return [], f"this torch ({version}) does not say why it recompiled"
        rows: dict[tuple, dict[str, Any]] = {}
        for record in records:
            reason = getattr(record, "recompile_reason", None)
            if not reason or _MODE_SWITCH in reason:
                continue
            said = recompile_reason(reason)
            key = (record.co_filename, record.co_firstlineno, record.co_name, said)
            row = rows.setdefault(key, {"path": record.co_filename, "line": record.co_firstlineno,
                                        "function": record.co_name, "reason": said, "count": 0})
            row["count"] += 1
        return list(rows.values()), None

    def figures(self) -> dict[str, Any]:
        recompiles, recompiles_reason = self._recompiles()
        return {
            "graph_breaks": {
                "counted": self.breaks_reason is None, "reason": self.breaks_reason,
                "sites": [{"path": path, "line": line, "reason": reason, "count": count}
                          for (path, line, reason), count in self.breaks.items()],
            },
            "recompiles": {"counted": recompiles_reason is None, "reason": recompiles_reason, "sites": recompiles},
        }
