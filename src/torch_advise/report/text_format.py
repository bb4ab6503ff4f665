"""ruff-style text: `path:line:col: CODE message [*]`, then a summary."""

from __future__ import annotations

from typing import TextIO

from torch_advise.report import Report


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def render(report: Report, out: TextIO) -> None:
    out.write(f"{report.target.describe()}\n")
    for finding in report.findings:
        marker = " [*]" if finding.fix == "safe" or (finding.fix and report.options.get("unsafe_fixes")) else ""
        out.write(f"{finding.path}:{finding.line}:{finding.col}: {finding.code} {finding.message}{marker}\n")
    if report.fixed:
        out.write(f"Fixed {_plural(report.fixed, 'finding')} in {_plural(report.files_fixed, 'file')}.\n")
    if not report.findings:
        if not report.fixed:
            out.write("All checks passed.\n")
        return
    files = len({f.path for f in report.findings})
    out.write(f"Found {_plural(len(report.findings), 'finding')} in {_plural(files, 'file')}")
    out.write(" (after fixes).\n" if report.fix_mode else ".\n")
    safe, unsafe = report.fixable("safe"), report.fixable("unsafe")
    if report.options.get("unsafe_fixes"):
        safe, unsafe = safe + unsafe, 0
    if safe and not report.fix_mode:
        out.write(f"[*] {safe} fixable with --fix.\n")
    if unsafe:
        out.write(f"{unsafe} more fixable with --fix --unsafe-fixes.\n")
