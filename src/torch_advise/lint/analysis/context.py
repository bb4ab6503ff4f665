"""What a check is given and how it answers: the file's analysis, the target, and `report`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from torch_advise.lint.analysis.edits import Edit
from torch_advise.lint.analysis.facts import Facts
from torch_advise.lint.analysis.model import TrainingModel
from torch_advise.lint.analysis.project import Project
from torch_advise.lint.analysis.steps import Steps
from torch_advise.target import Target


@dataclass(frozen=True)
class Violation:
    """A rule broken at a node; `edits` is its fix, empty when there is none."""

    code: str
    node: cst.CSTNode
    message: str
    edits: tuple[Edit, ...] = ()


@dataclass(frozen=True)
class Analysis:
    """Everything the checks read about one file, built once and shared by all of them."""

    model: TrainingModel
    facts: Facts
    steps: Steps
    target: Target
    path: Path
    project: Project

    @classmethod
    def of(cls, model: TrainingModel, target: Target, path: Path) -> Analysis:
        facts = Facts(model)
        return cls(model, facts, Steps(model, facts), target, path, Project(path))


class CheckContext:
    """One rule's view of a file. The rule's code comes from its catalogue page, so a check
    never writes it: `ctx.report(node, message, fix=...)` stamps it."""

    def __init__(self, code: str, analysis: Analysis) -> None:
        self.code = code
        self.analysis = analysis
        self.model = analysis.model
        self.facts = analysis.facts
        self.steps = analysis.steps
        self.target = analysis.target
        self.path = analysis.path
        self.project = analysis.project
        self.violations: list[Violation] = []

    def report(self, node: cst.CSTNode, message: str, fix: Sequence[Edit] = ()) -> None:
        self.violations.append(Violation(self.code, node, message, tuple(fix)))
