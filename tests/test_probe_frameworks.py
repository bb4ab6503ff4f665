"""The probe through the frameworks people train with: accelerate, the Hugging Face Trainer and
Lightning build or iterate the loader in their own code; figures and advice still land on the
line the user writes."""

import os
import sys

import pytest

from torch_advise.probe.inside.loader_origin import Origin, origin_of
from torch_advise.probe.inside.trial import enough_workers
from torch_advise.probe.output.render import render_text

from conftest import FIXTURES, run_probe

pytest.importorskip("accelerate")


def probe_report(tmp_path, fixture, *options):
    code, report = run_probe(tmp_path, fixture, *options)
    assert code == 0, report["outcome"]
    return report


def line_of(fixture: str, text: str) -> int:
    lines = (FIXTURES / "probe" / f"{fixture}.py").read_text().splitlines()
    return next(number for number, line in enumerate(lines, 1) if text in line)


def verdict(report, verdict_id):
    return next(row for row in report["verdicts"] if row["id"] == verdict_id)


def arm(report, name):
    return next(row for row in report["what_if"]["arms"] if row["arm"] == name)


def test_a_loader_prepared_by_accelerate_is_measured_and_tried_as_the_one_the_script_built(tmp_path):
    report = probe_report(tmp_path, "accelerate_loop", "--steps", "20", "--try", "DL001")
    loader_line = line_of("accelerate_loop", "loader = DataLoader(")
    # One loader: the one accelerate iterates counts as the script's.
    assert [(row["line"], row["batches"] > 0) for row in report["loaders"]] == [(loader_line, True)]
    fired = verdict(report, "input-bound")
    assert fired["status"] == "fired"
    assert [(action["change"], action["line"]) for action in fired["actions"]] == [
        (f"set num_workers={enough_workers()} (now 0)", loader_line)]
    finding = next(row for row in report["findings"] if row["code"] == "DL001")
    assert (finding["line"], finding["status"]) == (loader_line, "confirmed")
    tried = arm(report, "DL001")
    assert tried["detail"] == f"num_workers={enough_workers()} at accelerate_loop.py:{loader_line}"
    # "faster" is the claim a user reads; how much faster depends on the load on the machine.
    assert tried["outcome"] == "faster"


def test_the_trainers_own_loader_is_advised_in_training_arguments_terms(tmp_path):
    pytest.importorskip("transformers")
    report = probe_report(tmp_path, "hf_trainer_loop", "--steps", "20", "--try", "workers")
    train_line = line_of("hf_trainer_loop", "trainer.train()")
    assert [(row["line"], row["framework"]) for row in report["loaders"]] == [(train_line, "transformers")]
    fired = verdict(report, "input-bound")
    assert fired["status"] == "fired"
    sweep = report["what_if"]["workers"]
    assert sweep["best"] is not None and sweep["best"] > 0
    # The verdict asks for the fewest workers the sweep measured within noise of its best; on a
    # noisy two-core machine that may be one or two, never none and never more than it tried.
    chosen = sweep["fewest_within_noise"]
    assert 1 <= chosen <= enough_workers()
    assert fired["actions"][0]["change"] == (
        f"set dataloader_num_workers={chosen} in the TrainingArguments of the Trainer run here (now 0)")
    assert sweep["change"].startswith("set dataloader_num_workers=")
    assert f"-> {sweep['change']} at hf_trainer_loop.py:{train_line}" in render_text(report)


def test_lightning_steps_split_into_forward_and_backward_inside_the_optimizers_closure(tmp_path):
    pytest.importorskip("lightning")
    report = probe_report(tmp_path, "lightning_loop", "--steps", "20", "--try", "DL001")
    loader_line = line_of("lightning_loop", "return DataLoader(")
    assert verdict(report, "input-bound")["actions"][0]["line"] == loader_line
    assert arm(report, "DL001")["outcome"] == "faster"
    shares = report["phases"]["share"]
    # The training step's 15 ms sleep is neither the optimizer's work nor input: it outweighs the
    # small network's forward, backward and update together, however loaded the machine is.
    assert shares["forward"] > 0 and shares["backward"] > 0
    assert shares["optimizer"] < 0.1
    assert shares["other"] > shares["forward"] + shares["backward"] + shares["optimizer"]


def test_a_closure_loop_has_no_input_gap_and_keeps_its_forward_and_backward(tmp_path):
    report = probe_report(tmp_path, "closure_step", "--steps", "20")
    shares = report["phases"]["share"]
    assert shares["input"] < 0.1
    assert verdict(report, "input-bound")["status"] != "fired"
    assert shares["forward"] > 0 and shares["backward"] > 0
    # The closure's 20 ms sleep outweighs the rest of the step.
    assert shares["other"] > shares["forward"] + shares["backward"] + shares["optimizer"]


def test_a_loader_built_from_another_in_library_code_takes_its_identity():
    from torch.utils.data import DataLoader

    script_loader = DataLoader(range(8))
    script_loader.__dict__["_advise_id"] = 3
    built = DataLoader(range(8))
    library = {"__file__": os.path.join(os.path.dirname(os.__file__), "library_module.py")}
    exec(compile("def rebuild(dataloader, make):\n    return make()\n", library["__file__"], "exec"), library)
    origin = library["rebuild"](script_loader, lambda: origin_of(sys._getframe(1), built, DataLoader))
    assert origin == Origin(source=3, framework=None)
    # Built by the user's own code (this file), with the script's loader at hand: a new loader.
    assert script_loader is not None and origin_of(sys._getframe(0), built, DataLoader) == Origin()
