"""What a what-if ratio says: "no gain" only where its interval rules a gain out, and otherwise
"inconclusive" with the rounds that would settle it."""

import math

from hypothesis import given
from hypothesis import strategies as st

from torch_advise.probe.judge.rounds import AS_WRITTEN, Rounds
from torch_advise.probe.judge.settle import NO_GAIN_BELOW, outcome, rounds_to_settle, settled
from torch_advise.probe.judge.stats import Ratio, paired_ratio, round_logs
from torch_advise.probe.judge.whatif import trial_report
from torch_advise.probe.output.render import render_text


def test_the_issues_two_readings_are_inconclusive_not_no_gain():
    assert outcome(Ratio(2.18, 0.41, 11.68)) == "inconclusive"
    assert outcome(Ratio(3.63, 0.0, math.inf)) == "inconclusive"
    assert outcome(Ratio(1.01, 0.97, 1.04)) == "no gain"
    assert outcome(Ratio(0.91, 0.86, 0.95)) == "slower"
    assert outcome(Ratio(2.25, 1.98, 2.55)) == "faster"


rounds_ms = st.lists(st.floats(min_value=1.0, max_value=1000.0), min_size=1, max_size=4)


@given(st.lists(st.tuples(rounds_ms, rounds_ms), min_size=1, max_size=12))
def test_no_gain_is_never_said_of_a_ratio_above_the_threshold(pairs):
    as_written, fixed = [first for first, _ in pairs], [second for _, second in pairs]
    ratio = paired_ratio(as_written, fixed)
    said = outcome(ratio)
    if ratio.estimate >= NO_GAIN_BELOW:
        assert said in ("faster", "inconclusive")
    if said == "inconclusive":
        needed = rounds_to_settle(round_logs(as_written, fixed))
        assert needed is None if len(pairs) < 2 else needed > len(pairs)


def test_the_rounds_to_settle_would_settle_it_were_later_rounds_alike():
    # Round ratios 2.0 and 1.2 around a 1.55x mean: two rounds cannot exclude 1.
    logs = [math.log(2.0), math.log(1.2)]
    needed = rounds_to_settle(logs)
    assert needed is not None and needed > 2
    mean, spread = sum(logs) / 2, abs(logs[0] - logs[1]) / math.sqrt(2)

    def alike(count):
        # ``count`` log ratios with the same mean and sample standard deviation.
        half = spread * math.sqrt((count - 1) / count)
        return [mean + (half if index % 2 else -half) for index in range(count)] if count % 2 == 0 else None

    def ratio_of(values):
        return paired_ratio([[math.exp(value)] for value in values], [[1.0]] * len(values))

    even = needed + (needed % 2)
    assert settled(ratio_of(alike(even)))
    if needed > 3:
        assert not settled(ratio_of(alike(needed - 1 - ((needed - 1) % 2))))


def raw_trial(fixed_rounds, block=10):
    return {"block": block, "rounds": {"requested": 3, "limit": 12, "stopped_by": "round limit"}, "arms": [
        {"arm": AS_WRITTEN, "codes": [], "workers": None, "rounds_ms": [[40.0] * 9] * len(fixed_rounds)},
        {"arm": "DL001", "codes": ["DL001"], "workers": None, "rounds_ms": fixed_rounds},
    ], "fixes": [{"code": "DL001", "applied": "num_workers=2 at t.py:3", "not_applied": None, "untried": False}],
        "sweep": None}


def report_with(section):
    return {"script": "/t.py", "device": {"kind": "cpu", "torch": "2"}, "outcome": {"detail": "done"},
            "steps": {"measured": 0}, "input": {"share": None}, "loaders": [], "not_applicable": [],
            "verdicts": [], "findings": [], "what_if": section}


def test_an_interval_that_spans_1_reads_inconclusive_with_the_steps_that_would_settle_it():
    section = trial_report(raw_trial([[18.0] * 9, [100.0] * 9, [12.0] * 9]), [], {"predicted_speedup": 2.3})
    row = section["arms"][0]
    assert row["outcome"] == "inconclusive" and row["speedup"]["estimate"] > 1.3
    assert row["settle_rounds"] > 3 and row["settle_steps"] == row["settle_rounds"] * 9
    line = next(line for line in render_text(report_with(section)).splitlines() if line.startswith("  DL001 "))
    assert line.startswith("  DL001        inconclusive: ")
    assert f"about {row['settle_rounds']} rounds would settle it (--steps {row['settle_steps']})" in line
    assert "no gain" not in line
    assert "at most 12: stopped at the round limit" in render_text(report_with(section))


def test_a_single_round_reads_inconclusive_without_an_interval():
    section = trial_report(raw_trial([[11.0] * 9]), [], {"predicted_speedup": None})
    row = section["arms"][0]
    assert row["outcome"] == "inconclusive" and row["speedup"]["high"] is None and row["settle_rounds"] is None
    text = render_text(report_with(section))
    assert "inconclusive: 3.64x (1 round, which gives no interval); run more rounds" in text


def test_rounds_are_added_until_every_arm_settles_within_the_limit():
    rounds = Rounds([AS_WRITTEN, "DL001"], block=3, requested_steps=4)  # 2 rounds asked for, at most 8
    settle = [30.0] * 6
    noisy = settle + [9, 30, 30, 9, 15, 15] + [9, 30, 30, 9, 40, 40]
    assert rounds.more_steps(noisy) == 6 and rounds.stopped_by is None
    clear = settle + [9, 30, 30, 9, 15, 15] + [9, 30, 30, 9, 15.5, 15.5]
    assert rounds.more_steps(clear) == 0 and rounds.stopped_by == "settled"
    at_limit = Rounds([AS_WRITTEN, "DL001"], block=3, requested_steps=1)  # 1 round, at most 4
    steps = settle + ([9, 30, 30, 9, 15, 15] + [9, 30, 30, 9, 40, 40]) * 2
    assert at_limit.more_steps(steps) == 0 and at_limit.stopped_by == "round limit"


def test_no_round_is_added_past_the_time_budget():
    clock = iter([100.0])
    rounds = Rounds([AS_WRITTEN, "DL001"], block=3, requested_steps=4, deadline_s=100.5, now=lambda: next(clock))
    steps = [30.0] * 6 + [9, 30, 30, 9, 15, 15] + [9, 30, 30, 9, 400, 400]
    # The last round took 0.89 s; one more would end past the deadline.
    assert rounds.more_steps(steps) == 0 and rounds.stopped_by == "time budget"
