"""A call of a deprecated torch callable spelled as a call of its successor, offered only where
call_equivalence proves the two mean the same for whatever the call's arguments hold.

Two layouts are tried: the old arguments where they stood (right where the successor takes its
positional parameters in the same order, as GradScaler does), then every positional argument
turned into the keyword of the parameter it filled (autocast reorders them). Either way the
successor's device argument is written out, and so is every parameter the old callable gave a
value the successor's default would not give (`dtype=torch.float16` for autocast, whose own
default is the autocast dtype in force, bfloat16 inside a bfloat16 region).
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Optional

from torch_advise.lint.analysis.call_equivalence import (
    DOUBLE_STAR,
    KEYWORD,
    POSITIONAL,
    STAR,
    Argument,
    constant,
    equivalent,
)
from torch_advise.lint.analysis.torch_api import (
    KEYWORD_ONLY,
    POSITIONAL_ONLY,
    POSITIONAL_OR_KEYWORD,
    forwarding,
    signature,
)
from torch_advise.lint.syntax_tree import nodes as cst

if TYPE_CHECKING:
    import libcst

# Writes a constant of the facts (`torch.float16`, `'cuda'`) as this file spells it.
Spelling = Callable[[str], str]


def _token(index: int) -> str:
    return f"#{index}"


def _argument(index: int, arg: cst.Arg | libcst.Arg) -> Argument:
    if arg.star == "*":
        return Argument(STAR, _token(index))
    if arg.star == "**":
        return Argument(DOUBLE_STAR, _token(index))
    if arg.keyword is not None:
        return Argument(KEYWORD, _token(index), arg.keyword.value)
    return Argument(POSITIONAL, _token(index))


# How one argument of the new call is written: the old call's argument at an index, kept or
# given a keyword, or new text, positional or with a keyword.
Piece = tuple[Optional[str], Optional[int], Optional[str]]


class _Layout:
    """The new call's arguments, as the proof reads them and as they are to be written."""

    def __init__(self) -> None:
        self.arguments: list[Argument] = []
        self.pieces: list[Piece] = []

    def keep(self, argument: Argument, index: int, name: Optional[str] = None) -> None:
        self.arguments.append(argument)
        self.pieces.append((name, index, None))

    def write(self, expression: str, spell: Spelling, name: Optional[str] = None) -> None:
        kind = POSITIONAL if name is None else KEYWORD
        self.arguments.append(Argument(kind, constant(expression), name))
        self.pieces.append((name, None, spell(expression)))


class Rewrite:
    """The arguments of a successor's call, written on libcst's nodes when the fix is applied."""

    def __init__(self, pieces: Sequence[Piece]) -> None:
        self.pieces = list(pieces)

    def arguments(self, original: Sequence[libcst.Arg]) -> list[libcst.Arg]:
        import libcst

        no_space = libcst.SimpleWhitespace("")
        args = []
        for name, index, text in self.pieces:
            arg = original[index] if index is not None else libcst.Arg(libcst.parse_expression(text or ""))
            if name is not None:
                arg = arg.with_changes(keyword=libcst.Name(name), equal=libcst.AssignEqual(no_space, no_space))
            args.append(arg)
        return _joined(args, original)


def _positional_names(qualname: str) -> list[str]:
    return [p.name for p in signature(qualname) if p.kind in (POSITIONAL_ONLY, POSITIONAL_OR_KEYWORD)]


def _filled(old: str, arguments: Sequence[Argument]) -> Optional[set[str]]:
    """The old callable's parameters the call fills for certain; None where a starred argument
    may fill any of them."""
    if any(a.kind in (STAR, DOUBLE_STAR) for a in arguments):
        return None
    positional = _positional_names(old)
    count = sum(a.kind == POSITIONAL for a in arguments)
    return set(positional[:count]) | {a.name for a in arguments if a.kind == KEYWORD and a.name is not None}


def _layout(old: str, args: Sequence[cst.Arg], spell: Spelling, as_keywords: bool) -> Optional[_Layout]:
    forward = forwarding(old)
    new = forward.successor
    old_parameters = {p.name: p for p in signature(old)}
    renamed = {source: name for name, source in forward.arguments if source in old_parameters}
    arguments = [_argument(index, arg) for index, arg in enumerate(args)]
    layout = _Layout()
    # Constants the old callable passes on, which no argument of the call can set: the device.
    devices = [(name, source) for name, source in forward.arguments if source not in old_parameters]
    new_kinds = {p.name: p.kind for p in signature(new)}
    leading = _positional_names(new)[: len(devices)]
    positional_devices = [name for name, _ in devices] == leading
    if positional_devices:
        for _, source in devices:
            layout.write(source, spell)
    old_positional = _positional_names(old)
    position = 0
    for index, argument in enumerate(arguments):
        if argument.kind == STAR and as_keywords:
            return None  # the positions of the arguments after it are unknown
        if argument.kind == POSITIONAL and as_keywords:
            if position >= len(old_positional):
                return None
            name = renamed.get(old_positional[position])
            if name is None:
                return None
            position += 1
            layout.keep(Argument(KEYWORD, argument.value, name), index, name)
        elif argument.kind == KEYWORD and argument.name in renamed and renamed[argument.name] != argument.name:
            name = renamed[argument.name]
            layout.keep(Argument(KEYWORD, argument.value, name), index, name)
        else:
            layout.keep(argument, index)
    if not positional_devices:
        # Keyword-only (custom_fwd's device_type): after the positional arguments, where the
        # old call's keywords begin.
        split = next((i for i, a in enumerate(layout.arguments) if a.kind in (KEYWORD, DOUBLE_STAR)), len(layout.arguments))
        tail_arguments, tail_pieces = layout.arguments[split:], layout.pieces[split:]
        layout.arguments, layout.pieces = layout.arguments[:split], layout.pieces[:split]
        for name, source in devices:
            if new_kinds.get(name) not in (KEYWORD_ONLY, POSITIONAL_OR_KEYWORD):
                return None
            layout.write(source, spell, name)
        layout.arguments += tail_arguments
        layout.pieces += tail_pieces
    filled = _filled(old, arguments)
    if filled is not None:
        new_defaults = {p.name: p.default for p in signature(new)}
        for source, name in renamed.items():
            default = old_parameters[source].default
            if source not in filled and default is not None and constant(default) != _default(new_defaults.get(name)):
                layout.write(default, spell, name)
    return layout


def _default(text: Optional[str]) -> Optional[str]:
    return None if text is None else constant(text)


def _joined(args: list[libcst.Arg], original: Sequence[libcst.Arg]) -> list[libcst.Arg]:
    """Commas between arguments, and after the last one only where the call had a trailing one."""
    import libcst

    space_comma = libcst.Comma(whitespace_after=libcst.SimpleWhitespace(" "))
    template = original[0].comma if original and isinstance(original[0].comma, libcst.Comma) else space_comma
    result = []
    for index, arg in enumerate(args):
        comma: libcst.Comma | libcst.MaybeSentinel
        if index < len(args) - 1:
            comma = arg.comma if isinstance(arg.comma, libcst.Comma) else template
        else:
            comma = original[-1].comma if original else libcst.MaybeSentinel.DEFAULT
        result.append(arg.with_changes(comma=comma))
    return result


def successor_arguments(old: str, args: Sequence[cst.Arg], spell: Spelling) -> Optional[Rewrite]:
    """How the call of `old`'s successor that means what `old(*args)` meant is written; None
    when no layout can be proven to."""
    old_arguments = [_argument(index, arg) for index, arg in enumerate(args)]
    for as_keywords in (False, True):
        layout = _layout(old, args, spell, as_keywords)
        if layout is not None and _well_formed(layout.arguments) and equivalent(old, old_arguments, layout.arguments):
            return Rewrite(layout.pieces)
    return None


def _well_formed(arguments: Sequence[Argument]) -> bool:
    """Whether Python accepts a call with these arguments: no keyword given twice, no plain
    positional argument after a keyword or `**`, no `*` after `**`."""
    keywords = [a.name for a in arguments if a.kind == KEYWORD]
    if len(keywords) != len(set(keywords)):
        return False
    seen_keyword = seen_double_star = False
    for argument in arguments:
        if argument.kind == POSITIONAL and (seen_keyword or seen_double_star):
            return False
        if argument.kind == STAR and seen_double_star:
            return False
        seen_keyword = seen_keyword or argument.kind == KEYWORD
        seen_double_star = seen_double_star or argument.kind == DOUBLE_STAR
    return True


def successor_decorator(old: str, spell: Spelling) -> Optional[str]:
    """The parenthesised arguments that make a bare `@old` a call of the successor building
    the same decorator; None where that cannot be proven."""
    layout = _layout(old, [], spell, as_keywords=False)
    function = Argument(POSITIONAL, "function")
    if layout is None or not equivalent(old, [function], layout.arguments, decorates=function.value):
        return None
    # Written as libcst writes new arguments: ", " between them, `name=value`.
    return "(" + ", ".join(f"{text}" if name is None else f"{name}={text}" for name, _, text in layout.pieces) + ")"


class FileSpelling:
    """Writes the facts' constants as a file whose torch module is named `torch_name` does, and
    remembers whether it named torch (so that the fix makes sure the name is there)."""

    def __init__(self, torch_name: str) -> None:
        self.torch_name = torch_name
        self.names_torch = False

    def __call__(self, expression: str) -> str:
        node = ast.parse(expression, mode="eval").body
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return json.dumps(node.value)
        if expression.startswith("torch."):
            self.names_torch = True
            return self.torch_name + expression[len("torch") :]
        return expression
