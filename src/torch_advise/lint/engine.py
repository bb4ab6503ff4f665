"""Lints one file's source: parse, model, checks, suppressions, positions, and fixes.

Positions cost a code generation, so they are computed only for the flagged nodes of files
that have findings.
"""

from __future__ import annotations

import ast
import dataclasses
import gc
import io
import re
import sys
import tokenize
from collections.abc import Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Optional, Protocol

import libcst as cst

from torch_advise.finding import Finding, TextEdit
from torch_advise.lint.analysis.builder import build_model
from torch_advise.lint.analysis.context import Analysis, CheckContext, Violation
from torch_advise.lint.analysis.edits import Edit
from torch_advise.lint.analysis.importers import project_state
from torch_advise.lint.checks import load_checks
from torch_advise.lint.fixes import apply_edits, edits_overlap
from torch_advise.lint.memory_budget import allowed_bytes, needed_bytes
from torch_advise.lint.options import FileResult, LintOptions, fixable
from torch_advise.lint.positions import positions
from torch_advise.lint.splice import PositionMap, Region, regions_in_original, splice
from torch_advise.lint.suppress import is_suppressed
from torch_advise.lint.trusted_parse import parse_trusted

PARSE_ERROR = "E999"
TOO_LARGE = "E903"
UNREADABLE_SYNTAX = "E904"
# libcst parses about half a megabyte a second: a file beyond this (generated tables, vendored
# bundles) would cost a commit half a minute, so it is named as not checked instead, before even
# Python parses it. What libcst's memory allows is decided by the file's shape (memory_budget).
MAX_SOURCE_BYTES = 4 * 1024 * 1024
MAX_FIX_PASSES = 10
# The visitors recurse once per nested node: code Python accepts, brackets 200 deep or a sum of
# thousands of terms, needs a few thousand frames, more than Python's default 1000.
RECURSION_LIMIT = 20_000
PYTHON_RECURSION_LIMIT = 1000  # CPython's default
PYTHON = f"Python {sys.version_info.major}.{sys.version_info.minor}"


class EditFence(Protocol):
    """Where fixes may edit a source that is more than one file's text (a notebook's cells,
    joined): a fix it does not admit is reported without one, and each pass of fixes is
    applied only once it has followed the pass's regions."""

    def admits(self, source: bytes, regions: Sequence[Region]) -> bool:
        """Whether one fix, these regions of `source`, may be applied."""
        ...

    def apply(self, source: bytes, regions: Sequence[Region]) -> bool:
        """Follow a pass of admitted fixes, these regions of `source`; False when it cannot."""
        ...


def python_refusal(path: str, error: Exception) -> Finding:
    """E999 where the running Python refuses the file, at the place it points to."""
    line, col = 1, 1
    if isinstance(error, SyntaxError):
        # An unknown coding cookie comes with offset -1: a column is never below 1.
        line, col, message = max(error.lineno or 1, 1), max(error.offset or 1, 1), error.msg
    elif isinstance(error, (RecursionError, MemoryError)):
        message = "an expression nested deeper than Python's own parser accepts"
    else:  # ValueError: null bytes
        message = str(error)
    return Finding(
        path, line, col, PARSE_ERROR, f"file could not be parsed, nothing checked: {message} ({PYTHON} refuses it)",
        slug="syntax-error", severity="error",
    )


def _unreadable_syntax(path: str, error: Exception) -> Finding:
    """E904: Python accepts the file, libcst cannot read it; neither checked nor ever written."""
    line, col, message = 1, 1, str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    if isinstance(error, cst.ParserSyntaxError):
        line, col, message = error.raw_line, error.raw_column + 1, error.message.strip().splitlines()[0]
    return Finding(
        path, line, col, UNREADABLE_SYNTAX,
        f"file not checked: {PYTHON} accepts it but advise's parser cannot read it ({message})",
        slug="unreadable-syntax", severity="error",
    )


def _too_large_finding(path: str, size: int) -> Finding:
    mib = 1024 * 1024
    return Finding(
        path, 1, 1, TOO_LARGE,
        f"file not checked: {size / mib:.1f} MiB, more than the {MAX_SOURCE_BYTES // mib} MiB one file may have",
        slug="file-too-large", severity="error",
    )


def _over_memory_finding(path: str, needed: int, allowed: int) -> Finding:
    gib = 1024**3
    return Finding(
        path, 1, 1, TOO_LARGE,
        f"file not checked: its syntax tree would take about {needed / gib:.1f} GiB, more than the "
        f"{allowed / gib:.1f} GiB one file may use here (a long generated line or table?)",
        slug="file-too-large", severity="error",
    )


def python_parse(source: bytes) -> ast.Module:
    """Python's own parse, as `python train.py` would run it: with the interpreter's default
    recursion limit, not the raised one the lint's walks use, so that what Python refuses
    (a chain of 12,000 `.b`) is refused here too, in milliseconds."""
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(PYTHON_RECURSION_LIMIT)
    try:
        return ast.parse(source)
    finally:
        sys.setrecursionlimit(previous)


def _declared_encoding(source: bytes) -> str:
    """The encoding Python reads the file in. libcst looks for a coding cookie in lines that
    end in \n only; Python finds it in lines that end in a bare \r too."""
    head = source[:4096].splitlines(keepends=True)[:2]
    return tokenize.detect_encoding(io.BytesIO(b"".join(line.rstrip(b"\r\n") + b"\n" for line in head)).readline)[0]


class ReadOtherwise(SyntaxError):
    """libcst reads the file as another program than Python does."""


def _same_program(module: cst.Module, source: bytes, tree: ast.Module) -> None:
    """Where libcst's code for the file is not the file (around a form feed or a continuation
    opening a line, see _DROPPABLE), whether it is the same program to Python: libcst has been
    seen to put the line after a continuation into the block above it."""
    if not _DROPPABLE.search(source):
        return
    regenerated = module.bytes
    if regenerated != source and ast.dump(python_parse(regenerated)) != ast.dump(tree):
        raise ReadOtherwise("it reads a continuation or form feed at the start of a line otherwise than Python does")


def _parse_libcst(source: bytes) -> cst.Module:
    try:
        return parse_trusted(source)
    except SyntaxError:
        if b"\r" not in source:
            raise
        return parse_trusted(source, encoding=_declared_encoding(source))


@contextmanager
def _deep_recursion():
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


def _violations(module: cst.Module, options: LintOptions, path: Path) -> tuple[list[Violation], Optional[tuple[str, str]]]:
    """The rules broken in the module, and the project's state when deciding them read it."""
    checks = load_checks()
    analysis = Analysis.of(build_model(module), options.target_for(path), path)
    found: list[Violation] = []
    try:
        for code in sorted(options.codes):
            function = checks.get(code)
            rule = options.catalogue.get(code)
            if rule is not None and rule.since is not None and not analysis.target.torch_at_least(*rule.since):
                continue  # its advice names what this torch does not have yet
            if function is not None:
                context = CheckContext(code, analysis)
                function(context)
                found.extend(context.violations)
    finally:
        analysis.model.release()
    project = analysis.project
    return found, (project.folder, project_state(project.folder)) if project.read else None


def _positioned(
    module: cst.Module, violations: list[Violation], path: str, options: LintOptions, source: bytes,
    ignored: frozenset[str], fence: Optional[EditFence],
) -> list[tuple[Finding, Violation]]:
    kept = [
        (violation, options.catalogue.get(violation.code))
        for violation in violations
        if violation.code not in ignored
    ]
    if not kept:
        return []
    in_file = _in_file(module, source)
    regenerated = module.code if in_file is not None else _text(module, source)
    where_is = positions(module, [violation.node for violation, _ in kept], regenerated)
    # Python's lines: a form feed ends none, as str.splitlines would have it.
    lines = [line.rstrip("\r\n") for line in _LINE.findall(_text(module, source))]
    result = []
    for violation, rule in kept:
        slug = rule.slug if rule else ""
        where = where_is[violation.node]
        (line, column), (end_line, end_column) = (where.start.line, where.start.column), (where.end.line, where.end.column)
        if in_file is not None:
            (line, column), (end_line, end_column) = in_file(line, column), in_file(end_line, end_column)
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        if is_suppressed(violation.code, slug, text):
            continue
        fix = rule.fix if rule and rule.fix != "none" and violation.edits else None
        finding = Finding(
            path,
            line,
            column + 1,
            violation.code,
            violation.message,
            end_line=end_line,
            end_col=end_column + 1,
            slug=slug,
            severity=rule.severity if rule else "warning",
            fix=fix,
            source_line=text,
        )
        result.append((finding, violation))
    result.sort(key=lambda pair: pair[0].sort_key)
    return result if fence is None else _fenced(module, source, result, fence)


def _fenced(module: cst.Module, source: bytes, findings: list[tuple[Finding, Violation]], fence: EditFence) -> list[tuple[Finding, Violation]]:
    """The findings, those whose fix the fence does not admit without one."""
    regenerated = module.bytes
    result = []
    for finding, violation in findings:
        if finding.fix is not None and not fence.admits(source, _regions(module, source, regenerated, violation.edits)):
            finding = dataclasses.replace(finding, fix=None)
        result.append((finding, violation))
    return result


def _regions(module: cst.Module, source: bytes, regenerated: bytes, edits: Sequence[Edit]) -> list[Region]:
    """The regions of `source` that applying `edits` alone replaces."""
    return regions_in_original(source, regenerated, apply_edits(module, edits).bytes)


def _text(module: cst.Module, source: bytes) -> str:
    """The file's text, which is the module's code where _in_file finds nothing to map:
    decoding it costs less than generating it."""
    return source.decode(module.encoding, errors="replace")


# What libcst may leave out of its code for a module: a form feed or a continuation opening a line.
_DROPPABLE = re.compile(rb"(?:^|[\r\n])[ \t]*(?:\x0c|\\\r?\n|\\\r)")


def _in_file(module: cst.Module, source: bytes) -> Optional[PositionMap]:
    """Where libcst's positions are not the file's, the map from one to the other."""
    if not _DROPPABLE.search(source):
        return None
    regenerated = module.bytes
    return None if regenerated == source else PositionMap(source, regenerated, module.encoding)


_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def _advance(line: int, col: int, text: str) -> tuple[int, int]:
    """The 1-based position just after `text` when it starts at (line, col)."""
    for piece in _LINE.findall(text):
        if piece.endswith(("\n", "\r")):
            line, col = line + 1, 1
        else:
            col += len(piece)
    return line, col


def _text_edits(source: bytes, regions: list[Region], encoding: str) -> list[TextEdit]:
    """Byte regions of the file as lines and code-point columns of its text."""
    edits = []
    for region in regions:
        start = _advance(1, 1, source[: region.start].decode(encoding, errors="replace"))
        end = _advance(*start, source[region.start : region.end].decode(encoding, errors="replace"))
        edits.append(TextEdit(start[0], start[1], end[0], end[1], region.text.decode(encoding, errors="replace")))
    return edits


def _reported(module: cst.Module, source: bytes, findings: list[tuple[Finding, Violation]], options: LintOptions) -> list[Finding]:
    if not options.fix_replacements:
        return [finding for finding, _ in findings]
    reported = []
    regenerated = module.bytes
    for finding, violation in findings:
        if finding.fix is not None:
            regions = _regions(module, source, regenerated, violation.edits)
            finding = dataclasses.replace(finding, fix_edits=tuple(_text_edits(source, regions, module.encoding)))
        reported.append(finding)
    return reported


@contextmanager
def _collection_after():
    """No cyclic garbage collection while one file is parsed and checked, one young-generation
    collection after. A parse makes about a million small objects, which keep triggering
    collections that find nothing to free; the file's model is garbage only once it is done.
    Measured over the review set: a tenth of the lint's time. The model breaks its own cycles
    when the checks are done (TrainingModel.release), so the tree is already freed when this
    collection runs and it has little left to walk (0.1 ms a file instead of 2.9)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.collect(1)


def lint_source(
    path: str, source: bytes, options: LintOptions, ignored: frozenset[str] = frozenset(), fence: Optional[EditFence] = None
) -> FileResult:
    """Findings for one file's bytes and, when options.fix is set, the fixed bytes. `fence`:
    where fixes may edit a source joined from several texts (a notebook's cells)."""
    with _deep_recursion(), _collection_after():
        return _lint_source(path, source, options, ignored, fence)


def _lint_source(path: str, source: bytes, options: LintOptions, ignored: frozenset[str], fence: Optional[EditFence]) -> FileResult:
    if len(source) > MAX_SOURCE_BYTES:
        return FileResult(path, [_too_large_finding(path, len(source))], source, parse_error=True)
    try:
        tree = python_parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
        return FileResult(path, [python_refusal(path, error)], source, parse_error=True)
    allowed = allowed_bytes()
    needed = needed_bytes(source, tree, allowed)
    if needed is not None:
        return FileResult(path, [_over_memory_finding(path, needed, allowed)], source, parse_error=True)
    try:
        module = _parse_libcst(source)
        _same_program(module, source, tree)
    except (cst.ParserSyntaxError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError, MemoryError) as error:
        return FileResult(path, [_unreadable_syntax(path, error)], source, parse_error=True)
    del tree
    violations, state = _violations(module, options, Path(path))
    findings = _positioned(module, violations, path, options, source, ignored, fence)
    if options.fix is None or not any(fixable(f, options.fix) for f, _ in findings):
        return FileResult(path, _reported(module, source, findings, options), source, project_state=state)
    # Counted on the file, not on the fixes: one edit may settle several findings (a rewritten
    # import serves every use of it), and a later pass may fix what an earlier one revealed.
    found = len(findings)
    current, current_source = module, source
    for _ in range(MAX_FIX_PASSES):
        chosen: list[Violation] = []
        for finding, violation in findings:
            if fixable(finding, options.fix) and not any(edits_overlap(violation.edits, c.edits) for c in chosen):
                chosen.append(violation)
        if not chosen:
            break
        regenerated = current.bytes
        updated = apply_edits(current, [edit for violation in chosen for edit in violation.edits]).bytes
        if fence is not None and updated != regenerated:
            updated = _within_fence(current, current_source, regenerated, updated, chosen, fence)
        if updated == regenerated:
            break
        code = splice(current_source, regenerated, updated)
        _refuse_unless_python_accepts(code)
        # Reparse: the next pass must see exactly what will be written.
        current, current_source = _parse_libcst(code), code
        violations, read = _violations(current, options, Path(path))
        state = state or read
        findings = _positioned(current, violations, path, options, code, ignored, fence)
    return FileResult(
        path, _reported(current, current_source, findings, options), source,
        fixed_source=current_source, fixed_count=max(found - len(findings), 0), project_state=state,
    )


def _within_fence(
    module: cst.Module, source: bytes, regenerated: bytes, updated: bytes, chosen: list[Violation], fence: EditFence
) -> bytes:
    """The pass's fixed code, once the fence has followed it: all the chosen fixes, or, where
    their diff together makes a region the fence cannot follow (fixes at the end of one cell
    and the start of the next meet in one), the first alone, which it admitted; otherwise
    nothing."""
    if fence.apply(source, regions_in_original(source, regenerated, updated)):
        return updated
    updated = apply_edits(module, chosen[0].edits).bytes
    return updated if fence.apply(source, regions_in_original(source, regenerated, updated)) else regenerated


class FixBrokeTheFile(RuntimeError):
    """A fix would have written code Python refuses: a fault of advise, and nothing is written."""


def _refuse_unless_python_accepts(code: bytes) -> None:
    try:
        python_parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
        raise FixBrokeTheFile(f"a fix would have written code {PYTHON} refuses ({error}); the file was left as it was") from None
