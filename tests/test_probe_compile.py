"""`advise probe --try compile`: the trained model under torch.compile, per mode, with its compile
time and break-even step."""

import os

import pytest
from click.testing import CliRunner

from torch_advise.probe.command import probe
from torch_advise.probe.inside.compile_events import break_reason, break_site, recompile_reason
from torch_advise.probe.inside.compile_trial import CompileTrial, device_reason, one_line, requested_modes
from torch_advise.probe.judge.compile_report import break_even, compile_seconds, compile_section
from torch_advise.probe.judge.rounds import AS_WRITTEN, Rounds
from torch_advise.probe.output.page import render_html
from torch_advise.probe.output.render import render_text

from conftest import FIXTURES, run_probe

SMALL_MLP = os.path.join(FIXTURES, "probe", "small_mlp.py")


def test_the_break_even_step_is_compile_time_over_the_time_a_step_saves():
    # 10 ms as written, 2x faster: 5 ms saved per step; 3 s of compiling pays back at step 600.
    assert break_even(3.0, 10.0, 2.0) == 600
    assert break_even(0.001, 10.0, 2.0) == 1
    assert break_even(3.0, 10.0, 1.0) is None and break_even(3.0, 10.0, 0.8) is None


def test_compile_time_is_what_the_compiling_steps_took_beyond_a_compiled_step():
    assert compile_seconds([4001.0, 11.0], 1.0) == pytest.approx(4.010)
    # A step faster than the mean adds nothing; no compiled step to compare with: unknown.
    assert compile_seconds([0.5], 1.0) == 0.0
    assert compile_seconds([4001.0], None) is None and compile_seconds([], 1.0) is None


def _figures(**changes):
    figures = {"modes": ["default", "reduce-overhead", "max-autotune"], "models": ["SmallMLP"], "not_applied": None,
               "not_tried": {"reduce-overhead": "CUDA graphs need CUDA"}, "failed": {},
               "compile_steps_ms": {"default": [2010.0]}, "graph_breaks": None, "recompiles": None}
    return {**figures, **changes}


def _row(arm, estimate, low, high, outcome):
    return {"arm": arm, "speedup": {"estimate": estimate, "low": low, "high": high}, "outcome": outcome,
            "rounds": 3, "settle_rounds": None, "settle_steps": None, "detail": ""}


def test_a_faster_mode_gets_a_break_even_step_at_the_estimate_and_at_the_interval_low_end():
    rows = [_row("compile:default", 2.0, 1.25, 3.0, "faster")]
    section = compile_section(_figures(), rows, {"compile:default": [[5.0, 5.0]] * 3}, [[10.0, 10.0]] * 3)
    default, overhead, autotune = section["modes"]
    assert default["status"] == "measured" and default["compile_s"] == pytest.approx(2.005)
    # 2.005 s over 5 ms saved (2x); over 2 ms saved (1.25x, the low end).
    assert default["break_even_step"] == 401 and default["break_even_step_latest"] == 1003
    assert overhead["status"] == "not tried" and overhead["detail"] == "CUDA graphs need CUDA"
    assert autotune["status"] == "not measured"


@pytest.mark.parametrize("outcome, said", [("slower", "none: the compiled step is slower"),
                                           ("no gain", "none: the compiled step gains nothing"),
                                           ("inconclusive", "none yet: the compiled step is not shown faster")])
def test_a_mode_not_shown_faster_has_no_break_even_step_and_says_why(outcome, said):
    rows = [_row("compile:default", 0.9, 0.8, 1.2, outcome)]
    section = compile_section(_figures(), rows, {"compile:default": [[11.0]] * 3}, [[10.0]] * 3)
    default = section["modes"][0]
    assert default["break_even_step"] is None and default["break_even_note"].startswith(said)


def test_a_failed_compile_is_one_line_and_no_ratio():
    section = compile_section(_figures(failed={"default": "InvalidCxxCompiler: no compiler"}), [], {}, [])
    assert section["modes"][0]["status"] == "failed"
    assert section["modes"][0]["detail"] == "torch.compile raised InvalidCxxCompiler: no compiler"


def test_the_innermost_cause_names_what_went_wrong_on_one_line():
    try:
        try:
            raise FileNotFoundError("no such compiler: c++\nsecond line")
        except FileNotFoundError as inner:
            raise RuntimeError("backend='inductor' raised:\nwrapped") from inner
    except RuntimeError as outer:
        assert one_line(outer) == "FileNotFoundError: no such compiler: c++"


def test_modes_asked_for_and_where_they_apply():
    assert requested_modes(["compile"]) == ["default", "reduce-overhead", "max-autotune"]
    assert requested_modes(["compile:max-autotune", "compile:default", "compile:default"]) == ["max-autotune", "default"]
    with pytest.raises(ValueError, match="unknown torch.compile mode 'fast'"):
        requested_modes(["compile:fast"])
    assert device_reason("default", "cpu") is None and device_reason("max-autotune", "cuda") is None
    assert "CUDA graphs" in device_reason("reduce-overhead", "cpu")
    assert "frozen as constants" in device_reason("max-autotune", "cpu")


def test_graph_breaks_and_recompiles_are_read_from_torch_s_words():
    new = ("Graph break in user code at /home/u/model.py:26\nGraph Break Reason: Encountered graph break when "
           "attempting to trace CALL: a function call, e.g. f(x, y):\n\nUnsupported Tensor.item() call\n  Explanation: ...")
    assert break_site(new) == ("/home/u/model.py", 26)
    assert break_reason(new) == "Unsupported Tensor.item() call"
    old = "Graph break: call_method TensorVariable() item\n  File \"/home/u/model.py\", line 31, in forward\n"
    assert break_site(old) == ("/home/u/model.py", 31)
    assert recompile_reason("0/0: tensor 'x' size mismatch at index 0. expected 64, actual 32\n- 0/0: more") == (
        "tensor 'x' size mismatch at index 0. expected 64, actual 32")


def test_compile_steps_are_left_out_of_the_rounds_and_a_dropped_arm_is_not_waited_for():
    rounds = Rounds([AS_WRITTEN, "compile:default", "compile:max-autotune"], block=3, requested_steps=4)
    # Settling round (steps 1-9), then two counted rounds; step 14 of compile:default compiled.
    step_ms = [1.0] * 9 + [10.0, 10.0, 10.0, 5.0, 900.0, 5.0, 7.0, 7.0, 7.0] * 2
    rounds.skipped = {14}
    counted = rounds.rounds_ms(step_ms)
    assert counted["compile:default"] == [[5.0], [900.0, 5.0]]
    # max-autotune's rounds disagree (10/7 against 10/14): inconclusive, unless its arm is dropped.
    rounds.skipped = set()
    step_ms[-3:] = [14.0, 14.0, 14.0]
    assert rounds._settled(rounds.rounds_ms(step_ms)) is False
    rounds.dropped = {"compile:max-autotune"}
    assert rounds._settled(rounds.rounds_ms(step_ms)) is True


class _Raising:
    """Stands for torch: its compile builds a module whose first call raises, as a missing
    compiler does."""

    def compile(self, module, mode=None):
        def compiled(*args, **kwargs):
            raise RuntimeError("backend='inductor' raised:\nInvalidCxxCompiler: No working C++ compiler found")
        return compiled


class _Module:
    """A module the probe can hold weakly."""


def _eager(module, *args, **kwargs):
    return ("eager", args)


def test_a_mode_whose_compile_fails_runs_the_step_as_written_and_is_named():
    trial = CompileTrial(_Raising(), ["default"], is_trained=lambda module: True)
    trial.mode = "default"
    assert trial.call(_Module(), _eager, (1,), {}) == ("eager", (1,))
    assert trial.failed == {"default": "RuntimeError: InvalidCxxCompiler: No working C++ compiler found"}
    assert trial.call(_Module(), _eager, (2,), {}) == ("eager", (2,)) and not trial.usable("default")


def test_a_mode_the_time_budget_cannot_fit_is_not_compiled():
    clock = iter([0.0, 10.0, 100.0, 100.0])
    trial = CompileTrial(_Raising(), ["default", "max-autotune"], is_trained=lambda module: True,
                         deadline_s=50.0, now=lambda: next(clock))
    trial._compile_call_s["default"] = 60.0
    trial.mode = "max-autotune"
    assert trial.call(_Module(), _eager, (), {}) == ("eager", ())
    assert "time budget (half of --timeout) ran out before it could compile" in trial.not_tried["max-autotune"]
    assert "(another mode took 60 s)" in trial.not_tried["max-autotune"]


@pytest.mark.parametrize("tried, said", [
    ("compile:fast", "unknown torch.compile mode 'fast'; choose from default, reduce-overhead, max-autotune"),
    ("compile,DL001", "--try compile measures torch.compile modes alone; try DL001 in another run"),
])
def test_a_bad_compile_request_is_one_line_and_exit_2(tried, said):
    result = CliRunner().invoke(probe, [SMALL_MLP, "--try", tried])
    assert result.exit_code == 2
    assert result.output.strip().startswith("advise: error: ") and said in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_compile_is_not_tried_across_ranks():
    result = CliRunner().invoke(probe, ["--nproc-per-node", "2", SMALL_MLP, "--try", "compile"])
    assert result.exit_code == 2
    assert result.output.strip() == (
        "advise: error: --try compile measures one process; it cannot be used with --nproc-per-node")


def test_a_run_that_never_trains_its_model_says_so_in_one_line(tmp_path):
    code, report = run_probe(tmp_path, "small_mlp", "--warmup", "2", "--steps", "5", "--try", "compile",
                             script_args=("--no-train",))
    assert code == 0, report["outcome"]
    section = report["what_if"]["compile"]
    assert section["not_applied"].startswith("the run never called a model the optimizer trains")
    assert section["modes"] == [] and report["what_if"]["rounds"] is None
    assert "  compile                  not tried: the run never called a model the optimizer trains" in render_text(report)


@pytest.mark.slow
def test_compiling_the_small_mlp_gives_a_ratio_a_compile_time_and_a_break_even(tmp_path):
    code, report = run_probe(tmp_path, "small_mlp", "--warmup", "3", "--steps", "18", "--try", "compile",
                             script_args=("--steps", "100000"))
    assert code == 0, report["outcome"]
    section = report["what_if"]["compile"]
    assert section["models"] == ["SmallMLP"] and section["not_applied"] is None
    default, overhead, autotune = section["modes"]
    assert default["mode"] == "default" and default["status"] == "measured"
    assert default["compile_s"] > 0
    row = next(row for row in report["what_if"]["arms"] if row["arm"] == "compile:default")
    assert row["rounds"] >= 2 and row["speedup"]["high"] is not None
    assert row["speedup"]["low"] <= row["speedup"]["estimate"] <= row["speedup"]["high"]
    if row["outcome"] == "faster":
        assert default["break_even_step"] >= 1
    else:
        assert default["break_even_step"] is None and default["break_even_note"].startswith("none")
    # On a CPU: CUDA graphs need CUDA; max-autotune would compile what default does.
    assert overhead["status"] == autotune["status"] == "not tried"
    assert section["graph_breaks"] == {"counted": True, "reason": None, "sites": []}
    assert section["recompiles"] == {"counted": True, "reason": None, "sites": []}
    text = render_text(report)
    assert f"compiled in {default['compile_s']:.1f} s, kept out of the step times; break-even" in text
    assert "  compile:reduce-overhead  not tried: CUDA graphs" in text
    page = render_html(report)
    assert f"compiled in {default['compile_s']:.1f} s, kept out of the step times; break-even" in page
    assert "<code>compile:reduce-overhead</code> not tried: CUDA graphs" in page


@pytest.mark.slow
def test_a_graph_break_is_named_by_the_user_s_line(tmp_path):
    code, report = run_probe(tmp_path, "small_mlp", "--warmup", "2", "--steps", "9", "--try", "compile",
                             script_args=("--steps", "100000", "--graph-break"))
    assert code == 0, report["outcome"]
    breaks = report["what_if"]["compile"]["graph_breaks"]["sites"]
    with open(SMALL_MLP, encoding="utf-8") as handle:
        read_line = next(number for number, line in enumerate(handle, 1) if ".item() > 1e6" in line)
    assert [(os.path.basename(site["path"]), site["line"]) for site in breaks] == [("small_mlp.py", read_line)]
    assert breaks[0]["reason"].startswith("Unsupported Tensor.item() call")
    # Every recompile is of the user's code, none of the probe's own frames.
    recompiles = report["what_if"]["compile"]["recompiles"]["sites"]
    assert recompiles and all(os.path.basename(site["path"]) == "small_mlp.py" for site in recompiles)


@pytest.mark.slow
def test_a_compile_that_fails_is_one_line_and_the_report_stays(tmp_path):
    code, report = run_probe(tmp_path, "small_mlp", "--warmup", "2", "--steps", "9", "--try", "compile",
                             script_args=("--steps", "100000", "--no-compiler"))
    assert code == 0, report["outcome"]
    default = report["what_if"]["compile"]["modes"][0]
    assert default["status"] == "failed" and "No working C++ compiler" in default["detail"]
    assert report["steps"]["measured"] > 0 and report["verdicts"]
    text = render_text(report)
    assert "  compile:default          failed: torch.compile raised " in text and "Traceback" not in text


@pytest.mark.slow
def test_the_compiled_arm_computes_what_the_module_does_with_the_same_parameters():
    import torch

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.GELU(), torch.nn.Linear(16, 2))
    inputs = torch.randn(4, 8)
    trial = CompileTrial(torch, ["default"], is_trained=lambda module: True)
    trial.mode = "default"
    original = torch.nn.Module.__call__
    compiled = trial.call(model, original, (inputs,), {})
    assert not trial.failed and trial.steps_of == {"default": [0]}
    torch.testing.assert_close(compiled, original(model, inputs))
    compiled.sum().backward()
    # The gradient lands on the script's own parameters: the compiled module wraps them.
    assert model[0].weight.grad is not None
