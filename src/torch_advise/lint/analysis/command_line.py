"""The command-line options a module declares, and which of its functions and methods hand them
back parsed, read with the standard library's parser for the project model (project.py).

Options are often parsed in a module of their own: `def parse_args(): ... return
parser.parse_args()`, or an options class (`TrainOptions().parse()`) whose method returns what
another method parsed and kept on the instance (`self.opt = self.gather_options()` ... `return
self.opt`). The modules that import them read the defaults declared here."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Optional, Union

from torch_advise.lint.analysis.syntax import NOT_LITERAL, option_dest
from torch_advise.records import dataclass

FunctionNode = Union[ast.FunctionDef, ast.AsyncFunctionDef]

# How deep a returned value is followed through names, attributes and calls of the module.
MAX_DEPTH = 8


@dataclass(frozen=True)
class Option:
    """A command-line option: its default when a literal (NOT_LITERAL otherwise) and its flags."""

    default: object
    flags: tuple[str, ...]


@dataclass(frozen=True)
class CommandLine:
    # The options the module declares once (`parser.add_argument(...)`), by the attribute they set.
    options: dict[str, Option]
    parsed_names: frozenset[str]  # module-level names holding the parsed options
    # Functions (`parse_args`) and methods (`TrainOptions.parse`) returning the parsed options.
    parsing_functions: frozenset[str]
    # Attributes the module assigns on some object (`opt.gpu_ids = [...]` inside `parse()`): an
    # option among them may be rewritten before the caller reads it.
    assigned_attributes: frozenset[str]


def command_line(tree: ast.Module) -> CommandLine:
    parsing = _Parsing(tree)
    functions = parsing.parsing_functions()
    parsed = frozenset(
        target.id
        for statement in tree.body if isinstance(statement, ast.Assign)
        for target in statement.targets if isinstance(target, ast.Name)
        if parsing.parsed_at_top(statement.value, functions)
    )
    assigned = frozenset(
        target.attr for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target]) if isinstance(target, ast.Attribute)
    )
    return CommandLine(_declared(tree), parsed, functions, assigned)


def _declared(tree: ast.Module) -> dict[str, Option]:
    declared: dict[str, list[Option]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_argument":
            flags = tuple(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
            keywords = {k.arg: k.value for k in node.keywords if k.arg is not None}
            dest = keywords.get("dest")
            name = dest.value if isinstance(dest, ast.Constant) and isinstance(dest.value, str) else option_dest(flags)
            default = keywords.get("default")
            value = default.value if isinstance(default, ast.Constant) else (None if default is None else NOT_LITERAL)
            if name is not None:
                declared.setdefault(name, []).append(Option(value, flags))
    # An option declared twice (two parsers) has no one default.
    return {name: found[0] for name, found in declared.items() if len(found) == 1}


def parse_call(node: ast.expr) -> bool:
    """`parser.parse_args()`, or the namespace of `parser.parse_known_args()[0]`."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == 0:
        node = node.value
        method = "parse_known_args"
    else:
        method = "parse_args"
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method


class _Parsing:
    """Which functions and methods of a module return the parsed options, found by repeating
    the question until no answer changes: one may return what another does."""

    def __init__(self, tree: ast.Module) -> None:
        self.functions: dict[str, FunctionNode] = {}
        self.owner: dict[int, Optional[str]] = {}  # id(function) -> the class defining it
        self.bases: dict[str, list[str]] = {}
        for statement in tree.body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions[statement.name] = statement
                self.owner[id(statement)] = None
            elif isinstance(statement, ast.ClassDef):
                self.bases[statement.name] = [b.id for b in statement.bases if isinstance(b, ast.Name)]
                for member in statement.body:
                    if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        self.functions[f"{statement.name}.{member.name}"] = member
                        self.owner[id(member)] = statement.name
        self.found: set[str] = set()

    def parsing_functions(self) -> frozenset[str]:
        changed = True
        while changed:
            changed = False
            for name, function in self.functions.items():
                if name not in self.found and any(self._parsed(value, function, 0) for value in _returned(function)):
                    self.found.add(name)
                    changed = True
        return frozenset(self.found)

    def parsed_at_top(self, value: ast.expr, functions: frozenset[str]) -> bool:
        """A module-level value holding the parsed options: `parser.parse_args()`, `parse_args()`
        of a parsing function, `TrainOptions().parse()`."""
        if parse_call(value):
            return True
        if not isinstance(value, ast.Call):
            return False
        func = value.func
        if isinstance(func, ast.Name):
            return func.id in functions
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call) and isinstance(func.value.func, ast.Name):
            return self._method(func.value.func.id, func.attr) in functions
        return False

    def _method(self, cls: str, method: str) -> Optional[str]:
        """`Class.method` where the class or one of its bases in the module defines it."""
        return next((f"{klass}.{method}" for klass in self._lineage(cls) if f"{klass}.{method}" in self.functions), None)

    def _lineage(self, cls: str) -> Iterator[str]:
        """The class and its bases in the module, nearest first."""
        seen: set[str] = set()
        pending = [cls]
        while pending:
            klass = pending.pop(0)
            if klass not in seen:
                seen.add(klass)
                yield klass
                pending.extend(self.bases.get(klass, []))

    def _parsed(self, value: ast.expr, function: FunctionNode, depth: int) -> bool:
        if depth > MAX_DEPTH:
            return False
        if parse_call(value):
            return True
        cls = self.owner.get(id(function))
        instance = function.args.args[0].arg if cls is not None and function.args.args else None
        if isinstance(value, ast.Name):
            return any(self._parsed(assigned, function, depth + 1) for assigned in _assigned(function, value.id))
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == instance and cls is not None:
            # `return self.opt`, set by any method of the class or of its bases here.
            return any(
                self._parsed(assigned, method, depth + 1)
                for klass in self._lineage(cls)
                for name, method in self.functions.items() if name.startswith(f"{klass}.")
                for assigned in _assigned_on_instance(method, value.attr)
            )
        if isinstance(value, ast.Call):
            func = value.func
            if isinstance(func, ast.Name):
                return func.id in self.found
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == instance and cls is not None:
                return self._method(cls, func.attr) in self.found
        return False


def _returned(function: FunctionNode) -> Iterator[ast.expr]:
    for node in ast.walk(function):
        if isinstance(node, ast.Return) and node.value is not None:
            yield node.value


def _assigned(function: FunctionNode, name: str) -> Iterator[ast.expr]:
    """What the function assigns to `name`: `opt = ...`, and the first of `opt, _ = ...`."""
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if isinstance(target, ast.Name) and target.id == name:
                yield node.value
            elif isinstance(target, ast.Tuple) and target.elts and isinstance(target.elts[0], ast.Name) and target.elts[0].id == name:
                # `opt, _ = parser.parse_known_args()`: the namespace comes first.
                if isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute) and node.value.func.attr == "parse_known_args":
                    yield ast.Subscript(node.value, ast.Constant(0), ast.Load())


def _assigned_on_instance(method: FunctionNode, attribute: str) -> Iterator[ast.expr]:
    instance = method.args.args[0].arg if method.args.args else None
    for node in ast.walk(method):
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Attribute) and target.attr == attribute and isinstance(target.value, ast.Name) and target.value.id == instance
            for target in node.targets
        ):
            yield node.value
