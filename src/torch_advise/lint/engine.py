"""Lints one file's source: parse, model, checks, suppressions, positions, and fixes.

The checks read advise's own tree, built from Python's `ast` (syntax_tree/); libcst is imported
and the file parsed by it only where a fix is written or shown (fix_tree.py).
"""

from __future__ import annotations

import ast
import gc
import re
import sys
from collections.abc import Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Protocol

from torch_advise import records
from torch_advise.finding import Finding, TextEdit
from torch_advise.lint.analysis.builder import build_model
from torch_advise.lint.analysis.context import Analysis, CheckContext, Violation
from torch_advise.lint.analysis.edits import Edit, edits_overlap
from torch_advise.lint.checks import check_of
from torch_advise.lint.memory_budget import allowed_bytes, needed_bytes
from torch_advise.lint.options import FileResult, LintOptions, fixable
from torch_advise.lint.project_files import project_state
from torch_advise.lint.splice import Region, regions_in_original, splice
from torch_advise.lint.suppress import is_suppressed
from torch_advise.lint.syntax_tree import nodes as own
from torch_advise.lint.syntax_tree.build import build_module
from torch_advise.lint.syntax_tree.source import Source, declared_encoding, position

if TYPE_CHECKING:
    import libcst

    from torch_advise.lint.fix_tree import NodeMap

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


def _unreadable_syntax(path: str, error: BaseException) -> Finding:
    """E904: Python accepts the file, the parser fixes are written with cannot read it; it was
    checked, and it is never written."""
    import libcst

    line, col, message = 1, 1, str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    if isinstance(error, libcst.ParserSyntaxError):
        line, col, message = error.raw_line, error.raw_column + 1, error.message.strip().splitlines()[0]
    return Finding(
        path, line, col, UNREADABLE_SYNTAX,
        f"fixes not written: {PYTHON} accepts the file but the parser fixes are written with cannot read it ({message})",
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


class ReadOtherwise(SyntaxError):
    """libcst reads the file as another program than Python does."""


class _Fixer:
    """libcst's tree of the source, which fixes are written on, and the map to it from
    advise's tree. Making one raises what makes libcst's tree of the file unusable for fixes
    (_fixer_errors)."""

    def __init__(self, module: own.Module, source: bytes, tree: ast.Module) -> None:
        from torch_advise.lint.fix_tree import NodeMap, parse

        self.theirs: libcst.Module = parse(source)
        _same_program(self.theirs, source, tree)
        self.nodes: NodeMap = NodeMap(module, self.theirs)

    def applied(self, edits: Sequence[Edit]) -> bytes:
        from torch_advise.lint.fixes import apply_edits

        return apply_edits(self.theirs, self.nodes.edits(edits)).bytes


def _fixer_errors() -> tuple[type[BaseException], ...]:
    import libcst

    from torch_advise.lint.fix_tree import TreesDiffer

    return (libcst.ParserSyntaxError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError, MemoryError, TreesDiffer)


def _same_program(module: libcst.Module, source: bytes, tree: ast.Module) -> None:
    """Where libcst's code for the file is not the file (around a form feed or a continuation
    opening a line, see _DROPPABLE), whether it is the same program to Python: libcst has been
    seen to put the line after a continuation into the block above it."""
    if not _DROPPABLE.search(source):
        return
    regenerated = module.bytes
    if regenerated != source and ast.dump(python_parse(regenerated)) != ast.dump(tree):
        raise ReadOtherwise("it reads a continuation or form feed at the start of a line otherwise than Python does")


def own_tree(source: bytes, tree: ast.Module) -> own.Module:
    """advise's tree of the file that Python parsed into `tree`."""
    encoding = declared_encoding(source)
    text = source.decode(encoding)
    if text.startswith("\ufeff"):
        text = text[1:]
    return build_module(Source(text, source, encoding), tree)


@contextmanager
def _deep_recursion():
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


def _violations(module: own.Module, tree: ast.Module, options: LintOptions, path: Path) -> tuple[list[Violation], Optional[tuple[str, str]]]:
    """The rules broken in the module, and the project's state when deciding them read it."""
    analysis = Analysis.of(build_model(module), options.target_for(path), path, tree)
    found: list[Violation] = []
    try:
        for code in sorted(options.codes):
            rule = options.catalogue.get(code)
            function = check_of(code, rule.slug) if rule is not None else None
            if rule is not None and rule.since is not None and not analysis.target.torch_at_least(*rule.since):
                continue  # its advice names what this torch does not have yet
            if function is not None:
                context = CheckContext(code, analysis)
                function(context)
                # Asked only of a rule that found something, since it reads the project: code
                # that shows it runs on an older torch (Project.torch_ceiling) gets no advice
                # that needs a newer one.
                if context.violations and rule is not None and rule.since is not None and not context.runs_on_torch_at_least(*rule.since):
                    continue
                found.extend(context.violations)
    finally:
        analysis.model.release()
    project = analysis.project
    return found, (project.folder, project_state(project.folder)) if project.read else None


def _positioned(
    module: own.Module, violations: list[Violation], path: str, options: LintOptions, ignored: frozenset[str]
) -> list[tuple[Finding, Violation]]:
    kept = [
        (violation, options.catalogue.get(violation.code))
        for violation in violations
        if violation.code not in ignored
    ]
    if not kept:
        return []
    # Python's lines: a form feed ends none, as str.splitlines would have it.
    lines = [line.rstrip("\r\n") for line in _LINE.findall(module.code)]
    result = []
    for violation, rule in kept:
        slug = rule.slug if rule else ""
        (line, column), (end_line, end_column) = position(violation.node)
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
    return result


def _fenced(fixer: _Fixer, source: bytes, findings: list[tuple[Finding, Violation]], fence: EditFence) -> list[tuple[Finding, Violation]]:
    """The findings, those whose fix the fence does not admit without one."""
    regenerated = fixer.theirs.bytes
    result = []
    for finding, violation in findings:
        if finding.fix is not None and not fence.admits(source, _regions(fixer, source, regenerated, violation.edits)):
            finding = records.replace(finding, fix=None)
        result.append((finding, violation))
    return result


def _regions(fixer: _Fixer, source: bytes, regenerated: bytes, edits: Sequence[Edit]) -> list[Region]:
    """The regions of `source` that applying `edits` alone replaces."""
    return regions_in_original(source, regenerated, fixer.applied(edits))


# What libcst may leave out of its code for a module: a form feed or a continuation opening a line.
_DROPPABLE = re.compile(rb"(?:^|[\r\n])[ \t]*(?:\x0c|\\\r?\n|\\\r)")


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


def _reported(fixer: Optional[_Fixer], source: bytes, findings: list[tuple[Finding, Violation]], options: LintOptions) -> list[Finding]:
    if not options.fix_replacements or fixer is None:
        return [finding for finding, _ in findings]
    reported = []
    regenerated = fixer.theirs.bytes
    for finding, violation in findings:
        if finding.fix is not None:
            regions = _regions(fixer, source, regenerated, violation.edits)
            finding = records.replace(finding, fix_edits=tuple(_text_edits(source, regions, fixer.theirs.encoding)))
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
    module = own_tree(source, tree)
    violations, state = _violations(module, tree, options, Path(path))
    findings = _positioned(module, violations, path, options, ignored)
    wants_fix = options.fix is not None and any(fixable(f, options.fix) for f, _ in findings)
    shows_fixes = (options.fix_replacements or fence is not None) and any(f.fix is not None for f, _ in findings)
    if not wants_fix and not shows_fixes:
        return FileResult(path, [finding for finding, _ in findings], source, project_state=state)
    try:
        fixer = _Fixer(module, source, tree)
    except _fixer_errors() as error:
        unfixed = [records.replace(finding, fix=None) for finding, _ in findings]
        return FileResult(path, [*unfixed, _unreadable_syntax(path, error)], source, project_state=state)
    if fence is not None:
        findings = _fenced(fixer, source, findings, fence)
    if not wants_fix:
        return FileResult(path, _reported(fixer, source, findings, options), source, project_state=state)
    # Counted on the file, not on the fixes: one edit may settle several findings (a rewritten
    # import serves every use of it), and a later pass may fix what an earlier one revealed.
    found = len(findings)
    current_source = source
    for _ in range(MAX_FIX_PASSES):
        chosen: list[Violation] = []
        for finding, violation in findings:
            if fixable(finding, options.fix) and not any(edits_overlap(violation.edits, c.edits) for c in chosen):
                chosen.append(violation)
        if not chosen:
            break
        regenerated = fixer.theirs.bytes
        updated = fixer.applied([edit for violation in chosen for edit in violation.edits])
        if fence is not None and updated != regenerated:
            updated = _within_fence(fixer, current_source, regenerated, updated, chosen, fence)
        if updated == regenerated:
            break
        code = splice(current_source, regenerated, updated)
        tree = _refuse_unless_python_accepts(code)
        # Checked again: the next pass must see exactly what will be written.
        module, current_source = own_tree(code, tree), code
        violations, read = _violations(module, tree, options, Path(path))
        state = state or read
        findings = _positioned(module, violations, path, options, ignored)
        fixer = _Fixer(module, code, tree)
        if fence is not None:
            findings = _fenced(fixer, code, findings, fence)
    return FileResult(
        path, _reported(fixer, current_source, findings, options), source,
        fixed_source=current_source, fixed_count=max(found - len(findings), 0), project_state=state,
    )


def _within_fence(
    fixer: _Fixer, source: bytes, regenerated: bytes, updated: bytes, chosen: list[Violation], fence: EditFence
) -> bytes:
    """The pass's fixed code, once the fence has followed it: all the chosen fixes, or, where
    their diff together makes a region the fence cannot follow (fixes at the end of one cell
    and the start of the next meet in one), the first alone, which it admitted; otherwise
    nothing."""
    if fence.apply(source, regions_in_original(source, regenerated, updated)):
        return updated
    updated = fixer.applied(chosen[0].edits)
    return updated if fence.apply(source, regions_in_original(source, regenerated, updated)) else regenerated


class FixBrokeTheFile(RuntimeError):
    """A fix would have written code Python refuses: a fault of advise, and nothing is written."""


def _refuse_unless_python_accepts(code: bytes) -> ast.Module:
    try:
        return python_parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
        raise FixBrokeTheFile(f"a fix would have written code {PYTHON} refuses ({error}); the file was left as it was") from None
