"""Intervals for speedups and regressions, from step times that carry the machine's noise.

Both answers are ratios of step times with a 95 % interval, never a bare ratio: a what-if
trial pairs each round of the fixed arm with the neighbouring round as written (the rounds
share whatever the machine was doing), and a comparison of two runs resamples their steps.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Optional

# Two-sided 95 % quantiles of Student's t for 1..30 degrees of freedom.
_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)
BOOTSTRAP_RESAMPLES = 2000


@dataclass(frozen=True)
class Ratio:
    """How many times longer the first set of steps took than the second, with a 95 % interval."""

    estimate: float
    low: float
    high: float

    @property
    def within_noise(self) -> bool:
        return self.low <= 1.0 <= self.high

    def as_dict(self) -> dict[str, Optional[float]]:
        # JSON has no infinity: a single round's unbounded interval is written as no bound.
        return {"estimate": self.estimate, "low": self.low, "high": self.high if math.isfinite(self.high) else None}


def t95(degrees: int) -> float:
    return _T95[degrees - 1] if degrees <= len(_T95) else 1.96


def round_logs(first_rounds: list[list[float]], second_rounds: list[list[float]]) -> list[float]:
    """The log of each round's ratio of mean step times, first arm over second."""
    return [
        math.log(statistics.fmean(first) / statistics.fmean(second))
        for first, second in zip(first_rounds, second_rounds) if first and second
    ]


def paired_ratio(first_rounds: list[list[float]], second_rounds: list[list[float]]) -> Ratio:
    """Mean step time of the first arm over the second's, round by round: the geometric mean of
    the rounds' ratios, with a t interval over them."""
    logs = round_logs(first_rounds, second_rounds)
    if not logs:
        raise ValueError("no round holds steps of both arms")
    centre = statistics.fmean(logs)
    if len(logs) < 2:
        return Ratio(math.exp(centre), 0.0, math.inf)
    half = t95(len(logs) - 1) * statistics.stdev(logs) / math.sqrt(len(logs))
    return Ratio(math.exp(centre), math.exp(centre - half), math.exp(centre + half))


def bootstrap_medians(ordered: Sequence[float], resamples: int, rng: random.Random) -> list[float]:
    """The medians of ``resamples`` bootstrap resamples of ``ordered`` (sorted values), each drawn
    without building its resample.

    A resample of n values draws n uniforms u and takes the value at rank floor(n * u) for each.
    That map keeps order, so the k-th smallest value of the resample is the value at the rank of
    the k-th smallest of n uniforms, and that uniform is Beta(k, n + 1 - k); the next one up is the
    smallest of the n - k uniforms above it. One or two draws give a resample's median, from the
    same distribution as sorting a whole resample would: the interval is the plain bootstrap's,
    not an approximation of it, and its cost does not grow with the run's length (sorting 2,000
    whole resamples of a 100,000-step run takes minutes).
    """
    count = len(ordered)
    lower_rank = (count + 1) // 2

    def at(uniform: float) -> float:
        return ordered[min(int(count * uniform), count - 1)]

    medians = []
    for _ in range(resamples):
        lower = rng.betavariate(lower_rank, count + 1 - lower_rank)
        if count % 2:
            medians.append(at(lower))
        else:
            upper = lower + (1 - lower) * rng.betavariate(1, count - lower_rank)
            medians.append((at(lower) + at(upper)) / 2)
    return medians


def median_ratio(first: list[float], second: list[float], seed: int = 0) -> Ratio:
    """Median step time of the first run over the second's, with a bootstrap interval (the
    steps of each run resampled; a fixed seed, so that a report reads the same twice)."""
    if not first or not second:
        raise ValueError("both runs need measured steps")
    rng = random.Random(seed)
    tops = bootstrap_medians(sorted(first), BOOTSTRAP_RESAMPLES, rng)
    bottoms = bootstrap_medians(sorted(second), BOOTSTRAP_RESAMPLES, rng)
    ratios = sorted(top / bottom for top, bottom in zip(tops, bottoms))
    low = ratios[int(0.025 * BOOTSTRAP_RESAMPLES)]
    high = ratios[int(0.975 * BOOTSTRAP_RESAMPLES) - 1]
    return Ratio(statistics.median(first) / statistics.median(second), low, high)
