"""Run a deprecated AMP call and its rewrite against the installed torch and compare what each
hands to the torch.amp callable that does the work.

The successors are replaced by recorders for the duration of a replay: each binds its arguments
to the real callable's signature (raising TypeError where the real one would) and records them,
so nothing needs a GPU and any value can stand for an argument. A deprecated callable reaches
the recorder by its own code, exactly as it reaches torch.amp in a real run.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import warnings
from typing import Any, Optional

import libcst as cst
import pytest

torch = pytest.importorskip("torch")

import torch.amp.autocast_mode as autocast_mode  # noqa: E402
import torch.amp.grad_scaler as grad_scaler  # noqa: E402

TYPE_ERROR = "TypeError"


class Value:
    """An argument's value: only its identity matters."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


class _Recorder:
    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def method(self, original):
        parameters = inspect.signature(original)

        def record(instance, *args, **kwargs):
            bound = parameters.bind(instance, *args, **kwargs)
            bound.apply_defaults()
            self.calls.append({k: v for k, v in bound.arguments.items() if k != "self"})

        return record

    def curried(self, original, curried: str):
        parameters = inspect.signature(original)

        def record(*args, **kwargs):
            bound = parameters.bind(*args, **kwargs)
            bound.apply_defaults()
            self.calls.append(dict(bound.arguments))
            if bound.arguments[curried] is None:
                others = {k: v for k, v in bound.arguments.items() if k != curried}
                return functools.partial(record, **others)
            return bound.arguments[curried]

        return record


@contextlib.contextmanager
def recording():
    recorder = _Recorder()
    with contextlib.ExitStack() as stack:
        patch = stack.enter_context(pytest.MonkeyPatch.context())
        patch.setattr(autocast_mode.autocast, "__init__", recorder.method(autocast_mode.autocast.__init__))
        patch.setattr(grad_scaler.GradScaler, "__init__", recorder.method(grad_scaler.GradScaler.__init__))
        for name in ("custom_fwd", "custom_bwd"):
            function = recorder.curried(getattr(autocast_mode, name), name.replace("custom_", ""))
            # The deprecated functions reach it as torch.amp.<name>; the curried call as the module's own.
            patch.setattr(torch.amp, name, function)
            patch.setattr(autocast_mode, name, function)
        stack.enter_context(warnings.catch_warnings())
        warnings.simplefilter("ignore")
        yield recorder


def outcome(source: str, namespace: dict[str, Any], decorates: Optional[Any] = None):
    """What the torch.amp callable finally received from evaluating `source` (applied to
    `decorates` if given), or TYPE_ERROR."""
    with recording() as recorder:
        try:
            result = eval(source, {"torch": torch, **namespace})
            if decorates is not None:
                result(decorates)
        except TypeError:
            return TYPE_ERROR
    return recorder.calls[-1] if recorder.calls else None


def call_source(call: cst.Call) -> str:
    return cst.Module([]).code_for_node(call)
