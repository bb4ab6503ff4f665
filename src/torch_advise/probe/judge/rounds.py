"""The what-if window's rounds, in the script's process: which arm each step runs, and when to
stop adding rounds.

After warm-up the window runs in blocks of ``block`` steps, one block per arm in turn, round
after round, so that whatever else the machine does falls on every arm alike. The first round
settles the arms (workers start, queues fill) and is not counted; nor is the first step of any
block, which holds the switch itself. The rounds that --steps asks for run first; then one more
round at a time while some arm's ratio to the script as written is inconclusive (settle.py),
up to MAX_ROUNDS_FACTOR times as many rounds and while one more fits in the time budget. A
worker sweep asks which count to use, so there every count must also be settled against the
fastest one: shown slower than it, or within NO_GAIN_BELOW of it.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

from torch_advise.probe.judge.settle import settled
from torch_advise.probe.judge.stats import paired_ratio

AS_WRITTEN = "as written"
SETTLING_ROUNDS = 1
MAX_ROUNDS_FACTOR = 4
# No round is added that would end past this share of --timeout: the rest is left for the
# script's own end and the report, so that a trial that needs longer says so instead of being
# killed by the timeout.
TIME_SHARE = 0.5


@dataclass
class Rounds:
    arms: list[str]
    block: int
    requested_steps: int
    deadline_s: Optional[float] = None
    against_best: bool = False
    now: Callable[[], float] = time.perf_counter
    stopped_by: Optional[str] = None
    # Window steps not counted though their block's arm ran them (a step in which torch.compile
    # compiled), and arms no longer measured (a mode whose compile failed): their blocks still
    # run, since the steps' arms are fixed by their place in the window.
    skipped: set[int] = field(default_factory=set)
    dropped: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.min_rounds = -(-self.requested_steps // (self.block - 1))
        self.max_rounds = MAX_ROUNDS_FACTOR * self.min_rounds
        self.round_steps = len(self.arms) * self.block

    def window_steps(self) -> int:
        """The window before any round is added: the settling round and the requested rounds."""
        return (SETTLING_ROUNDS + self.min_rounds) * self.round_steps

    def arm_of(self, step: int) -> tuple[str, Optional[int]]:
        """The arm of window step ``step`` (from 1) and the counted round it belongs to, None
        in the settling round and on the first step of a block."""
        block, position = divmod(step - 1, self.block)
        round_, arm = divmod(block, len(self.arms))
        if round_ < SETTLING_ROUNDS or position == 0:
            return self.arms[arm], None
        return self.arms[arm], round_ - SETTLING_ROUNDS

    def rounds_ms(self, step_ms: list[float]) -> dict[str, list[list[float]]]:
        """Each arm's counted step times, per round that every arm completed."""
        by_round: dict[str, dict[int, list[float]]] = {arm: {} for arm in self.arms}
        for step, ms in enumerate(step_ms, 1):
            arm, round_ = self.arm_of(step)
            if round_ is not None and step not in self.skipped:
                by_round[arm].setdefault(round_, []).append(ms)
        measured = [set(rounds) for arm, rounds in by_round.items() if arm not in self.dropped]
        complete = sorted(set.intersection(*measured))
        return {arm: [by_round[arm].get(r, []) for r in complete] for arm in self.arms}

    def more_steps(self, step_ms: list[float]) -> int:
        """Called where the window would end: the steps of one more round, or 0 to end it."""
        rounds = self.rounds_ms(step_ms)
        as_written = rounds[AS_WRITTEN]
        if len(as_written) >= 2 and self._settled(rounds):
            self.stopped_by = "settled"
        elif len(as_written) >= self.max_rounds:
            self.stopped_by = "round limit"
        elif self.deadline_s is not None and self.now() + sum(step_ms[-self.round_steps:]) / 1e3 > self.deadline_s:
            self.stopped_by = "time budget"
        else:
            return self.round_steps
        return 0

    def _settled(self, rounds: dict[str, list[list[float]]]) -> bool:
        pairs = [(rounds[AS_WRITTEN], rounds[arm]) for arm in self.arms[1:] if arm not in self.dropped]
        if self.against_best:
            best = min(self.arms, key=lambda arm: statistics.fmean(ms for block in rounds[arm] for ms in block))
            pairs += [(rounds[arm], rounds[best]) for arm in self.arms if arm != best]
        return all(settled(paired_ratio(first, second)) for first, second in pairs)
