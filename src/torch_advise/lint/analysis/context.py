"""What a check is given and how it answers: the file's analysis, the target, and `report`."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import Optional

from torch_advise.lint.analysis.backward_elsewhere import backward_in_project
from torch_advise.lint.analysis.edits import Edit, SetKeyword
from torch_advise.lint.analysis.facts import Facts
from torch_advise.lint.analysis.model import TrainingModel
from torch_advise.lint.analysis.options_elsewhere import options_in_project
from torch_advise.lint.analysis.project import Project
from torch_advise.lint.analysis.steps import Steps
from torch_advise.lint.syntax_tree import nodes as cst
from torch_advise.records import dataclass
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

    @cached_property
    def torch_ceiling(self) -> Optional[tuple[int, int]]:
        return self.project.torch_ceiling()

    @classmethod
    def of(cls, model: TrainingModel, target: Target, path: Path, tree: Optional[ast.Module] = None) -> Analysis:
        """`tree`: Python's parse of the file's text, when the caller has it."""
        project = Project(path, model.module.bytes, tree)
        model.name_relative_imports(project.package)
        model.bind_star_imports(project.star_imported())
        model.backward_elsewhere = backward_in_project(model, project)
        model.options_elsewhere = options_in_project(model, project)
        facts = Facts(model, project)
        return cls(model, facts, Steps(model, facts), target, path, project)


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

    def runs_on_torch_at_least(self, major: int, minor: int = 0) -> bool:
        """Whether the torch this file runs on is this release or newer: the target's, unless
        the project's code cannot be imported on one that new (Project.torch_ceiling). For advice
        that only holds from a release on; advice for older releases asks the target, since a
        ceiling says nothing about how old the torch is."""
        if not self.target.torch_at_least(major, minor):
            return False
        ceiling = self.analysis.torch_ceiling
        return ceiling is None or ceiling >= (major, minor)

    def report(self, node: cst.CSTNode, message: str, fix: Sequence[Edit] = ()) -> None:
        # A keyword given to a call that also spreads `**params` raises TypeError if `params`
        # holds it too, at run time: such a finding is reported without its fix.
        if any(isinstance(edit, SetKeyword) and any(a.star == "**" for a in edit.call.args) for edit in fix):
            fix = ()
        self.violations.append(Violation(self.code, node, message, tuple(fix)))
