"""Lints one file's source: parse, model, checks, suppressions, positions, and fixes.

Positions cost a code generation, so they are computed only for the flagged nodes of files
that have findings.
"""

from __future__ import annotations

import ast
import dataclasses
import difflib
import gc
import os
import re
import sys
from contextlib import contextmanager
from pathlib import Path

import libcst as cst

from torch_advise.finding import Finding, TextEdit
from torch_advise.lint.analysis.builder import build_model
from torch_advise.lint.analysis.context import Analysis, CheckContext, Violation
from torch_advise.lint.checks import load_checks
from torch_advise.lint.fixes import apply_edits, edits_overlap
from torch_advise.lint.options import FileResult, LintOptions, fixable
from torch_advise.lint.positions import positions
from torch_advise.lint.suppress import is_suppressed
from torch_advise.lint.trusted_parse import parse_trusted

PARSE_ERROR = "E999"
TOO_LARGE = "E903"
# libcst parses about half a megabyte a second and needs some 200 bytes of memory per byte of
# source: a file beyond this (generated tables, vendored bundles) would cost a commit half a
# minute and gigabytes, so it is named as not checked instead.
MAX_SOURCE_BYTES = 4 * 1024 * 1024
MAX_FIX_PASSES = 10
# Python refuses brackets nested deeper than this; libcst's parser overflows its stack (a crash,
# not an exception) on nesting some hundreds of levels deeper, so such files go to Python first.
PYTHON_MAX_NESTING = 200
# Bytes in one logical line beyond which Python's parser is asked first (see _beyond_python).
LONG_LINE = 4096
_BRACKET = re.compile(rb"[()\[\]{}]")
# The visitors recurse once per nested node: code Python accepts, brackets 200 deep or a sum of
# thousands of terms, needs a few thousand frames, more than Python's default 1000.
RECURSION_LIMIT = 20_000
PYTHON_RECURSION_LIMIT = 1000  # CPython's default


def parse_error_finding(path: str, source: bytes, error: Exception) -> Finding:
    """E999 at the place Python itself reports; libcst's own message where Python parses it."""
    line, col, message = 1, 1, str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    try:
        _python_parse(source)
    except SyntaxError as syntax:
        # An unknown coding cookie comes with offset -1: a column is never below 1.
        line, col = max(syntax.lineno or 1, 1), max(syntax.offset or 1, 1)
        message = syntax.msg
    except ValueError as value:  # e.g. null bytes
        message = str(value)
    except (RecursionError, MemoryError):
        message = "an expression nested deeper than Python's own parser accepts"
    else:
        if isinstance(error, cst.ParserSyntaxError):
            line, col = error.raw_line, error.raw_column + 1
            message = f"syntax libcst cannot read yet: {error.message.strip().splitlines()[0]}"
    return Finding(
        path, line, col, PARSE_ERROR, f"file could not be parsed, nothing checked: {message}",
        slug="syntax-error", severity="error",
    )


def _too_large_finding(path: str, size: int) -> Finding:
    mib = 1024 * 1024
    return Finding(
        path, 1, 1, TOO_LARGE,
        f"file not checked: {size / mib:.1f} MiB, more than the {MAX_SOURCE_BYTES // mib} MiB one file may have",
        slug="file-too-large", severity="error",
    )


def _beyond_python(source: bytes) -> bool:
    """Whether the file may hold more than Python's own parser accepts, so that it must decide
    first: brackets (counted in strings and comments too) nested deeper than it allows, or a
    logical line so long that it can hold a chain of thousands of operators (`a.b.b...`,
    `1 + 1 + ...`, on one line, inside one bracket over many lines or joined by backslashes), on
    which libcst's parser runs for minutes or overflows its stack. A file this flags that Python
    accepts costs only Python's parse on top."""
    if len(source) > LONG_LINE:
        continued = source.count(b"\\\n") + source.count(b"\\\r\n")
        if continued > LONG_LINE // 4 or max(map(len, source.splitlines())) > LONG_LINE:
            return True
    depth = opened_at = 0
    for bracket in _BRACKET.finditer(source):
        if bracket.group() in b"([{":
            if depth == 0:
                opened_at = bracket.start()
            depth += 1
            if depth > PYTHON_MAX_NESTING:
                return True
        elif depth > 0:
            depth -= 1
            if depth == 0 and bracket.start() - opened_at > LONG_LINE:
                return True
    return depth > 0 and len(source) - opened_at > LONG_LINE


def _python_parse(source: bytes) -> None:
    """Python's own parse, as `python train.py` would run it: with the interpreter's default
    recursion limit, not the raised one the lint's walks use, so that what Python refuses
    (a chain of 12,000 `.b`) is refused here too, in milliseconds."""
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(PYTHON_RECURSION_LIMIT)
    try:
        ast.parse(source)
    finally:
        sys.setrecursionlimit(previous)


@contextmanager
def _deep_recursion():
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


def _violations(module: cst.Module, options: LintOptions, path: Path) -> list[Violation]:
    checks = load_checks()
    analysis = Analysis.of(build_model(module), options.target, path)
    found: list[Violation] = []
    try:
        for code in sorted(options.codes):
            function = checks.get(code)
            if function is not None:
                context = CheckContext(code, analysis)
                function(context)
                found.extend(context.violations)
    finally:
        analysis.model.release()
    return found


def _positioned(
    module: cst.Module, violations: list[Violation], path: str, options: LintOptions, text: str,
    ignored: frozenset[str],
) -> list[tuple[Finding, Violation]]:
    kept = [
        (violation, options.catalogue.get(violation.code))
        for violation in violations
        if violation.code not in ignored
    ]
    if not kept:
        return []
    where_is = positions(module, [violation.node for violation, _ in kept], text)
    lines = text.splitlines()
    result = []
    for violation, rule in kept:
        slug = rule.slug if rule else ""
        where = where_is[violation.node]
        text = lines[where.start.line - 1] if 0 < where.start.line <= len(lines) else ""
        if is_suppressed(violation.code, slug, text):
            continue
        fix = rule.fix if rule and rule.fix != "none" and violation.edits else None
        finding = Finding(
            path,
            where.start.line,
            where.start.column + 1,
            violation.code,
            violation.message,
            end_line=where.end.line,
            end_col=where.end.column + 1,
            slug=slug,
            severity=rule.severity if rule else "warning",
            fix=fix,
            source_line=text,
        )
        result.append((finding, violation))
    result.sort(key=lambda pair: pair[0].sort_key)
    return result


def _text(module: cst.Module, source: bytes) -> str:
    """The module's code, which is the file's text: decoding it costs less than generating it."""
    return source.decode(module.encoding, errors="replace")


_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def _advance(line: int, col: int, text: str) -> tuple[int, int]:
    """The 1-based position just after `text` when it starts at (line, col)."""
    for piece in _LINE.findall(text):
        if piece.endswith(("\n", "\r")):
            line, col = line + 1, 1
        else:
            col += len(piece)
    return line, col


def changed_regions(before: str, after: str) -> list[TextEdit]:
    """The smallest regions of `before` to replace, and their new text, that turn it into `after`.

    Positions are 1-based lines and code-point columns; an end is the position just after the
    region, so an insertion has equal start and end.
    """
    old, new = _LINE.findall(before), _LINE.findall(after)
    regions = []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        deleted, inserted = "".join(old[i1:i2]), "".join(new[j1:j2])
        prefix = len(os.path.commonprefix([deleted, inserted]))
        suffix = len(os.path.commonprefix([deleted[prefix:][::-1], inserted[prefix:][::-1]]))
        start = _advance(i1 + 1, 1, deleted[:prefix])
        end = _advance(*start, deleted[prefix : len(deleted) - suffix])
        regions.append(TextEdit(start[0], start[1], end[0], end[1], inserted[prefix : len(inserted) - suffix]))
    return regions


def _reported(module: cst.Module, findings: list[tuple[Finding, Violation]], options: LintOptions) -> list[Finding]:
    if not options.fix_replacements:
        return [finding for finding, _ in findings]
    reported = []
    for finding, violation in findings:
        if finding.fix is not None:
            fixed = apply_edits(module, violation.edits).code
            finding = dataclasses.replace(finding, fix_edits=tuple(changed_regions(module.code, fixed)))
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


def lint_source(path: str, source: bytes, options: LintOptions, ignored: frozenset[str] = frozenset()) -> FileResult:
    """Findings for one file's bytes and, when options.fix is set, the fixed bytes."""
    with _deep_recursion(), _collection_after():
        return _lint_source(path, source, options, ignored)


def _lint_source(path: str, source: bytes, options: LintOptions, ignored: frozenset[str]) -> FileResult:
    if len(source) > MAX_SOURCE_BYTES:
        return FileResult(path, [_too_large_finding(path, len(source))], source, parse_error=True)
    try:
        if _beyond_python(source):
            _python_parse(source)
        module = parse_trusted(source)
    except (cst.ParserSyntaxError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError, MemoryError) as error:
        return FileResult(path, [parse_error_finding(path, source, error)], source, parse_error=True)
    findings = _positioned(module, _violations(module, options, Path(path)), path, options, _text(module, source), ignored)
    if options.fix is None or not any(fixable(f, options.fix) for f, _ in findings):
        return FileResult(path, _reported(module, findings, options), source)
    fixed_count = 0
    current = module
    for _ in range(MAX_FIX_PASSES):
        chosen: list[Violation] = []
        for finding, violation in findings:
            if fixable(finding, options.fix) and not any(edits_overlap(violation.edits, c.edits) for c in chosen):
                chosen.append(violation)
        if not chosen:
            break
        updated = apply_edits(current, [edit for violation in chosen for edit in violation.edits])
        code = updated.bytes
        if code == current.bytes:
            break
        fixed_count += len(chosen)
        # Reparse: the next pass must see exactly what will be written, and the result must parse.
        current = parse_trusted(code)
        findings = _positioned(current, _violations(current, options, Path(path)), path, options, _text(current, code), ignored)
    return FileResult(
        path, _reported(current, findings, options), source,
        fixed_source=_with_final_line_ending_of(source, current.bytes), fixed_count=fixed_count,
    )


def _with_final_line_ending_of(source: bytes, fixed: bytes) -> bytes:
    """libcst drops the last line ending of a file whose lines end in a bare CR (old Mac style);
    the fixed file ends as the original did."""
    if source.endswith(b"\r") and fixed and not fixed.endswith((b"\r", b"\n")):
        return fixed + b"\r"
    return fixed
