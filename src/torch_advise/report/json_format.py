"""JSON: the target, every finding and a summary, for scripts and CI."""

from __future__ import annotations

import json
from typing import TextIO

from torch_advise import __version__
from torch_advise.report import Report


def render(report: Report, out: TextIO) -> None:
    target = report.target
    document = {
        "tool": "torch-advise",
        "version": __version__,
        "target": {
            "compute_capability": "{}.{}".format(*target.compute_capability),
            "compute_capability_source": target.cc_source,
            "gpu": target.gpu_name,
            "torch": "{}.{}".format(*target.torch_version),
            "torch_source": target.torch_source,
        },
        "findings": [finding.to_dict() for finding in report.findings],
        "summary": {
            "files_checked": report.files_checked,
            "files_not_checked": report.not_checked,
            "findings": len(report.findings),
            "fixed": report.fixed,
            "baselined": report.baselined,
            "fixable_safe": report.fixable("safe"),
            "fixable_unsafe": report.fixable("unsafe"),
        },
    }
    json.dump(document, out, indent=2)
    out.write("\n")
