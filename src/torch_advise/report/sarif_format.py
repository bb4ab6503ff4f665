"""SARIF 2.1.0, the format GitHub code scanning and IDE viewers read.

Every catalogue rule is described in tool.driver.rules, so a viewer can show a rule's page next
to its results. Results carry a fingerprint that survives edits elsewhere in the file (the same
one the baseline matches on) and, for fixable findings, the replacement text of their fix.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote

from torch_advise import __version__
from torch_advise.catalogue import Rule
from torch_advise.finding import Finding
from torch_advise.lint.baseline import fingerprints
from torch_advise.report import Report

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/torch-advise/"
FINGERPRINT_KEY = "adviseFingerprint/v1"
SOURCE_ROOT = "%SRCROOT%"
_LEVELS = {"error": "error", "warning": "warning", "info": "note"}

# Findings about a file rather than a rule of the catalogue: (code, name, title, description).
_FILE_PROBLEMS = (
    ("E902", "io-error", "File could not be read", "The file could not be opened or read, so nothing in it was checked."),
    (
        "E903", "file-too-large", "File too large to check",
        "The file is larger than the 4 MiB, or its syntax tree than the memory, one file may have, so nothing in it was checked.",
    ),
    (
        "E904", "unreadable-syntax", "File Python accepts but advise cannot read",
        "The running Python accepts the file but advise's parser cannot read it, or reads it as another program, so nothing in it was checked.",
    ),
    ("E999", "syntax-error", "File could not be parsed", "The running Python refuses the file, so nothing in it was checked."),
)


def _page_body(rule: Rule) -> str:
    """The rule's Markdown page without its front matter."""
    text = rule.text.lstrip("\ufeff")
    if text.startswith("+++"):
        _, _, rest = text.partition("\n")
        _, _, text = rest.partition("+++\n")
    return text.strip() + "\n"


def _rule_descriptor(rule: Rule) -> dict[str, Any]:
    body = _page_body(rule)
    return {
        "id": rule.code,
        "name": rule.slug,
        "shortDescription": {"text": rule.title},
        "fullDescription": {"text": rule.summary},
        "help": {"text": body, "markdown": body},
        "defaultConfiguration": {"level": _LEVELS[rule.severity]},
        "properties": {"fix": rule.fix, "requires": rule.requires},
    }


def _file_problem_descriptor(code: str, name: str, title: str, description: str) -> dict[str, Any]:
    return {
        "id": code,
        "name": name,
        "shortDescription": {"text": title},
        "fullDescription": {"text": description},
        "help": {"text": description},
        "defaultConfiguration": {"level": "error"},
    }


def _artifact(path: str) -> dict[str, str]:
    """A relative path is relative to the folder advise ran in, which SOURCE_ROOT names."""
    if os.path.isabs(path):
        return {"uri": Path(path).as_uri()}
    # fsencode: a file name that is not valid UTF-8 still becomes a (percent-encoded) URI.
    return {"uri": quote(os.fsencode(Path(path).as_posix())), "uriBaseId": SOURCE_ROOT}


def _region(line: int, col: int, end_line: int, end_col: int) -> dict[str, int]:
    region = {"startLine": line, "startColumn": col}
    if end_line:
        region.update(endLine=end_line, endColumn=end_col)
    return region


def _fix(finding: Finding) -> dict[str, Any]:
    replacements = [
        {
            "deletedRegion": _region(edit.start_line, edit.start_col, edit.end_line, edit.end_col),
            "insertedContent": {"text": edit.text},
        }
        for edit in finding.fix_edits
    ]
    needs = "--fix" if finding.fix == "safe" else "--fix --unsafe-fixes"
    return {
        "description": {"text": f"{finding.fix} fix ({needs})"},
        "artifactChanges": [{"artifactLocation": _artifact(finding.path), "replacements": replacements}],
        "properties": {"safety": finding.fix},
    }


def _location(finding: Finding) -> dict[str, Any]:
    """Where the finding is. In a notebook, the region is where the flagged code is written in
    the notebook's own file (its JSON), which is what a viewer of the file can show, and the
    location's properties say where it is in the notebook: the cell, its id, and the region
    within the cell's source."""
    if not finding.cell:
        region = _region(finding.line, finding.col, finding.end_line, finding.end_col)
        return {"physicalLocation": {"artifactLocation": _artifact(finding.path), "region": region}}
    cell: dict[str, Any] = {"cell": finding.cell}
    if finding.cell_id:
        cell["cellId"] = finding.cell_id
    cell["cellRegion"] = _region(finding.line, finding.col, finding.end_line, finding.end_col)
    return {
        "physicalLocation": {"artifactLocation": _artifact(finding.path), "region": _region(*finding.file_region)},
        "properties": cell,
    }


def _result(finding: Finding, fingerprint: str, rule_index: dict[str, int]) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "level": _LEVELS.get(finding.severity, "warning"),
        "message": {"text": finding.message},
        "locations": [_location(finding)],
        "partialFingerprints": {FINGERPRINT_KEY: fingerprint},
    }
    if finding.code in rule_index:
        result["ruleIndex"] = rule_index[finding.code]
    # A notebook's fix edits text inside a JSON string: as a replacement of the file's bytes it
    # would need JSON's escapes and, for a new line, a new element of the source list. JSON
    # output carries it in the cell's own lines instead.
    if finding.fix and finding.fix_edits and not finding.cell:
        result["fixes"] = [_fix(finding)]
    return result


def _invocation(report: Report) -> dict:
    """A run that left files unchecked did not succeed; each such file is a notification."""
    invocation: dict = {"executionSuccessful": not report.not_checked}
    if report.not_checked:
        invocation["toolExecutionNotifications"] = [
            {
                "level": "error",
                "message": {"text": "not checked because of an internal error in advise"},
                "locations": [{"physicalLocation": {"artifactLocation": _artifact(path)}}],
            }
            for path in report.not_checked
        ]
    return invocation


def render(report: Report, out: TextIO) -> None:
    rules = [_rule_descriptor(rule) for rule in report.catalogue.rules]
    rules += [_file_problem_descriptor(*problem) for problem in _FILE_PROBLEMS]
    rule_index = {descriptor["id"]: index for index, descriptor in enumerate(rules)}
    target = report.target
    run = {
        "tool": {
            "driver": {
                "name": "torch-advise",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": INFORMATION_URI,
                "rules": rules,
            }
        },
        "originalUriBaseIds": {SOURCE_ROOT: {"uri": Path(os.getcwd()).as_uri() + "/"}},
        "columnKind": "unicodeCodePoints",
        "invocations": [_invocation(report)],
        "results": [
            _result(finding, fingerprint, rule_index)
            for finding, fingerprint in zip(report.findings, fingerprints(report.findings))
        ],
        "properties": {
            "target": {
                "computeCapability": "{}.{}".format(*target.compute_capability),
                "computeCapabilitySource": target.cc_source,
                "torch": "{}.{}".format(*target.torch_version),
                "torchSource": target.torch_source,
            }
        },
    }
    document = {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}
    json.dump(document, out, indent=2)
    out.write("\n")
