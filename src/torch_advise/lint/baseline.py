"""Baselines: adopt advise in an existing codebase by recording today's findings, then
reporting only new ones.

A finding is matched by its file, its rule and a fingerprint of the flagged line's code, not by
its line number, so editing code above a finding keeps it baselined. Identical lines flagged by
the same rule in one file are told apart by their order in the file.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from torch_advise.finding import Finding
from torch_advise.records import dataclass

FORMAT_VERSION = 1


class BaselineError(Exception):
    """A baseline file that cannot be read or written; the message names the file."""


def fingerprints(findings: Sequence[Finding]) -> list[str]:
    """One fingerprint per finding, in the order given.

    It hashes the rule, the flagged line with its whitespace collapsed, and how many findings of
    that rule on an identical line come before it in the same file.
    """
    seen: Counter[tuple[str, str, str]] = Counter()
    result = [""] * len(findings)
    for index in sorted(range(len(findings)), key=lambda i: findings[i].sort_key):
        finding = findings[index]
        code_text = " ".join(finding.source_line.split())
        key = (finding.path, finding.code, code_text)
        occurrence = seen[key]
        seen[key] += 1
        digest = hashlib.sha256(f"{finding.code}\0{code_text}\0{occurrence}".encode()).hexdigest()
        result[index] = digest[:16]
    return result


def _relative(finding_path: str, folder: Path) -> str:
    """The finding's file relative to the baseline's folder, so the baseline works from any cwd."""
    return Path(os.path.relpath(os.path.abspath(finding_path), folder)).as_posix()


def _keys(findings: list[Finding], folder: Path) -> list[tuple[str, str, str]]:
    return [
        (_relative(finding.path, folder), finding.code, fingerprint)
        for finding, fingerprint in zip(findings, fingerprints(findings))
    ]


def write_baseline(path: Path, findings: list[Finding]) -> None:
    folder = Path(os.path.abspath(path)).parent
    entries = [
        # line and message are for people reading the file; matching ignores them.
        {"path": key[0], "code": key[1], "fingerprint": key[2], "line": finding.line, "message": finding.message}
        for finding, key in zip(findings, _keys(findings, folder))
    ]
    entries.sort(key=lambda entry: (entry["path"], entry["line"], entry["code"], entry["fingerprint"]))
    document = {"tool": "torch-advise", "version": FORMAT_VERSION, "findings": entries}
    try:
        path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    except OSError as error:
        raise BaselineError(f"{path}: cannot write the baseline: {error.strerror or error}") from error


@dataclass(frozen=True)
class Baseline:
    folder: Path
    keys: frozenset[tuple[str, str, str]]

    def new_findings(self, findings: list[Finding]) -> list[Finding]:
        """The findings the baseline does not hold, in the order given."""
        return [finding for finding, key in zip(findings, _keys(findings, self.folder)) if key not in self.keys]


def load_baseline(path: Path) -> Baseline:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise BaselineError(f"{path}: cannot read the baseline: {error.strerror or error}") from error
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BaselineError(f"{path}: not a baseline file (invalid JSON: {error})") from error
    if not isinstance(document, dict) or document.get("tool") != "torch-advise":
        raise BaselineError(f"{path}: not a torch-advise baseline file")
    if document.get("version") != FORMAT_VERSION:
        raise BaselineError(f"{path}: baseline version {document.get('version')!r} is not {FORMAT_VERSION}; rewrite it")
    try:
        keys = frozenset((entry["path"], entry["code"], entry["fingerprint"]) for entry in document["findings"])
    except (KeyError, TypeError) as error:
        raise BaselineError(f"{path}: malformed baseline entry ({error})") from error
    return Baseline(Path(os.path.abspath(path)).parent, keys)
