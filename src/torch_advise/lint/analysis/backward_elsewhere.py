"""Calls that run one training step's backward in another module of the project:
`model.optimize_parameters()` of a model class defined in models/, `train_step(batch)` imported,
or `self.train_step(batch)` a base class of another module defines. A loop making such a call
steps as much as one that calls `loss.backward()` itself. A call whose backward runs inside a
loop of its own (`train_one_epoch(...)`, `trainer.fit(...)`) is not one: its caller's loop is an
epoch or a run, and that call's inner loop is the step, which this file cannot see."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Callable, Optional

from torch_advise.lint.analysis.model import CallSite, TrainingModel
from torch_advise.lint.analysis.project import Project
from torch_advise.lint.syntax_tree import nodes as cst


def project_classes_called(model: TrainingModel, site: CallSite) -> Iterator[tuple[str, tuple[str, ...]]]:
    """The project classes the call may run a method of, each with the methods it may run:
    `agent.update(batch)` where `agent = Agent(...)` runs Agent's `update`; `trainer(batch)`
    runs its `forward` or `__call__`; `self.step(batch)` runs the method a base class defines."""
    methods: tuple[str, ...]
    if site.method is not None:
        receiver, methods = site.receiver, (site.method,)
    else:
        receiver, methods = site.node.func, ("forward", "__call__")
    assert receiver is not None
    function = site.function
    if isinstance(receiver, cst.Name) and function is not None and function.cls is not None and receiver.value == function.self_name:
        for base in function.cls.bases:
            name = model.qualname(base, function.cls.scope)
            if name is not None:
                yield name, methods
        return
    for origin in model.origins(receiver, site.scope):
        if isinstance(origin.expr, cst.Call):
            name = model.qualname(origin.expr.func, origin.scope)
            if name is not None:
                yield name, methods


def backward_in_project(model: TrainingModel, project: Project) -> Callable[[CallSite], bool]:
    """Whether a call the file cannot follow runs a step's backward in another module."""
    # The checks ask of the same calls many times, and each answer may read other modules.
    answers: dict[tuple[Optional[str], ...], bool] = {}

    def asked(qualname: str, method: Optional[str] = None) -> bool:
        key = (qualname, method)
        if key not in answers:
            answers[key] = project.backward_per_call(qualname, method)
        return answers[key]

    def runs_backward(site: CallSite) -> bool:
        name = model.call_name(site)
        if name is not None and asked(name):
            return True
        return any(asked(cls, method) for cls, methods in project_classes_called(model, site) for method in methods)

    return runs_backward
