"""Whether two saved runs measured the same thing, so that their step times may be compared.

A pull request changes the code and nothing else; a run of another script, with other arguments,
on another device or over other steps says nothing about the change, and its ratio reads as a
speedup or a regression all the same. Those differences refuse the comparison unless the user
allows them by name (--allow-different): the same script in another checkout, or a new GPU
measured against the old one, are fair questions when asked on purpose. Differences that may
come with the change itself (a torch or advise upgrade, steps timed another way) are compared,
with a warning.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Any, Callable, Optional

# What --allow-different accepts, and what each lets differ.
ALLOWABLE = {
    "script": "its path: the same script in another checkout",
    "args": "the script's arguments",
    "device": "another GPU, or CPU against GPU",
    "settings": "--steps, --warmup, --nproc-per-node",
}


class RunsDiffer(Exception):
    """Two runs that did not measure the same thing, and nothing allowed the difference."""


@dataclass(frozen=True)
class _Identity:
    name: str
    value_of: Callable[[dict[str, Any]], str]
    allowed_by: Optional[str]
    why_warned: str = ""


def _device(report: dict[str, Any]) -> str:
    device = report["device"]
    capability = f", capability {device['capability']}" if device["capability"] else ""
    return f"{device['name']} ({device['kind']}{capability})"


def _ranks(report: dict[str, Any]) -> str:
    ranks = report["settings"]["nproc_per_node"]
    return "one process" if ranks is None else f"{ranks} ranks per node"


_IDENTITIES = (
    _Identity("script", lambda report: report["script"], "script"),
    _Identity("script arguments", lambda report: shlex.join(report["args"]) or "none", "args"),
    _Identity("device", _device, "device"),
    _Identity("warm-up steps", lambda report: str(report["settings"]["warmup"]), "settings"),
    _Identity("steps measured", lambda report: str(report["settings"]["steps"]), "settings"),
    _Identity("processes", _ranks, "settings"),
    _Identity("torch", lambda report: report["device"]["torch"] or "unknown", None,
              "a change in step time may be torch's rather than the code's"),
    _Identity("advise", lambda report: report["tool"]["version"], None,
              "the probes that measured the runs differ"),
    _Identity("step timing", lambda report: f"{report['steps']['source']} steps on the {report['steps']['clock']} clock", None,
              "the step times may not measure the same span"),
)


def comparison_warnings(baseline: dict[str, Any], current: dict[str, Any], allowed: frozenset[str] = frozenset()) -> list[str]:
    """The warnings to print for two runs that may be compared; RunsDiffer, naming every difference
    and the --allow-different that would allow them, for two that may not."""
    warnings: list[str] = []
    refused: list[tuple[_Identity, str]] = []
    for identity in _IDENTITIES:
        before, after = identity.value_of(baseline), identity.value_of(current)
        if before == after:
            continue
        values = f"baseline {before}, current {after}"
        if identity.allowed_by is None:
            warnings.append(f"different {identity.name} ({values}): {identity.why_warned}")
        elif identity.allowed_by in allowed:
            warnings.append(f"different {identity.name} ({values}), allowed by --allow-different {identity.allowed_by}")
        else:
            refused.append((identity, values))
    if refused:
        differences = "; ".join(f"{identity.name} ({values})" for identity, values in refused)
        needed = ",".join(dict.fromkeys(str(identity.allowed_by) for identity, _ in refused))
        raise RunsDiffer(f"the runs did not measure the same thing: different {differences}; "
                         f"compare runs that differ only in the code, or pass --allow-different {needed}")
    return warnings
