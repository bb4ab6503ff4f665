"""GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` line per finding, which
GitHub shows as an annotation on the pull request's diff."""

from __future__ import annotations

from typing import TextIO

from torch_advise.report import Report
from torch_advise.report.terminal import printable

_COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}


def escape_data(text: str) -> str:
    """A command's message: GitHub decodes %25, %0D and %0A, so those three must be encoded."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A property value: as a message, plus ':' and ',' which separate properties."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _carried(text: str) -> str:
    """What GitHub can carry of a name or message: CR and LF, encoded; any other control
    character would reach the job's log as it is (an ESC restyles it), so it is written escaped."""
    return printable(text, keep="\r\n")


def render(report: Report, out: TextIO) -> None:
    for finding in report.findings:
        line, col, end_line, end_col = finding.line, finding.col, finding.end_line or finding.line, finding.end_col or finding.col
        message = finding.message
        if finding.cell:
            # The annotation sits on the notebook's own file, where the flagged code is written
            # in its JSON; the message says where that is in the notebook as Jupyter shows it.
            line, col, end_line, end_col = finding.file_region
            message = f"{finding.where}: {message}"
        properties = {"file": finding.path, "line": line, "col": col, "endLine": end_line, "endColumn": end_col, "title": finding.code}
        fields = ",".join(f"{name}={escape_property(_carried(str(value)))}" for name, value in properties.items())
        command = _COMMANDS.get(finding.severity, "warning")
        out.write(f"::{command} {fields}::{escape_data(_carried(message))}\n")
