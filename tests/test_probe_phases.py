"""Each step split into phases, and input measured in a loop without a DataLoader."""

import json
import os

from torch_advise.probe.inside.phases import PhaseRecorder
from torch_advise.probe.inside.window import StepWindow, StopScript

from conftest import run_probe


def verdict(report, name):
    return next(item for item in report["verdicts"] if item["id"] == name)


def test_get_batch_input_share_matches_the_time_the_script_spends_in_get_batch(tmp_path):
    record = tmp_path / "own_time.json"
    code, report = run_probe(tmp_path, "get_batch", "--steps", "15", "--warmup", "3",
                             script_args=("--record", str(record)))
    assert code == 0
    own = json.loads(record.read_text())
    own_ms_per_call = own["seconds"] * 1e3 / own["calls"]
    phases = report["phases"]
    assert phases["input_from"] == "gap" and report["input"]["source"] == "gap"
    measured_ms = sum(phases["step_ms"]["input"]) / len(phases["step_ms"]["input"])
    assert abs(measured_ms - own_ms_per_call) <= 0.15 * own_ms_per_call
    assert abs(report["input"]["share"] - phases["share"]["input"]) < 1e-9

    flagged = verdict(report, "input-bound")
    assert flagged["status"] == "fired"
    assert "get_batch" in flagged["summary"]
    site = report["input"]["sites"][0]
    assert site["function"] == "get_batch" and site["share"] > 0.5
    assert flagged["lines"] == [{"path": site["path"], "line": site["line"]}]
    assert os.path.basename(site["path"]) == "get_batch.py"
    assert flagged["actions"] and flagged["actions"][0]["line"] == site["line"]


def test_phases_add_up_to_the_step_time(tmp_path):
    # Without --compute-ms nothing in the step lies outside the four timed phases.
    code, report = run_probe(tmp_path, "get_batch", "--steps", "10", "--warmup", "3",
                             script_args=("--compute-ms", "0", "--prepare-ms", "10"))
    assert code == 0
    phases = report["phases"]["step_ms"]
    for index, step_ms in enumerate(report["steps"]["step_ms"]):
        assert abs(sum(values[index] for values in phases.values()) - step_ms) <= 0.10 * step_ms
        assert phases["forward"][index] > 0 and phases["backward"][index] > 0 and phases["optimizer"][index] > 0
    assert abs(sum(report["phases"]["share"].values()) - 1.0) < 1e-6
    # The rest (the loss, zero_grad, the probe's own bookkeeping) is the small part of this step.
    assert report["phases"]["share"]["other"] < 0.4


def test_a_loader_loop_takes_its_input_phase_from_the_loader(tmp_path):
    code, report = run_probe(tmp_path, "input_bound", "--steps", "8", "--warmup", "3")
    assert code == 0
    phases = report["phases"]
    assert phases["input_from"] == "loader" and report["input"]["source"] == "loader"
    assert phases["step_ms"]["input"] == report["steps"]["input_wait_ms"]
    # The fixture sleeps --compute-ms between backward and the optimizer step: the rest of the step.
    assert phases["share"]["input"] > 0.3 and phases["share"]["other"] > 0.2


class FakeClock:
    on_gpu = True

    def __init__(self, now):
        self.now = now

    def mark(self):
        return self.now()

    def elapsed_ms(self, start, end):
        return (end - start) * 1e3

    def sync(self):
        pass


def test_on_a_gpu_each_phase_also_gets_the_gpu_time_it_spans():
    clock_s = [0.0]
    now = lambda: clock_s[0]  # noqa: E731
    window = StepWindow(1, 2, lambda: FakeClock(now), now=now)
    phases = PhaseRecorder(window)
    window.optimizer_stepped(1)
    for _ in range(2):
        clock_s[0] += 0.004  # get_batch
        assert phases.start("forward")
        assert not phases.start("backward")  # phases do not nest
        clock_s[0] += 0.002
        phases.end("forward")
        assert phases.start("backward")
        clock_s[0] += 0.003
        phases.end("backward")
        assert phases.start("optimizer")
        clock_s[0] += 0.001
        phases.end("optimizer")
        try:
            window.optimizer_stepped(1)
        except StopScript:
            pass
        phases.step_ended()
    figures = phases.figures()
    assert figures["input_from"] == "gap"
    for name, ms in (("input", 4.0), ("forward", 2.0), ("backward", 3.0), ("optimizer", 1.0)):
        assert [round(value, 6) for value in figures["gpu_ms"][name]] == [ms, ms]
        assert [round(value, 6) for value in figures["step_ms"][name]] == [ms, ms]
    assert [round(value, 6) for value in figures["step_ms"]["other"]] == [0.0, 0.0]


def test_after_warm_up_only_the_trained_model_s_own_class_is_timed_and_the_model_still_pickles(tmp_path):
    """The patch on every module call is for warm-up only: in the window the modules inside the
    model run torch's own call, the model's class times its forward, and saving or copying the
    whole model is untouched."""
    record = tmp_path / "record.txt"
    code, report = run_probe(tmp_path, "whole_model_saved", "--warmup", "3", "--steps", "15",
                             script_args=("--record", str(record)))
    assert code == 0, report["outcome"]
    assert record.read_text().split() == [
        "loaded=Net", "average=Net", "linear_call_patched=False", "module_call=torch.nn.modules.module"]
    assert report["phases"]["share"]["forward"] > 0
    assert report["phases"]["share"]["backward"] > 0
