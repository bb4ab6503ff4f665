"""ruff-style text: `path:line:col: CODE message [*]` (in a notebook `path:cell 4:line:col:`),
with the flagged source line under it (ruff's full format) when asked, then a summary; or, with
--statistics, a count per rule."""

from __future__ import annotations

from collections import Counter
from typing import TextIO

from torch_advise.finding import Finding
from torch_advise.report import Report
from torch_advise.report.terminal import Palette, printable


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _fixable(report: Report, fix: object) -> bool:
    return fix == "safe" or bool(fix and report.options.get("unsafe_fixes"))


def render(report: Report, out: TextIO) -> None:
    palette = Palette(report.color)
    if report.statistics:
        _render_statistics(report, out, palette)
        return
    if not report.quiet:
        out.write(f"{palette.quiet(report.target.describe())}\n")
    for finding in report.findings:
        marker = palette.fixable(" [*]") if _fixable(report, finding.fix) else ""
        where = f"{palette.path(printable(finding.path))}:{finding.where}:"
        out.write(f"{where} {palette.code(finding.code, finding.severity)} {printable(finding.message)}{marker}\n")
        if report.snippets and finding.source_line:
            out.write(_snippet(finding, palette))
    if not report.quiet:
        _render_summary(report, out)
        if report.baselined:
            out.write(f"{_plural(report.baselined, 'finding')} in the baseline not shown.\n")


def _snippet(finding: Finding, palette: Palette) -> str:
    """The flagged line with the flagged range underlined, framed as ruff's full format does."""
    line = finding.source_line.rstrip("\r\n")
    start = max(finding.col - 1, 0)
    end = finding.end_col - 1 if finding.end_line == finding.line and finding.end_col > finding.col else len(line)
    end = max(min(end, len(line)), start + 1)
    # Escaped piece by piece, so that the carets sit under the flagged characters as shown.
    before, flagged, after = (printable(piece, keep="\t") for piece in (line[:start], line[start:end], line[end:]))
    # Tabs stay tabs under the line, so the carets sit under the same characters on any tab width.
    indent = "".join(char if char == "\t" else " " for char in before)
    gutter = " " * len(str(finding.line))
    rule = palette.quiet(f"{gutter} |")
    return (
        f"{rule}\n"
        f"{palette.quiet(f'{finding.line} |')} {before}{flagged}{after}\n"
        f"{rule} {indent}{palette.code('^' * max(len(flagged), 1), finding.severity)}\n"
        f"{rule}\n"
    )


def _render_summary(report: Report, out: TextIO) -> None:
    if report.fixed:
        out.write(f"Fixed {_plural(report.fixed, 'finding')} in {_plural(report.files_fixed, 'file')}.\n")
    if report.not_checked:
        out.write(f"{_plural(len(report.not_checked), 'file')} not checked because of an internal error (see above).\n")
    if not report.findings:
        if not report.fixed and not report.not_checked:
            out.write("All checks passed.\n")
        return
    files = len({f.path for f in report.findings})
    out.write(f"Found {_plural(len(report.findings), 'finding')} in {_plural(files, 'file')}")
    out.write(" (after fixes).\n" if report.files_fixed else ".\n")
    safe, unsafe = report.fixable("safe"), report.fixable("unsafe")
    if report.options.get("unsafe_fixes"):
        safe, unsafe = safe + unsafe, 0
    if safe and not report.fix_mode:
        out.write(f"[*] {safe} fixable with --fix.\n")
    if unsafe:
        out.write(f"{unsafe} more fixable with --fix --unsafe-fixes.\n")


def _render_statistics(report: Report, out: TextIO, palette: Palette) -> None:
    """One line per rule, most frequent first, as `ruff --statistics` prints them."""
    counts = Counter(finding.code for finding in report.findings)
    fixable = {finding.code for finding in report.findings if _fixable(report, finding.fix)}
    names = {finding.code: finding.slug for finding in report.findings}
    severities = {finding.code: finding.severity for finding in report.findings}
    width = len(str(max(counts.values(), default=0)))
    code_width = max((len(code) for code in counts), default=0)
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        marker = palette.fixable("[*]") if code in fixable else "   "
        padded = palette.code(code, severities[code]) + " " * (code_width - len(code))
        out.write(f"{count:>{width}}  {padded}  {marker} {names[code]}\n")
