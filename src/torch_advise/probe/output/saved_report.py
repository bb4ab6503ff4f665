"""A saved probe report (``advise probe --save FILE``) read for ``advise compare``, or the one-line
reason it cannot be.

The sections compare reads are checked against report.schema.json; the rest of the report
(findings, loaders, the what-if) is not read, so damage there does not stop a comparison.
Reports of an older schema version are read too: in CI, main's baseline was saved by the advise
that a pull request upgrades.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from torch_advise.probe.output.report import SCHEMA_PATH, SCHEMA_VERSION
from torch_advise.probe.output.schema_check import SchemaMismatch, check, kind_of, shown

COMPARED_SECTIONS = ("tool", "script", "args", "settings", "device", "steps", "input", "syncs", "memory", "verdicts")

# What version 4 added to the sections compare reads, as a run of an older advise had it: one
# process, no per-step input wait or GPU idle gap. Nothing else in them changed since version 1.
_ADDED_IN_VERSION_4: dict[str, dict[str, Any]] = {"settings": {"nproc_per_node": None}, "steps": {"input_wait_ms": [], "gpu_idle_ms": None}}

# Version 5 added each verdict's actions: an older run named no change.
_ADDED_TO_VERDICTS_IN_VERSION_5: dict[str, Any] = {"actions": []}

# Version 7 added the memory section: an older run read no memory but the GPU's peak (in device).
_ADDED_IN_VERSION_7: dict[str, Any] = {"memory": None}

_NOT_A_REPORT = "not a probe report (write one with advise probe --save FILE)"


class ReportError(Exception):
    """A file that is not a probe report this version can read."""


@lru_cache(maxsize=1)
def _report_schema() -> dict[str, Any]:
    with open(SCHEMA_PATH, encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


def load_report(path: str) -> dict[str, Any]:
    report = _parsed(path)
    if not isinstance(report, dict) or "steps" not in report or "schema_version" not in report:
        raise ReportError(f"{path}: {_NOT_A_REPORT}")
    version = report["schema_version"]
    if kind_of(version) != "integer" or version < 1:
        raise ReportError(f"{path}: schema_version: {shown(version)} is not a report schema version")
    if version > SCHEMA_VERSION:
        raise ReportError(f"{path}: report schema version {version}; this advise reads up to {SCHEMA_VERSION}")
    if version < 4:
        for section, added in _ADDED_IN_VERSION_4.items():
            if isinstance(report.get(section), dict):
                report[section] = {**added, **report[section]}
    if version < 5 and isinstance(report.get("verdicts"), list):
        report["verdicts"] = [{**_ADDED_TO_VERDICTS_IN_VERSION_5, **item} if isinstance(item, dict) else item
                              for item in report["verdicts"]]
    if version < 7:
        report = {**_ADDED_IN_VERSION_7, **report}
    schema = _report_schema()
    try:
        for section in COMPARED_SECTIONS:
            if section not in report:
                raise SchemaMismatch(section, "missing")
            check(report[section], schema["properties"][section], schema, section)
        _check_step_times(report["steps"]["step_ms"])
    except SchemaMismatch as mismatch:
        raise ReportError(f"{path}: {mismatch}") from None
    if not report["steps"]["step_ms"]:
        raise ReportError(f"{path}: the run measured no steps, so there is nothing to compare")
    return report


def _parsed(path: str) -> Any:
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as error:
        raise ReportError(f"{path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ReportError(f"{path}: not a probe report (not JSON: {error})") from None
    except ValueError:
        # The one other ValueError json raises: an integer longer than Python converts (4,300 digits).
        raise ReportError(f"{path}: {_NOT_A_REPORT}: its JSON holds a number too long to read") from None
    except RecursionError:
        # json's parser recurses once per level of nesting; no report nests more than a few.
        raise ReportError(f"{path}: {_NOT_A_REPORT}: its JSON nests too deeply") from None


def _check_step_times(step_ms: list[float]) -> None:
    """The schema allows 0 ms; a ratio of medians does not, and no step takes no time at all."""
    for index, value in enumerate(step_ms):
        if value <= 0:
            raise SchemaMismatch(f"steps.step_ms[{index}]", f"{shown(value)} ms is not a step time: a step takes longer than 0 ms")
