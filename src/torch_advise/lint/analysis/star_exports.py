"""What `from module import *` binds, as far as the module's text can name it.

A star import binds every public name of the other module (its literal `__all__`, or the names
not starting with `_`) to whatever that module bound it to last. The module's text names a
binding that happens once: its own function or class, or an absolute import (`from
torch.utils.data import DataLoader`; the same import twice binds the same), and its own variables,
names it only ever assigns (`cfg = EasyDict(cfg)`). A name it binds to two things (`try: import
apex` ... `except: apex = None`), or through `global` is UNKNOWN. A star import of its own binds
what that module exports on top, which the project (Project._star_exports) reads in turn.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterator
from typing import Optional, Union

from torch_advise.lint.analysis.importers import ModuleReference, literal_all_of, module_reference
from torch_advise.records import dataclass

# The module's own function or class: named by where the module is in the project.
OWN = "<own>"
# Bound to something its text does not name.
UNKNOWN = "<unknown>"
# Assigned a value by the module (a step only, settled into OWN or UNKNOWN).
ASSIGNED = "<assigned>"


@dataclass(frozen=True)
class StarExports:
    # In the order the module runs them: (name, qualified name, OWN or UNKNOWN), or a star import.
    steps: tuple[Union[tuple[str, str], ModuleReference], ...]
    public: Optional[frozenset[str]]  # its literal `__all__`, where it has one

    def exports(self, name: str) -> bool:
        return name in self.public if self.public is not None else not name.startswith("_")


def star_exports(tree: ast.Module, path: str) -> StarExports:
    steps: list[Union[tuple[str, str], ModuleReference]] = []
    for node in _module_level(tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                steps.append((alias.asname, alias.name) if alias.asname else (alias.name.split(".")[0],) * 2)
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name == "*":
                    steps.append(module_reference(node.module or "", node.level, path))
                else:
                    absolute = node.level == 0 and node.module
                    steps.append((alias.asname or alias.name, f"{node.module}.{alias.name}" if absolute else UNKNOWN))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            steps.append((node.name, OWN))
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            steps.append((node.id, ASSIGNED))
        elif isinstance(node, ast.ExceptHandler) and node.name:
            steps.append((node.name, UNKNOWN))
    # A name bound twice to the same import (`import torch` on two lines) is still that import;
    # one only ever assigned (`cfg = {...}`, then `cfg = EasyDict(cfg)`) is the module's variable.
    named = [step for step in steps if isinstance(step, tuple)]
    assigned_only = {name for name, _ in named} - {name for name, how in named if how != ASSIGNED}
    bound = Counter(step[0] for step in dict.fromkeys(step for step in named if step[1] not in (OWN, ASSIGNED)))
    bound.update(step[0] for step in named if step[1] in (OWN, ASSIGNED) and step[0] not in assigned_only)
    rebound = {name for node in ast.walk(tree) if isinstance(node, (ast.Global, ast.Nonlocal)) for name in node.names}
    steps = [_settled(step, bound, assigned_only, rebound) for step in steps]
    public = literal_all_of(tree)
    return StarExports(tuple(steps), frozenset(public) if public is not None else None)


def _settled(
    step: Union[tuple[str, str], ModuleReference], bound: Counter, assigned_only: set[str], rebound: set[str]
) -> Union[tuple[str, str], ModuleReference]:
    """A step as a star import of the module binds it: a name bound twice over, by a function
    elsewhere (`global`) or in more ways than assignment is UNKNOWN; a variable is the module's own."""
    if not isinstance(step, tuple):
        return step
    name, how = step
    if name in rebound or bound[name] > 1:
        return name, UNKNOWN
    return (name, OWN) if name in assigned_only else step


def _module_level(statements: list[ast.stmt]) -> Iterator[ast.AST]:
    """The nodes that run at module level: every statement and expression outside the bodies
    of functions and classes, with the definitions themselves."""
    stack: list[ast.AST] = list(reversed(statements))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(node))))
