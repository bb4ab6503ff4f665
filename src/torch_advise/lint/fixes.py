"""One libcst transform that applies the edits fixes are made of (analysis/edits.py).

Edits name the original nodes they change. Keyword edits on one call are merged, so DL001 and
DL002 can both fix the same DataLoader in one pass; statement edits act on the block that holds
the statement, so comments and blank lines around it stay where they were.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Union

import libcst as cst

from torch_advise.lint.analysis.edits import (
    Edit,
    EnsureImport,
    InsertAfterImports,
    InsertBefore,
    ReplaceNode,
    SetKeyword,
    SwapStatements,
)


def _parse_expression(code: str) -> cst.BaseExpression:
    return cst.parse_expression(code)


def _parse_statements(code: str, module: cst.Module) -> list[cst.BaseStatement]:
    parsed = cst.parse_module(code if code.endswith("\n") else code + "\n", config=module.config_for_parsing)
    return list(parsed.body)


def _with_keyword(call: cst.Call, updates: dict[str, str]) -> cst.Call:
    args = list(call.args)
    pending = dict(updates)
    for i, arg in enumerate(args):
        if arg.keyword is not None and arg.keyword.value in pending:
            args[i] = arg.with_changes(value=_parse_expression(pending.pop(arg.keyword.value)))
    if not pending:
        return call.with_changes(args=args)
    new_args = [
        cst.Arg(
            keyword=cst.Name(name),
            value=_parse_expression(value),
            equal=cst.AssignEqual(
                whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
            ),
        )
        for name, value in pending.items()
    ]
    if not args:
        return call.with_changes(args=new_args)
    last = args[-1]
    # New arguments are separated as the last two were (or as a lone argument stands after
    # "("): on lines of their own in a call laid out one a line, by ", " on one line.
    previous = args[-2].comma if len(args) > 1 else None
    between = previous.whitespace_after if isinstance(previous, cst.Comma) else call.whitespace_before_args
    trailing = isinstance(last.comma, cst.Comma)
    if not trailing and not _breaks_line(between):
        between = cst.SimpleWhitespace(" ")
    separator = _layout_of(between)
    # What stood between the last argument and ")" (its comment, the closing line) is split: the
    # comment on its line stays with it, the rest moves behind the new last argument.
    closing = last.comma.whitespace_after if isinstance(last.comma, cst.Comma) else last.whitespace_after_arg
    kept = separator
    if _breaks_line(separator) and isinstance(closing, cst.ParenthesizedWhitespace):
        kept = separator.with_changes(first_line=closing.first_line)
        closing = closing.with_changes(first_line=cst.TrailingWhitespace(newline=closing.first_line.newline))
    comma = last.comma if isinstance(last.comma, cst.Comma) else cst.Comma()
    args[-1] = last.with_changes(comma=comma.with_changes(whitespace_after=kept), whitespace_after_arg=cst.SimpleWhitespace(""))
    new_args = [a.with_changes(comma=comma.with_changes(whitespace_after=separator)) for a in new_args]
    if trailing:
        new_args[-1] = new_args[-1].with_changes(comma=comma.with_changes(whitespace_after=closing))
    else:
        new_args[-1] = new_args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT, whitespace_after_arg=closing)
    return call.with_changes(args=[*args, *new_args])


def _breaks_line(whitespace: cst.BaseParenthesizableWhitespace) -> bool:
    return isinstance(whitespace, cst.ParenthesizedWhitespace)


def _layout_of(whitespace: cst.BaseParenthesizableWhitespace) -> cst.BaseParenthesizableWhitespace:
    """The line break and indentation of a separator, without the comments on or between its
    lines, which belong to the argument they follow."""
    if isinstance(whitespace, cst.ParenthesizedWhitespace):
        return whitespace.with_changes(first_line=cst.TrailingWhitespace(newline=whitespace.first_line.newline), empty_lines=[])
    return whitespace


class _Applier(cst.CSTTransformer):
    def __init__(self, module: cst.Module, edits: Sequence[Edit]) -> None:
        self.module = module
        # Keyed by libcst's nodes: the edits come here with them in place of advise's (fix_tree.py).
        self.keywords: dict[Any, dict[str, str]] = {}
        self.replacements: dict[Any, Any] = {}
        self.inserts: dict[Any, list[str]] = {}
        self.swaps: dict[Any, Any] = {}
        self.after_imports: list[str] = []
        self.imports: list[str] = []
        for edit in edits:
            if isinstance(edit, SetKeyword):
                self.keywords.setdefault(edit.call, {})[edit.name] = edit.value
            elif isinstance(edit, ReplaceNode):
                self.replacements[edit.node] = edit.code
            elif isinstance(edit, InsertBefore):
                codes = self.inserts.setdefault(edit.statement, [])
                if edit.code not in codes:
                    codes.append(edit.code)
            elif isinstance(edit, SwapStatements):
                self.swaps[edit.first] = edit.second
                self.swaps[edit.second] = edit.first
            elif isinstance(edit, InsertAfterImports):
                if edit.code not in self.after_imports:
                    self.after_imports.append(edit.code)
            elif isinstance(edit, EnsureImport):
                if edit.module not in self.imports:
                    self.imports.append(edit.module)

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode):
        if original_node in self.replacements:
            return _parse_expression(self.replacements[original_node])
        if isinstance(updated_node, cst.Call) and isinstance(original_node, cst.Call) and original_node in self.keywords:
            return _with_keyword(updated_node, self.keywords[original_node])
        if isinstance(updated_node, (cst.IndentedBlock, cst.Module)):
            return self._rebuild_block(original_node, updated_node)
        return updated_node

    def _rebuild_block(self, original: cst.CSTNode, updated: Union[cst.IndentedBlock, cst.Module]):
        originals = list(original.body)  # type: ignore[attr-defined]
        body = list(updated.body)
        if not any(o in self.inserts or o in self.swaps for o in originals):
            return updated
        by_original = dict(zip(originals, body))
        result: list[cst.BaseStatement] = []
        for old, new in zip(originals, body):
            for code in self.inserts.get(old, []):
                # The comment above the statement stays with it, below the inserted lines.
                result.extend(_parse_statements(code, self.module))
            partner = self.swaps.get(old)
            if partner is not None and partner in by_original:
                # Each statement takes the other's place; comments above stay with the place.
                swapped = by_original[partner]
                assert isinstance(new, (cst.SimpleStatementLine, cst.BaseCompoundStatement))  # the only kinds of statement a block holds
                new = swapped.with_changes(leading_lines=new.leading_lines)
            result.append(new)
        return updated.with_changes(body=result)


def _preamble_end(module: cst.Module) -> int:
    """Index of the first statement after the docstring and `from __future__` imports."""
    index = 0
    for i, statement in enumerate(module.body):
        small = statement.body if isinstance(statement, cst.SimpleStatementLine) else None
        if not small:
            break
        if i == 0 and len(small) == 1 and isinstance(small[0], cst.Expr) and isinstance(
            small[0].value, (cst.SimpleString, cst.ConcatenatedString)
        ):
            index = 1
        elif all(isinstance(s, cst.ImportFrom) and dotted_module(s) == "__future__" for s in small):
            index = i + 1
        else:
            break
    return index


def _imports_end(module: cst.Module) -> int:
    """Index of the first statement after the leading block of imports."""
    index = _preamble_end(module)
    for statement in module.body[index:]:
        small = statement.body if isinstance(statement, cst.SimpleStatementLine) else None
        if not small or not all(isinstance(s, (cst.Import, cst.ImportFrom)) for s in small):
            break
        index += 1
    return index


def dotted_module(node: cst.ImportFrom) -> str:
    return cst.Module([]).code_for_node(node.module) if node.module is not None else ""


def _insert_lines(module: cst.Module, index: int, lines: list[str]) -> cst.Module:
    statements: list[cst.BaseStatement] = []
    for line in lines:
        statements.extend(_parse_statements(line, module))
    body = list(module.body)
    if index < len(body) and body[index].leading_lines and index == 0:
        # A comment block opening the file stays on top.
        statements[0] = statements[0].with_changes(leading_lines=body[0].leading_lines)
        body[0] = body[0].with_changes(leading_lines=())
    return module.with_changes(body=[*body[:index], *statements, *body[index:]])


def _module_imports(module: cst.Module, name: str) -> bool:
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Import):
                    for alias in small.names:
                        if alias.asname is None and cst.Module([]).code_for_node(alias.name) == name:
                            return True
    return False


def apply_edits(module: cst.Module, edits: Iterable[Edit]) -> cst.Module:
    edits = list(edits)
    if not edits:
        return module
    applier = _Applier(module, edits)
    result = module.visit(applier)
    assert isinstance(result, cst.Module)
    if applier.after_imports:
        index = _imports_end(result)
        result = _insert_lines(result, index, applier.after_imports)
        if index > 0:
            # Set apart from the imports by a blank line, as a formatter would.
            body = list(result.body)
            body[index] = body[index].with_changes(leading_lines=[cst.EmptyLine()])
            result = result.with_changes(body=body)
    for name in applier.imports:
        if not _module_imports(result, name):
            result = _insert_lines(result, _import_point(result, name), [f"import {name}"])
    return result


def _import_point(module: cst.Module, name: str) -> int:
    """Where `import name` goes: right before the first module-level statement that imports
    `name` or a submodule of it (which imports `name` then anyway, so the new line changes
    when nothing is imported, it only binds the name); else after the docstring and
    `from __future__` imports."""
    prefix = name + "."
    for index, statement in enumerate(module.body):
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Import):
                modules = [cst.Module([]).code_for_node(alias.name) for alias in small.names]
            elif isinstance(small, cst.ImportFrom) and not small.relative:
                modules = [dotted_module(small)]
            else:
                continue
            if any(module_name == name or module_name.startswith(prefix) for module_name in modules):
                return index
    return _preamble_end(module)
