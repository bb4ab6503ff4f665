"""The command-line options a call of this file returns parsed where another module of the
project parses them: `args = parse_args()` after `from options import parse_args`, or
`opt = TrainOptions().parse()` with the options class in `options/`. The importing module reads
the defaults that module declares, as it would its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Callable, Optional

from torch_advise.lint.analysis.command_line import Option
from torch_advise.lint.analysis.model import Scope, TrainingModel
from torch_advise.lint.analysis.project import Project
from torch_advise.lint.syntax_tree import nodes as cst

Options = Optional[Mapping[str, tuple[Option, str]]]


def options_in_project(model: TrainingModel, project: Project) -> Callable[[cst.Call, Scope], Options]:
    # A file reads the same options many times (every `args.x`), each answer reading modules.
    answers: dict[tuple[str, Optional[str]], Options] = {}

    def asked(qualname: str, method: Optional[str]) -> Options:
        key = (qualname, method)
        if key not in answers:
            answers[key] = project.parsed_options(qualname, method)
        return answers[key]

    def parsed_elsewhere(call: cst.Call, scope: Scope) -> Options:
        for qualname, method in _called(model, call, scope):
            found = asked(qualname, method)
            if found is not None:
                return found
        return None

    return parsed_elsewhere


def _called(model: TrainingModel, call: cst.Call, scope: Scope) -> list[tuple[str, Optional[str]]]:
    """What the call may run, by qualified name: a function (`options.parse_args`, method None),
    or a method of the object a class builds (`TrainOptions().parse()`, or `parse()` on a name
    bound to `TrainOptions()`)."""
    func = call.func
    qualname = model.qualname(func, scope)
    found: list[tuple[str, Optional[str]]] = [(qualname, None)] if qualname is not None and "." in qualname else []
    if isinstance(func, cst.Attribute):
        receivers = [func.value] if isinstance(func.value, cst.Call) else [o.expr for o in model.origins(func.value, scope)]
        for receiver in receivers:
            if isinstance(receiver, cst.Call):
                built = model.qualname(receiver.func, scope)
                if built is not None and "." in built:
                    found.append((built, func.attr.value))
    return found
