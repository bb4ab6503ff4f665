"""Suppression comments on a reported line: `# advise: ignore[DL002]`, `# noqa: DL002`."""

from __future__ import annotations

import re
from typing import Optional

from torch_advise.catalogue import normalize_selector

_ADVISE_IGNORE = re.compile(r"#\s*advise\s*:\s*ignore\b(?:\[([^\]]*)\])?", re.IGNORECASE)
# A noqa comment as flake8 and ruff read it: codes (or our slugs) separated by commas or
# spaces, up to the first word that is neither, so a trailing explanation is not a code.
_NOQA = re.compile(
    r"#\s*noqa\b(?:\s*:\s*((?:[a-z]+[0-9]+|[a-z0-9]+(?:-[a-z0-9]+)+)(?:[\s,]+(?:[a-z]+[0-9]+|[a-z0-9]+(?:-[a-z0-9]+)+)\b)*))?",
    re.IGNORECASE,
)
_SEPARATORS = re.compile(r"[\s,]+")

_EVERYTHING: frozenset[str] = frozenset()


def suppressions(source_line: str) -> Optional[frozenset[str]]:
    """What the line's comments suppress: None (nothing), an empty set (everything), or selectors.

    Codes come back upper-cased, slugs as written.
    """
    if "#" not in source_line:
        return None
    selectors: set[str] = set()
    found = False
    for pattern in (_ADVISE_IGNORE, _NOQA):
        for match in pattern.finditer(source_line):
            found = True
            listed = [s for s in _SEPARATORS.split(match.group(1) or "") if s]
            if not listed:
                return _EVERYTHING
            selectors.update(normalize_selector(s) for s in listed)
    return frozenset(selectors) if found else None


def is_suppressed(code: str, slug: str, source_line: str) -> bool:
    """Whether a finding with this code and slug is suppressed on this line."""
    selectors = suppressions(source_line)
    if selectors is None:
        return False
    if not selectors:
        return True
    code = code.upper()
    return any(_selects(selector, code, slug) for selector in selectors)


def _selects(selector: str, code: str, slug: str) -> bool:
    if "-" in selector:
        return selector == slug
    return selector == "ALL" or code.startswith(selector)
