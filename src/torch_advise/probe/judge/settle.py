"""What a what-if ratio says, and how many rounds would make an unsettled one say something.

A tried change's speedup is a ratio of step times with a 95 % interval over rounds. It is
"faster" when the interval lies above 1 and "slower" when it lies below; "no gain" only when it
rules out every gain from NO_GAIN_BELOW up, a gain too small to act on. Any other interval holds
both no change and a gain worth having: the rounds run so far cannot tell them apart, and the
answer is "inconclusive", never "no gain", for a user who reads "no gain" leaves a 2x on the
table.
"""

from __future__ import annotations

import math
import statistics
from typing import Optional

from torch_advise.probe.judge.stats import Ratio, t95

NO_GAIN_BELOW = 1.05


def outcome(ratio: Ratio) -> str:
    if ratio.low > 1.0:
        return "faster"
    if ratio.high < 1.0:
        return "slower"
    if ratio.high < NO_GAIN_BELOW:
        return "no gain"
    return "inconclusive"


def settled(ratio: Ratio) -> bool:
    return outcome(ratio) != "inconclusive"


def rounds_to_settle(logs: list[float]) -> Optional[int]:
    """Rounds that would settle a ratio whose rounds gave these log ratios, were later rounds to
    vary as these did around the same mean: enough for the interval's half-width to fall below
    the mean's distance from 1 (the interval then excludes 1) or from NO_GAIN_BELOW (it then
    rules the gain out). None from fewer than two rounds, which show no variance to go by."""
    if len(logs) < 2:
        return None
    mean, spread = statistics.fmean(logs), statistics.stdev(logs)
    wanted = max(abs(mean), math.log(NO_GAIN_BELOW) - mean)
    if spread == 0.0:
        return len(logs)
    rounds = max(len(logs), math.ceil((1.96 * spread / wanted) ** 2))
    while t95(rounds - 1) * spread / math.sqrt(rounds) >= wanted:
        rounds += 1
    return rounds
