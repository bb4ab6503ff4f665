"""`advise probe --try`: fixes measured at run time against the script as written."""

import os

import pytest
from click.testing import CliRunner

from torch_advise.probe.command import probe
from torch_advise.probe.inside.trial import Fix, Trial, enough_workers
from torch_advise.probe.judge.rounds import AS_WRITTEN, Rounds
from torch_advise.probe.judge.stats import median_ratio, paired_ratio
from torch_advise.probe.judge.whatif import trial_report
from torch_advise.probe.output.render import render_text

from conftest import run_probe

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "fixtures", "probe")

def probe_report(tmp_path, fixture, *options, script_args=()):
    code, report = run_probe(tmp_path, fixture, *options, script_args=script_args)
    assert code == 0, report["outcome"]
    return report


def arm(report, name):
    return next(row for row in report["what_if"]["arms"] if row["arm"] == name)


def test_workers_tried_at_run_time_are_reported_faster_beside_the_prediction(tmp_path):
    tried = probe_report(tmp_path, "input_bound", "--steps", "20", "--try", "DL001")
    row = arm(tried, "DL001")
    # Arms alternate in blocks, so the machine's load falls on both alike: the gain is told apart
    # from noise in the same run. How close it comes to editing the script by hand is a figure
    # for benchmarks/probe_prediction.py (0.98 of it over three rounds here).
    assert row["outcome"] == "faster"
    assert row["detail"] == f"num_workers={enough_workers()} at input_bound.py:40"
    low, high = row["speedup"]["low"], row["speedup"]["high"]
    assert 1 < low <= row["speedup"]["estimate"] <= high
    assert row["predicted_speedup"] == tried["input"]["predicted_speedup"]
    # The report's own figures are of the steps run as written only: a window mixed with the
    # workers' blocks would show the input's share shrunk.
    assert tried["steps"]["measured"] >= 20
    assert tried["input"]["share"] > 1 / 3
    text = render_text(tried)
    assert "  DL001        " in text and "x faster (95% interval " in text


def test_workers_on_a_compute_bound_script_are_not_reported_faster(tmp_path):
    report = probe_report(tmp_path, "compute_bound", "--steps", "20", "--try", "DL001")
    row = arm(report, "DL001")
    # Two cores: the workers compete with the step, so the answer is slower or no gain, unless
    # the machine is too noisy to tell within the round limit: then inconclusive, not "no gain".
    assert row["outcome"] in ("no gain", "slower", "inconclusive"), row
    assert row["speedup"]["low"] <= 1.05
    line = next(line for line in render_text(report).splitlines() if line.startswith("  DL001 "))
    # The prediction comes from the input's share of the steps as written: next to nothing here,
    # though a busy host can lengthen a fetch enough to predict a few percent.
    predicted = row["predicted_speedup"]
    assert predicted < 1.2
    assert ("predicted no gain" in line) == (predicted < 1.05)
    assert ("no gain: " in line) == (row["outcome"] != "inconclusive")


def test_fixes_that_cannot_be_tried_here_are_named_with_the_reason(tmp_path):
    report = probe_report(tmp_path, "compute_bound", "--steps", "5", "--try", "PERF001,DL002,OPT001")
    not_tried = {item["code"]: item["reason"] for item in report["what_if"]["not_tried"]}
    assert not_tried["PERF001"].startswith("cannot be applied at run time: channels_last")
    assert not_tried["DL002"] == "this fix acts on CUDA work, and no CUDA device is in this run"
    # The fixture zeroes with the default set_to_none=True: nothing for OPT001's fix to change.
    row = arm(report, "OPT001")
    assert row["outcome"] == "not applied" and row["speedup"] is None and row["rounds"] == 0
    assert "never did what OPT001 flags" in row["detail"]


def test_an_unknown_rule_to_try_is_a_usage_error():
    result = CliRunner().invoke(probe, [os.path.join(FIXTURES, "compute_bound.py"), "--try", "DL001,XX9"])
    assert result.exit_code == 2
    assert "unknown rule 'XX9'" in result.output


def test_without_try_the_report_has_no_what_if(tmp_path):
    report = probe_report(tmp_path, "compute_bound", "--steps", "3")
    assert report["what_if"] is None
    assert "what-if" not in render_text(report)


class FakeTorch:
    float16, bfloat16 = "float16", "bfloat16"

    @staticmethod
    def get_float32_matmul_precision():
        return "highest"


def trial_with(*codes, block=4, steps=3):
    """A trial whose warm-up (2 steps) saw the run do what each rule flags, its arms chosen."""
    trial = Trial(FakeTorch(), {code: Fix(code, []) for code in codes}, warmup=2, steps=steps, block=block)
    trial.seen.update(codes)
    trial.boundary(2)
    return trial


def test_blocks_alternate_every_arm_in_turn_after_a_settling_round():
    rounds = Rounds([AS_WRITTEN, "DL001", "OPT001", "all together"], block=3, requested_steps=4)
    # Round 0 (steps 1-12) settles; from step 13 each block's first step is left out.
    assert [rounds.arm_of(step) for step in (1, 4, 13, 14, 15, 16, 17, 25, 26)] == [
        (AS_WRITTEN, None), ("DL001", None), (AS_WRITTEN, None), (AS_WRITTEN, 0), (AS_WRITTEN, 0),
        ("DL001", None), ("DL001", 0), (AS_WRITTEN, None), (AS_WRITTEN, 1),
    ]
    assert rounds.window_steps() == (1 + 2) * 4 * 3  # two counted steps per block: two rounds
    assert rounds.max_rounds == 4 * 2


def test_the_fixes_are_on_exactly_in_their_arms_blocks():
    trial = trial_with("OPT001", "AMP003", block=2)
    assert trial.rounds.arms == [AS_WRITTEN, "OPT001", "AMP003", "all together"]
    seen = []
    for completed in range(2, 2 + 16):
        trial.boundary(completed)
        seen.append(sorted(trial.active))
    assert seen[:8] == [[], [], ["OPT001"], ["OPT001"], ["AMP003"], ["AMP003"], ["AMP003", "OPT001"], ["AMP003", "OPT001"]]
    assert seen[8:] == seen[:8]
    trial.reset()
    assert trial.active == frozenset()


def test_trial_figures_pair_the_counted_rounds_of_each_arm():
    trial = trial_with("OPT001", block=3)
    # Steps 1-6 settle; then blocks of 3 alternate: as written 30 ms, fixed 20 ms (first steps 99).
    steps = [50.0] * 6 + [99, 30, 30, 99, 20, 20] * 2 + [99, 30]
    figures = trial.figures(steps)
    assert figures["arms"] == [
        {"arm": AS_WRITTEN, "codes": [], "workers": None, "rounds_ms": [[30, 30], [30, 30]]},
        {"arm": "OPT001", "codes": ["OPT001"], "workers": None, "rounds_ms": [[20, 20], [20, 20]]},
    ]
    assert figures["rounds"] == {"requested": 2, "limit": 8, "stopped_by": None}


def test_paired_ratio_is_the_geometric_mean_of_round_ratios_with_a_t_interval():
    ratio = paired_ratio([[30, 30], [33, 33], [30, 30]], [[15, 15], [15, 15], [10, 10]])
    # Round ratios 2, 2.2, 3.
    assert ratio.estimate == pytest.approx((2 * 2.2 * 3) ** (1 / 3))
    assert ratio.low < 2 and ratio.high > 3
    steady = paired_ratio([[30], [30.3], [29.7], [30]], [[15], [15.1], [14.9], [15]])
    assert steady.low > 1.9 and steady.high < 2.1 and not steady.within_noise


def test_median_ratio_of_equal_runs_is_within_noise_and_reads_the_same_twice():
    first = [20.0 + (i % 5) * 0.4 for i in range(50)]
    second = [20.0 + ((i + 2) % 5) * 0.4 for i in range(50)]
    assert median_ratio(first, second) == median_ratio(first, second)
    assert median_ratio(first, second).within_noise
    slower = median_ratio([value * 1.2 for value in first], second)
    assert slower.low > 1.1


def what_if_of(as_written, fixed):
    raw = {"block": 3, "rounds": {"requested": 2, "limit": 8, "stopped_by": "round limit"}, "arms": [
        {"arm": AS_WRITTEN, "codes": [], "workers": None, "rounds_ms": as_written},
        {"arm": "DL001", "codes": ["DL001"], "workers": None, "rounds_ms": fixed},
    ], "fixes": [{"code": "DL001", "applied": "num_workers=2 at t.py:3", "not_applied": None, "untried": False}],
        "sweep": None}
    return trial_report(raw, [], {"predicted_speedup": 2.0})


def outcome_of(as_written, fixed):
    return what_if_of(as_written, fixed)["arms"][0]


def test_the_what_if_outcome_says_faster_slower_no_gain_or_inconclusive():
    rounds = [[30.0, 30.5], [29.5, 30.0], [30.2, 30.1]]
    assert outcome_of(rounds, [[15.0, 15.2], [14.8, 15.0], [15.1, 15.0]])["outcome"] == "faster"
    assert outcome_of(rounds, [[33.0, 33.2], [32.8, 33.0], [33.1, 33.0]])["outcome"] == "slower"
    assert outcome_of(rounds, [[30.1, 29.9], [30.4, 29.5], [29.8, 30.3]])["outcome"] == "no gain"
    assert outcome_of(rounds, [[20.0, 20.0], [31.0, 31.0], [26.0, 26.0]])["outcome"] == "inconclusive"
    assert outcome_of(rounds, [[15.0, 15.2], [14.8, 15.0], [15.1, 15.0]])["predicted_speedup"] == 2.0


class FakeParameter:
    def __init__(self, cuda):
        self.is_cuda = cuda

    def is_floating_point(self):
        return True


class Adam:
    def __init__(self, cuda):
        self.param_groups = [{"params": [FakeParameter(cuda)], "fused": None, "foreach": None}]


def test_cuda_fixes_act_only_in_their_arm_and_are_undone_after_it():
    trial = trial_with("AMP002", "OPT002", block=2)
    optimizer = Adam(cuda=True)
    trial.boundary(2)  # as written
    assert trial.autocast_dtype("float16", "cuda") == "float16" and not trial.scaler_dropped()
    trial.boundary(4)  # AMP002's block
    assert trial.autocast_dtype("float16", "cuda") == "bfloat16" and trial.scaler_dropped()
    assert trial.autocast_dtype("float16", "cpu") == "float16"
    trial.before_optimizer_step(optimizer)
    assert optimizer.param_groups[0]["fused"] is None
    trial.boundary(6)  # OPT002's block
    trial.before_optimizer_step(optimizer)
    assert (optimizer.param_groups[0]["fused"], optimizer.param_groups[0]["foreach"]) == (True, False)
    trial.boundary(10)  # as written again
    assert (optimizer.param_groups[0]["fused"], optimizer.param_groups[0]["foreach"]) == (None, None)
    assert trial.fixes["OPT002"].applied == "fused=True for Adam"


def test_the_fused_step_is_not_tried_on_parameters_off_cuda():
    trial = trial_with("OPT002", block=2)
    trial.boundary(4)
    optimizer = Adam(cuda=False)
    trial.before_optimizer_step(optimizer)
    assert optimizer.param_groups[0]["fused"] is None
    assert trial.fixes["OPT002"].not_applied == "the fused step needs every parameter on CUDA, in floating point"


def test_a_loader_fix_covers_the_flagged_lines_of_a_file_and_every_loader_of_an_unflagged_one(tmp_path):
    train, other = str(tmp_path / "train.py"), str(tmp_path / "other.py")
    fix = Fix("DL001", [(other, 10, 12)])
    assert fix.covers(other, 11) and not fix.covers(other, 20)
    # The lint read the whole folder: a site in a sibling script says nothing of train.py's loaders.
    assert fix.covers(train, 40)
    assert not fix.covers(None, None)


@pytest.mark.parametrize("steps", ["1", "9"])
def test_dl001_on_an_input_bound_loop_never_says_no_gain_above_1_3x(tmp_path, steps):
    # --steps 1 asks for one round, which alone gives no interval: rounds are added until it settles.
    report = probe_report(tmp_path, "input_bound", "--warmup", "3", "--steps", steps, "--try", "DL001")
    row = arm(report, "DL001")
    assert row["speedup"]["estimate"] > 1.3, row
    assert row["outcome"] in ("faster", "inconclusive"), row
    assert report["what_if"]["rounds"]["stopped_by"] in ("settled", "round limit", "time budget")
    assert row["rounds"] >= 2
    line = next(line for line in render_text(report).splitlines() if line.startswith("  DL001 "))
    assert "no gain" not in line


def test_a_fix_the_warm_up_found_nothing_for_is_named_at_once_and_costs_no_rounds(tmp_path, capfd):
    report = probe_report(tmp_path, "compute_bound", "--warmup", "3", "--steps", "12", "--try", "OPT001")
    # The fixture zeroes with the default set_to_none=True: the warm-up never saw what OPT001 flags.
    assert "advise probe: OPT001 not applied, no rounds spent on it: the run never did what OPT001 flags" in capfd.readouterr().err
    row = arm(report, "OPT001")
    assert (row["outcome"], row["rounds"], row["speedup"]) == ("not applied", 0, None)
    assert "in its 3 warm-up steps" in row["detail"]
    # No arm ran: the window is the 12 steps as written, in no blocks.
    assert report["what_if"]["rounds"] is None and report["what_if"]["block"] is None
    assert report["steps"]["measured"] == 12


def test_an_unapplicable_fix_leaves_no_all_together_arm(tmp_path):
    report = probe_report(tmp_path, "compute_bound", "--warmup", "3", "--steps", "9", "--try", "OPT001,DL001")
    assert [row["arm"] for row in report["what_if"]["arms"]] == ["DL001", "OPT001"]
    assert arm(report, "DL001")["rounds"] >= 1 and arm(report, "OPT001")["rounds"] == 0
