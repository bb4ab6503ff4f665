"""A textual test, before parsing, for files that cannot hold a finding.

Parsing and the model pass are most of the cost of a file, and most files in a repository
(utilities, configs, library code) hold no training code. Each rule's page names, as `needs`,
the words without which none of its findings can exist: every DataLoader rule needs a
`DataLoader`, every GradScaler or autocast rule needs the name it resolves, and every rule about
a training loop needs a `.backward()` call. A file that contains none of the words of any
selected rule is not parsed.

The words must be necessary, never merely typical: a rule whose words a true positive can lack
would hide findings. tests/test_prefilter.py checks every catalogue example and every fixture
with findings against these words, so a page that breaks this promise fails the suite. A rule
whose page names no words always gets a parse.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Optional

from torch_advise.catalogue import Rule


def _pattern(words: Iterable[str]) -> re.Pattern[bytes]:
    alternatives = "|".join(sorted({re.escape(word) for word in words}, key=len, reverse=True))
    # Words are matched whole (`amp` must not match `clamp`).
    return re.compile(rb"(?<![A-Za-z0-9_])(?:" + alternatives.encode() + rb")(?![A-Za-z0-9])")


class Prefilter:
    """Answers "may this file hold a finding of these rules?" from its bytes alone."""

    def __init__(self, rules: Iterable[Rule]) -> None:
        rules = list(rules)
        # One rule that names no words makes every file worth parsing.
        self.always = any(not rule.needs for rule in rules)
        words = [word for rule in rules for word in rule.needs]
        self._pattern: Optional[re.Pattern[bytes]] = _pattern(words) if words and not self.always else None

    def may_match(self, source: bytes) -> bool:
        if self.always:
            return True
        return self._pattern is not None and self._pattern.search(source) is not None
