"""Findings as LSP diagnostics: code = the rule's code, source = "advise", severity from the
rule's page, a link to that page, and the range in the client's code units."""

from __future__ import annotations

from functools import cache
from typing import Optional

from lsprotocol import types

from torch_advise.catalogue import CatalogueError, load_catalogue
from torch_advise.finding import Finding
from torch_advise.server.documents import Place
from torch_advise.server.positions import Text

SOURCE = "advise"
_SEVERITIES = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "info": types.DiagnosticSeverity.Information,
}


def diagnostic(finding: Finding, place: Place, text: Text) -> types.Diagnostic:
    _, line, col, end_line, end_col = place
    page = rule_page(finding.code)
    return types.Diagnostic(
        range=text.range(line, col, end_line, end_col),
        message=finding.message,
        severity=_SEVERITIES.get(finding.severity, types.DiagnosticSeverity.Warning),
        code=finding.code,
        code_description=types.CodeDescription(href=page) if page else None,
        source=SOURCE,
    )


@cache
def rule_page(code: str) -> Optional[str]:
    """The file:// URI of the rule's page where the catalogue folder is on disk (the wheel
    ships it inside the package); None for the file codes (E999), which have no page."""
    try:
        rule = load_catalogue().get(code)
    except CatalogueError:
        return None
    if rule is None or not rule.path.is_file():
        return None
    return rule.path.resolve().as_uri()
