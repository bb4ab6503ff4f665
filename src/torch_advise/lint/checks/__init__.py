"""The checks: one small function per rule, registered by its code.

A module in this package that defines checks is picked up on its own; adding a rule is one
catalogue page in rules/ and one decorated function here.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

import libcst as cst

from torch_advise.lint.fixes import Edit
from torch_advise.lint.model import TrainingModel
from torch_advise.lint.patterns import Facts
from torch_advise.target import Target


@dataclass(frozen=True)
class Violation:
    """A rule broken at a node; `edits` is its fix, empty when there is none."""

    code: str
    node: cst.CSTNode
    message: str
    edits: tuple[Edit, ...] = ()


@dataclass
class CheckContext:
    model: TrainingModel
    facts: Facts
    target: Target
    path: Path = field(default_factory=Path)


Check = Callable[[CheckContext], Iterable[Violation]]
CHECKS: dict[str, Check] = {}


def check(code: str) -> Callable[[Check], Check]:
    def register(function: Check) -> Check:
        if code in CHECKS:
            raise RuntimeError(f"two checks for {code}")
        CHECKS[code] = function
        return function

    return register


def load_checks() -> dict[str, Check]:
    if not CHECKS:
        for module in pkgutil.iter_modules(__path__):
            importlib.import_module(f"{__name__}.{module.name}")
    return CHECKS
