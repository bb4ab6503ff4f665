"""What torch's deprecated AMP callables take and what they pass on: the facts a fix that
rewrites a call to one of them into a call to its successor is proven against.

Read from the source of every torch release from FIRST_RELEASE to LAST_RELEASE (tools/
torch_api_facts.py reads each wheel on PyPI; tests/data/torch_amp_api.json keeps what it read, and
tests/test_torch_api.py checks these tables against every release there and against the
installed torch's `inspect.signature`). In all of those releases the facts are the same.

A signature is written as a `def` would write it; a default is the source text of its value.
`forwards` says what the deprecated callable does with its arguments: it calls `successor` with
each of the successor's parameters set to one of its own parameters (a bare name) or to a
constant (any other expression). `curried` names the parameter whose absence makes the
successor return a decorator that calls it again with that parameter filled in and every other
argument as it was (`torch.amp.custom_fwd(device_type="cuda")` used as `@...`).
"""

from __future__ import annotations

import ast
from functools import cache
from typing import Optional

from torch_advise.records import dataclass

FIRST_RELEASE = (2, 4)
LAST_RELEASE = (2, 15)

SIGNATURES = {
    "torch.cuda.amp.autocast": "(enabled=True, dtype=torch.float16, cache_enabled=True)",
    "torch.amp.autocast": "(device_type, dtype=None, enabled=True, cache_enabled=None)",
    "torch.cuda.amp.GradScaler": "(init_scale=2.0 ** 16, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000, enabled=True)",
    "torch.amp.GradScaler": "(device='cuda', init_scale=2.0 ** 16, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000, enabled=True)",
    "torch.cuda.amp.custom_fwd": "(fwd=None, *, cast_inputs=None)",
    "torch.amp.custom_fwd": "(fwd=None, *, device_type, cast_inputs=None)",
    "torch.cuda.amp.custom_bwd": "(bwd)",
    "torch.amp.custom_bwd": "(bwd=None, *, device_type)",
}

FORWARDS = {
    "torch.cuda.amp.autocast": (
        "torch.amp.autocast",
        {"device_type": "'cuda'", "enabled": "enabled", "dtype": "dtype", "cache_enabled": "cache_enabled"},
    ),
    "torch.cuda.amp.GradScaler": (
        "torch.amp.GradScaler",
        {
            "device": "'cuda'",
            "init_scale": "init_scale",
            "growth_factor": "growth_factor",
            "backoff_factor": "backoff_factor",
            "growth_interval": "growth_interval",
            "enabled": "enabled",
        },
    ),
    "torch.cuda.amp.custom_fwd": ("torch.amp.custom_fwd", {"device_type": "'cuda'", "fwd": "fwd", "cast_inputs": "cast_inputs"}),
    "torch.cuda.amp.custom_bwd": ("torch.amp.custom_bwd", {"device_type": "'cuda'", "bwd": "bwd"}),
}

CURRIED = {"torch.amp.custom_fwd": "fwd", "torch.amp.custom_bwd": "bwd"}

POSITIONAL_ONLY = "POSITIONAL_ONLY"
POSITIONAL_OR_KEYWORD = "POSITIONAL_OR_KEYWORD"
VAR_POSITIONAL = "VAR_POSITIONAL"
KEYWORD_ONLY = "KEYWORD_ONLY"
VAR_KEYWORD = "VAR_KEYWORD"


@dataclass(frozen=True)
class Parameter:
    name: str
    kind: str
    default: Optional[str]  # the default's source text, normalised by ast.unparse; None: required


@dataclass(frozen=True)
class Forwarding:
    """The deprecated callable calls `successor` with these arguments."""

    successor: str
    arguments: tuple[tuple[str, str], ...]  # (the successor's parameter, a parameter name or a constant)

    def source_of(self, parameter: str) -> str:
        return dict(self.arguments)[parameter]


@cache
def canonical(expression: str) -> str:
    """One spelling for one constant: `"cuda"` and `'cuda'` are the same value."""
    return ast.unparse(ast.parse(expression, mode="eval"))


def parse_signature(text: str) -> tuple[Parameter, ...]:
    """The parameters of `def f<text>: ...`, in order."""
    function = ast.parse(f"def f{text}: pass").body[0]
    assert isinstance(function, ast.FunctionDef)
    return parameters_of(function.args)


def parameters_of(arguments: ast.arguments) -> tuple[Parameter, ...]:
    positional = [*arguments.posonlyargs, *arguments.args]
    defaults: list[Optional[ast.expr]] = [None] * (len(positional) - len(arguments.defaults)) + list(arguments.defaults)
    found = [
        Parameter(arg.arg, POSITIONAL_ONLY if index < len(arguments.posonlyargs) else POSITIONAL_OR_KEYWORD, _text(default))
        for index, (arg, default) in enumerate(zip(positional, defaults))
    ]
    if arguments.vararg is not None:
        found.append(Parameter(arguments.vararg.arg, VAR_POSITIONAL, None))
    found.extend(Parameter(arg.arg, KEYWORD_ONLY, _text(default)) for arg, default in zip(arguments.kwonlyargs, arguments.kw_defaults))
    if arguments.kwarg is not None:
        found.append(Parameter(arguments.kwarg.arg, VAR_KEYWORD, None))
    return tuple(found)


def _text(node: Optional[ast.expr]) -> Optional[str]:
    return None if node is None else ast.unparse(node)


@cache
def signature(qualname: str) -> tuple[Parameter, ...]:
    return parse_signature(SIGNATURES[qualname])


@cache
def forwarding(qualname: str) -> Forwarding:
    successor, arguments = FORWARDS[qualname]
    return Forwarding(successor, tuple((name, canonical(value)) for name, value in arguments.items()))
