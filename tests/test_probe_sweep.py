"""`advise probe --try workers`: the loop measured with each DataLoader worker count."""

import os

from click.testing import CliRunner

from torch_advise.probe.command import probe
from torch_advise.probe.inside.trial import worker_changes
from torch_advise.probe.judge.sweep import sweep_counts, usable_cores
from torch_advise.probe.output.render import render_text

from conftest import FIXTURES, run_probe


def test_the_counts_double_up_to_the_usable_cores():
    assert sweep_counts(1) == [0, 1]
    assert sweep_counts(2) == [0, 1, 2]
    assert sweep_counts(6) == [0, 1, 2, 4, 6]
    assert sweep_counts(8) == [0, 1, 2, 4, 8]


def test_a_loader_without_workers_drops_the_settings_that_need_them():
    written = {"num_workers": 4, "persistent_workers": True, "prefetch_factor": 4, "multiprocessing_context": None}
    assert worker_changes(written, 0) == {"num_workers": 0, "persistent_workers": False, "prefetch_factor": None}
    assert worker_changes(written, 2) == {"num_workers": 2}
    assert worker_changes(written, 4) == {}


def test_a_worker_sweep_on_an_input_bound_loop_finds_a_count_that_beats_none(tmp_path):
    code, report = run_probe(tmp_path, "input_bound", "--warmup", "3", "--steps", "9", "--try", "workers")
    assert code == 0, report["outcome"]
    section = report["what_if"]["workers"]
    assert section["counts"] == sweep_counts(usable_cores()) and section["cores"] == usable_cores()
    assert section["as_written"] == 0 and section["loaders"] == ["input_bound.py:40"]
    curve = {point["workers"]: point for point in section["curve"]}
    assert sorted(curve) == section["counts"]
    assert curve[0]["outcome"] == "as written" and curve[0]["speedup"] is None
    # 20 ms of input per batch against ~17 ms of step: any worker takes most of the input off the step.
    best = curve[section["best"]]
    assert section["best"] > 0 and best["outcome"] == "faster"
    assert best["mean_step_ms"] < curve[0]["mean_step_ms"]
    assert 0 < section["fewest_within_noise"] <= section["best"]
    text = render_text(report)
    assert f"  worker counts {', '.join(map(str, section['counts']))}: 0, then doubling up to the" in text
    assert f"best: {section['best']} workers; fewest within noise of it: {section['fewest_within_noise']}" in text
    # The input-bound verdict asks for the count the sweep found enough.
    verdict = next(item for item in report["verdicts"] if item["id"] == "input-bound")
    assert verdict["actions"][0]["change"] == f"set num_workers={section['fewest_within_noise']} (now 0)"


def test_a_sweep_without_a_loader_says_so_and_runs_no_rounds(tmp_path):
    code, report = run_probe(tmp_path, "no_dataloader", "--warmup", "2", "--steps", "5", "--try", "workers")
    assert code == 0, report["outcome"]
    section = report["what_if"]["workers"]
    assert section["not_applied"] == "no DataLoader was iterated in warm-up" and section["curve"] == []
    assert report["what_if"]["rounds"] is None and report["steps"]["measured"] == 5
    assert "  not tried: no DataLoader was iterated in warm-up" in render_text(report)


def test_workers_is_tried_alone():
    result = CliRunner().invoke(probe, [os.path.join(FIXTURES, "probe", "input_bound.py"), "--try", "workers,DL001"])
    assert result.exit_code == 2
    assert "workers measures worker counts alone" in result.output
