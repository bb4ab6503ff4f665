"""Code actions on a lint's findings: a quick fix applying one finding's own fix, a quick fix
suppressing the finding on its line, and a source action applying every fix `--fix` would.
Each is a WorkspaceEdit for the client to apply; the server writes no file."""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from typing import Callable, Optional

from lsprotocol import types

from torch_advise.catalogue import load_catalogue
from torch_advise.finding import Finding
from torch_advise.lint.magics import mask
from torch_advise.server.diagnostics import diagnostic
from torch_advise.server.documents import Notebook, Place
from torch_advise.server.lint import Checked
from torch_advise.server.positions import Text, Units, replacement

FIX_ALL = "source.fixAll.advise"
KINDS = (types.CodeActionKind.QuickFix, FIX_ALL)

# An `advise: ignore[...]` comment the line already has, whose list a new code joins.
_IGNORE_LIST = re.compile(r"(#\s*advise\s*:\s*ignore\[)([^\]]*)(\])", re.IGNORECASE)


def code_actions(
    checked: Checked,
    uri: str,
    wanted: types.Range,
    only: Optional[Sequence[str]],
    units: Units,
    fix_all: Callable[[], Optional[Checked]],
) -> list[types.CodeAction]:
    """The actions for the findings of `checked` in document `uri` that meet `wanted`, and the
    fix-all action, of the kinds in `only` (None: every kind). `fix_all` lints again with
    --fix, only when the fix-all action is wanted and has something to fix."""
    texts = {document: Text(text, units) for document, text in checked.subject.texts.items()}
    actions: list[types.CodeAction] = []
    if _wanted(types.CodeActionKind.QuickFix, only) and checked.subject.editable and uri in texts:
        for finding in checked.findings:
            place = checked.subject.place(finding)
            if place is None or place[0] != uri:
                continue
            shown = diagnostic(finding, place, texts[uri])
            if not _meets(shown.range, wanted):
                continue
            if checked.fixable(finding) and finding.fix_edits:
                actions.append(_fix(checked, finding, shown, texts))
            suppress = _suppression(checked, finding, place, texts[uri])
            if suppress is not None:
                actions.append(suppress)
    if _wanted(FIX_ALL, only) and any(checked.fixable(finding) for finding in checked.findings):
        fixed = fix_all()
        if fixed is not None and fixed.fixed_source is not None:
            changes = {document: [replacement(texts[document], new)] for document, new in fixed.subject.fixed(fixed.fixed_source).items()}
            title = "Fix all safe and unsafe fixes" if fixed.unsafe_fixes else "Fix all safe fixes"
            actions.append(types.CodeAction(title, kind=FIX_ALL, edit=types.WorkspaceEdit(changes=changes)))
    # Two findings of one rule on a line (an import rewrite that serves both) would offer the
    # same edit twice.
    unique: dict[tuple[str, str], types.CodeAction] = {}
    for action in actions:
        unique.setdefault((action.title, repr(action.edit)), action)
    return list(unique.values())


def _wanted(kind: str, only: Optional[Sequence[str]]) -> bool:
    # A kind asked for covers its sub-kinds: "source.fixAll" asks for "source.fixAll.advise".
    return only is None or any(kind == asked or kind.startswith(asked + ".") for asked in only)


def _meets(found: types.Range, wanted: types.Range) -> bool:
    def key(position: types.Position) -> tuple[int, int]:
        return position.line, position.character

    return key(found.start) <= key(wanted.end) and key(wanted.start) <= key(found.end)


def _fix(checked: Checked, finding: Finding, shown: types.Diagnostic, texts: dict[str, Text]) -> types.CodeAction:
    changes: dict[str, list[types.TextEdit]] = {}
    for edit in finding.fix_edits:
        document = checked.subject.document_of(edit)
        assert document is not None  # an editable subject places every edit
        text = texts[document]
        changes.setdefault(document, []).append(
            types.TextEdit(text.range(edit.start_line, edit.start_col, edit.end_line, edit.end_col), edit.text)
        )
    title = f"Fix {finding.code} ({finding.slug})" + (", unsafe" if finding.fix == "unsafe" else "")
    return types.CodeAction(
        title,
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[shown],
        is_preferred=finding.fix == "safe",
        edit=types.WorkspaceEdit(changes=changes),
    )


def _suppression(checked: Checked, finding: Finding, place: Place, text: Text) -> Optional[types.CodeAction]:
    """`# advise: ignore[CODE]` on the line the finding starts on, where the engine looks for it:
    joined to the line's own ignore list if it has one, else appended. Offered only where the
    comment leaves the program as it was (a line ending in a backslash or inside a string
    would take it as code or text)."""
    if load_catalogue().get(finding.code) is None:
        return None  # E999 and the other file codes are no rule to suppress
    uri, line = place[0], place[1]
    if not 0 < line <= len(text.lines):
        return None
    current = text.line(line)
    joined = _IGNORE_LIST.sub(lambda m: f"{m.group(1)}{m.group(2).rstrip()}, {finding.code}{m.group(3)}", current, count=1)
    candidates = [joined] if joined != current else []
    candidates.append(f"{current.rstrip()}  # advise: ignore[{finding.code}]")
    start = text.starts[line - 1]
    for candidate in candidates:
        new = text.text[:start] + candidate + text.text[start + len(current) :]
        if _same_program(text.text, new, isinstance(checked.subject, Notebook)):
            return types.CodeAction(
                f"Suppress {finding.code} on this line",
                kind=types.CodeActionKind.QuickFix,
                edit=types.WorkspaceEdit(changes={uri: [replacement(text, new)]}),
            )
    return None


def _same_program(old: str, new: str, notebook: bool) -> bool:
    if notebook:
        # A cell's IPython lines (magics, shell escapes) are no Python to parse.
        old, new = mask(old).text, mask(new).text
    try:
        return ast.dump(ast.parse(old)) == ast.dump(ast.parse(new))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
