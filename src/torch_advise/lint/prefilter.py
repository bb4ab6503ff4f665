"""A textual test, before parsing, for files that cannot hold a finding.

Parsing and the model pass are most of the cost of a file, and most files in a repository
(utilities, configs, library code) hold no training code. Each rule family names the words
without which none of its rules can fire: every DataLoader rule needs a `DataLoader`, every
GradScaler or autocast rule needs the name it resolves, and every rule about a training loop
needs a `.backward()` call. A file that contains none of the words of any selected family is
not parsed.

The words must be necessary, never merely typical: a family whose words a true positive can lack
would hide findings. tests/test_prefilter.py checks every catalogue example and every fixture
with findings against these words, so a rule that breaks this promise fails the suite.
A rule of a family not listed here always gets a parse.
"""

from __future__ import annotations

import re
from typing import Iterable, Optional

# Words are matched whole (`amp` must not match `clamp`); a family passes when any of its words occurs.
_TRAINING = ("backward",)
FAMILY_WORDS: dict[str, tuple[str, ...]] = {
    "DL": ("DataLoader",),
    "AMP": ("amp", "autocast", "GradScaler", "half", "float16") + _TRAINING,
    "OPT": ("optim", "zero_grad", "zero_") + _TRAINING,
    "SYNC": ("time", "perf_counter", "monotonic", "cuda", "synchronize") + _TRAINING,
    "PERF": ("compile", "Conv1d", "Conv2d", "Conv3d", "eval", "no_grad", "inference_mode") + _TRAINING,
    "DIST": ("DataParallel", "DistributedDataParallel", "no_sync"),
    "SEC": ("load",),
}

_FAMILY = re.compile(r"[A-Z]+")


def family_of(code: str) -> str:
    """`DL` for `DL002`: the letters before the number."""
    match = _FAMILY.match(code)
    return match.group(0) if match else code


def _pattern(words: Iterable[str]) -> "re.Pattern[bytes]":
    alternatives = "|".join(sorted({re.escape(word) for word in words}, key=len, reverse=True))
    return re.compile(rb"(?<![A-Za-z0-9_])(?:" + alternatives.encode() + rb")(?![A-Za-z0-9])")


class Prefilter:
    """Answers "may this file hold a finding of the selected rules?" from its bytes alone."""

    def __init__(self, codes: Iterable[str]) -> None:
        families = {family_of(code) for code in codes}
        # One rule outside the known families makes every file worth parsing.
        self.always = any(family not in FAMILY_WORDS for family in families)
        words = [word for family in families if family in FAMILY_WORDS for word in FAMILY_WORDS[family]]
        self._pattern: Optional[re.Pattern[bytes]] = _pattern(words) if words and not self.always else None

    def may_match(self, source: bytes) -> bool:
        if self.always:
            return True
        return self._pattern is not None and self._pattern.search(source) is not None
