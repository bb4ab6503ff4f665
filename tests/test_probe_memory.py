"""Memory in use over the window: the readings at step boundaries, the line through them, and the
memory-growth verdict (a leak fires it; steady loops do not)."""

from __future__ import annotations

import json
import os

import pytest
from test_probe_compare import report_of

from torch_advise.probe.inside.memory import CudaAllocated, MemoryRecorder, Resident, fit, host_reader, size, summary
from torch_advise.probe.inside.window import HostClock, StepWindow, StopScript
from torch_advise.probe.judge import verdict as v
from torch_advise.probe.output.render import render_text
from torch_advise.probe.output.saved_report import load_report

from conftest import FIXTURES, run_probe

MiB = 2**20
LEAK = FIXTURES / "probe" / "memory_leak.py"


def growth_verdict(report):
    return next(item for item in report["verdicts"] if item["id"] == "memory-growth")


def backward_line(path) -> int:
    return next(number for number, text in enumerate(path.read_text().splitlines(), 1) if ".backward()" in text)


def test_a_loop_that_keeps_each_steps_loss_with_its_graph_fires_the_verdict(tmp_path):
    code, report = run_probe(tmp_path, "memory_leak", "--steps", "20", "--warmup", "3")
    assert code == 0
    memory = report["memory"]
    assert memory["measure"] == "resident" and len(memory["step_bytes"]) == report["steps"]["measured"] == 20
    flagged = growth_verdict(report)
    assert flagged["status"] == "fired", flagged
    # Each step keeps its held-out loss's graph: a few MiB of activations, step after step.
    assert flagged["figure"] > 64 and memory["r_squared"] > 0.9
    assert f"grew {size(memory['growth_bytes'])} over the window" in flagged["summary"]
    assert flagged["actions"] and "loss.item()" in flagged["actions"][0]["change"]
    assert (os.path.basename(flagged["actions"][0]["path"]), flagged["actions"][0]["line"]) == ("memory_leak.py", backward_line(LEAK))
    text = render_text(report)
    # A leak that grows past a GiB per 100 steps on a loaded machine is said in GiB.
    assert f"memory:  peak {size(memory['peak_bytes'])} resident" in text
    assert f"+{size(memory['slope_bytes_per_step'] * 100)} per 100 steps" in text
    assert "memory-growth     FIRED  resident memory grew" in text


@pytest.mark.parametrize("fixture, script_args", [
    ("input_bound", ()), ("compute_bound", ()), ("memory_leak", ("--item",)),
])
def test_steady_loops_do_not_fire_it(tmp_path, fixture, script_args):
    code, report = run_probe(tmp_path, fixture, "--steps", "20", "--warmup", "3", script_args=script_args)
    assert code == 0
    flagged = growth_verdict(report)
    assert flagged["status"] == "clear", flagged
    assert abs(report["memory"]["growth_bytes"]) < v.MEMORY_GROWTH_BYTES


def test_the_line_through_the_readings():
    line = fit([0, 1, 2, 3], [10.0, 12.0, 14.0, 16.0])
    assert line.slope == pytest.approx(2.0) and line.r_squared == pytest.approx(1.0)
    level = fit([0, 1, 2], [5.0, 5.0, 5.0])
    assert level.slope == 0.0 and level.r_squared is None
    # One jump halfway is the best a step function does against a line: 75 % explained.
    jump = fit(list(range(40)), [0.0] * 20 + [1.0] * 20)
    assert jump.r_squared == pytest.approx(0.75, abs=0.01)


def readings(values, steps=None):
    """The recorder's figures for readings at the window's start and after each step."""
    steps = steps or list(range(1, len(values)))
    return {"measure": "resident", "start_bytes": values[0], "steps": steps, "step_bytes": values[1:],
            "peak_bytes": max(values), "loop": {"path": "/work/train.py", "line": 40}}


def judged(values, steps=None):
    return v.memory_growth({"memory": readings(values, steps)})


def test_growth_across_the_window_is_the_slope_times_its_steps():
    section = summary(readings([100 * MiB + step * 4 * MiB for step in range(21)]))
    assert section["slope_bytes_per_step"] == pytest.approx(4 * MiB)
    assert section["growth_bytes"] == pytest.approx(80 * MiB)
    # With --try the as-written steps lie apart in the window; the line runs through their places.
    apart = summary(readings([0, 10 * MiB, 30 * MiB], steps=[10, 30]))
    assert apart["slope_bytes_per_step"] == pytest.approx(MiB) and apart["growth_bytes"] == pytest.approx(30 * MiB)


def test_the_verdict_fires_on_steady_growth_past_the_threshold_only():
    # 3.5 MiB a step over 20 steps: 70 MiB, along a line.
    fired = judged([300 * MiB + step * 3.5 * MiB for step in range(21)])
    assert fired["status"] == "fired" and fired["figure"] == pytest.approx(70.0)
    assert fired["threshold"] == 64.0 and fired["unit"] == "MiB over the window"
    assert fired["lines"] == [{"path": "/work/train.py", "line": 40}] and fired["actions"][0]["line"] == 40
    # 3 MiB a step: 60 MiB, under one glibc arena.
    assert judged([300 * MiB + step * 3 * MiB for step in range(21)])["status"] == "clear"
    # Shrinking memory is no leak.
    assert judged([900 * MiB - step * 10 * MiB for step in range(21)])["status"] == "clear"


def test_one_jump_is_not_a_leak_however_large():
    jumped = judged([300 * MiB] * 10 + [800 * MiB] * 11)
    assert jumped["status"] == "clear" and "in jumps" in jumped["summary"]


def test_noisy_level_memory_does_not_fire():
    wobble = [300 * MiB + (40 * MiB if step % 2 else 0) for step in range(50)]
    assert judged(wobble)["status"] == "clear"


def test_too_few_steps_or_no_readings_cannot_be_judged():
    assert judged([step * 100 * MiB for step in range(v.MEMORY_MIN_STEPS)])["status"] == "not-applicable"
    assert v.memory_growth({"memory": None})["status"] == "not-applicable"


class CountingReader:
    measure = "resident"

    def __init__(self, step_bytes):
        self.reads = 0
        self.step_bytes = step_bytes

    def read(self):
        self.reads += 1
        return 1000 + self.reads * self.step_bytes

    def peak(self, values):
        return max(values)


def test_the_recorder_reads_once_per_boundary_of_the_window_and_nothing_in_warm_up():
    reader = CountingReader(step_bytes=10)
    chosen = []
    recorder = MemoryRecorder(3, lambda: chosen.append(1) or reader)
    window = StepWindow(3, 5, HostClock, listeners=[recorder])
    with pytest.raises(StopScript):
        for _ in range(20):
            window.optimizer_stepped(1)
    assert reader.reads == 6 and chosen == [1]
    figures = recorder.figures(window.measured_steps)
    assert figures["start_bytes"] == 1010 and figures["step_bytes"] == [1020, 1030, 1040, 1050, 1060]
    assert figures["steps"] == [1, 2, 3, 4, 5] and figures["peak_bytes"] == 1060
    kept = recorder.figures(window.measured_steps, kept=lambda step: step % 2 == 1)
    assert kept["steps"] == [1, 3, 5] and kept["step_bytes"] == [1020, 1040, 1060]


def test_a_batch_timed_window_reads_a_boundary_it_takes_back_again():
    reader = CountingReader(step_bytes=1)
    recorder = MemoryRecorder(1, lambda: reader)
    window = StepWindow(1, 3, HostClock, listeners=[recorder])
    for produced in (True, True, False, True):  # the third call ends an epoch: not a step
        token = window.fetch_started(is_batch=True)
        window.fetch_finished(token, 0, produced, True)
    window.finish()
    figures = recorder.figures(window.measured_steps)
    assert window.measured_steps == 1 and figures["start_bytes"] == 1001 and figures["step_bytes"] == [1003]


def test_no_reader_no_figures():
    recorder = MemoryRecorder(1, lambda: None)
    window = StepWindow(1, 3, HostClock, listeners=[recorder])
    for _ in range(3):
        window.optimizer_stepped(1)
    assert recorder.figures(window.measured_steps) is None


def test_the_host_reader_reads_this_process_resident_set():
    reader = host_reader()
    assert isinstance(reader, Resident)
    before = reader.read()
    block = bytearray(64 * MiB)
    block[::4096] = b"\x01" * len(block[::4096])  # touch every page, so that it is resident
    assert reader.read() - before > 48 * MiB
    with open("/proc/self/status", encoding="ascii") as handle:
        rss_kib = next(int(line.split()[1]) for line in handle if line.startswith("VmRSS:"))
    assert abs(reader.read() - rss_kib * 1024) < 8 * MiB


class FakeCudaMemory:
    """torch.cuda as the memory reader uses it."""

    def __init__(self):
        self.allocated = 0
        self.peak = 0

    def memory_allocated(self):
        return self.allocated

    def max_memory_allocated(self):
        return self.peak


def test_on_a_gpu_it_reads_the_allocator_and_its_peak_over_the_window():
    cuda = FakeCudaMemory()
    reader = CudaAllocated(type("FakeTorch", (), {"cuda": cuda}))
    cuda.allocated, cuda.peak = 3 * 2**30, 5 * 2**30
    assert reader.read() == 3 * 2**30
    assert reader.peak([3 * 2**30]) == 5 * 2**30


def test_the_gpu_is_read_only_once_the_script_has_initialised_cuda(monkeypatch):
    torch = pytest.importorskip("torch")
    from torch_advise.probe.inside.instrument import Probe

    probe = Probe(2, 5, str(FIXTURES / "probe"))
    probe.cuda_available = True

    def never(*args, **kwargs):
        raise AssertionError("the probe touched CUDA in a script that does not use it")

    monkeypatch.setattr(torch.cuda, "is_initialized", lambda: False)
    monkeypatch.setattr(torch.cuda, "memory_allocated", never)
    assert isinstance(probe._memory_reader(), Resident)
    monkeypatch.setattr(torch.cuda, "is_initialized", lambda: True)
    monkeypatch.setattr(torch.cuda, "memory_allocated", lambda: 7 * 2**30)
    reader = probe._memory_reader()
    assert isinstance(reader, CudaAllocated) and reader.read() == 7 * 2**30


def test_a_version_6_report_without_memory_still_loads_for_compare(tmp_path):
    older = report_of([20.0, 21.0, 22.0]) | {"schema_version": 6}
    del older["memory"]
    path = tmp_path / "v6.json"
    path.write_text(json.dumps(older))
    assert load_report(str(path))["memory"] is None
