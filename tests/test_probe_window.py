"""Step boundaries, warm-up, the measured window and the GPU-idle arithmetic, with fake clocks."""

import pytest

from torch_advise.probe.inside.window import CudaClock, HostClock, StepWindow, StopScript, percentile


class Timeline:
    """A fake host clock and a fake GPU: the GPU finishes queued work at ``gpu_free``."""

    def __init__(self):
        self.host = 0.0  # seconds
        self.gpu_free = 0.0

    def advance(self, seconds):
        self.host += seconds

    def launch(self, gpu_seconds):
        self.gpu_free = max(self.gpu_free, self.host) + gpu_seconds


class FakeEvent:
    def __init__(self, at_s):
        self.at_s = at_s

    def elapsed_time(self, end):
        return (end.at_s - self.at_s) * 1e3


class FakeCuda:
    """Stands in for the torch module as CudaClock uses it."""

    def __init__(self, timeline):
        self.timeline = timeline
        self.cuda = self
        self.synchronized = 0

    def synchronize(self):
        self.synchronized += 1
        self.timeline.host = max(self.timeline.host, self.timeline.gpu_free)

    def Event(self, enable_timing):
        assert enable_timing
        timeline = self.timeline
        event = FakeEvent(None)

        def record():
            # An event completes once the work queued before it is done.
            event.at_s = max(timeline.host, timeline.gpu_free)

        event.record = record
        return event


def gpu_run(fetch_s, gpu_step_s, steps, warmup=2, sync_each_step=False):
    timeline = Timeline()
    fake = FakeCuda(timeline)
    window = StepWindow(warmup, steps, lambda: CudaClock(fake), now=lambda: timeline.host)
    with pytest.raises(StopScript):
        for _ in range(warmup + steps):
            token = window.fetch_started(is_batch=True)
            timeline.advance(fetch_s)
            window.fetch_finished(token, 0, True, True)
            timeline.advance(0.001)  # launching the step's kernels
            timeline.launch(gpu_step_s)
            if sync_each_step:
                fake.synchronize()
            window.optimizer_stepped(1)
    return window, fake


def idle_share(window):
    figures = window.figures()
    idle = sum(f["gpu_idle_ms"] for f in figures["fetches"])
    host = sum(f["host_wait_ms"] for f in figures["fetches"])
    return idle / figures["window_ms"], host / figures["window_ms"], figures


def test_gpu_bound_job_waits_on_host_but_gpu_is_never_idle():
    # 12 ms of loading per batch while the GPU works 25 ms per step: the host waits in next()
    # about half the time, but the GPU always has queued work.
    window, _ = gpu_run(fetch_s=0.012, gpu_step_s=0.025, steps=20)
    idle, host, figures = idle_share(window)
    assert idle < 0.02
    assert host > 0.4
    assert figures["median_ms"] == pytest.approx(25.0, rel=0.01)


def test_input_bound_job_leaves_gpu_idle_for_the_load_time():
    window, _ = gpu_run(fetch_s=0.060, gpu_step_s=0.025, steps=20)
    idle, _, figures = idle_share(window)
    # Each step: 60 ms load + 1 ms launch, of which the GPU is busy 25 ms; it sits idle for
    # the part of the load that its previous step's work did not cover.
    assert figures["median_ms"] == pytest.approx(61.0, rel=0.01)
    assert idle == pytest.approx(36.0 / 61.0, rel=0.05)


def test_a_sync_every_step_turns_load_time_into_gpu_idle_time():
    window, fake = gpu_run(fetch_s=0.012, gpu_step_s=0.025, steps=20, sync_each_step=True)
    idle, _, _ = idle_share(window)
    assert idle == pytest.approx(12.0 / 38.0, rel=0.05)


def test_window_ends_with_a_sync_and_counts_only_steps_after_warmup():
    window, fake = gpu_run(fetch_s=0.001, gpu_step_s=0.010, steps=7, warmup=3)
    figures = window.figures()
    assert figures["measured"] == 7
    assert len(figures["step_ms"]) == 7
    # One at the end; one at the start would drain the queue and idle the GPU for a fetch.
    assert fake.synchronized == 1
    assert figures["source"] == "optimizer"


def host_window(warmup, steps):
    clock = {"t": 0.0}
    window = StepWindow(warmup, steps, HostClock, now=lambda: clock["t"])
    return window, clock


def test_cpu_window_uses_host_wait_and_stops_after_warmup_plus_steps():
    window, clock = host_window(2, 5)
    fetches = 0
    with pytest.raises(StopScript):
        while True:
            token = window.fetch_started(is_batch=True)
            clock["t"] += 0.030
            window.fetch_finished(token, 0, True, True)
            fetches += 1
            clock["t"] += 0.010
            window.optimizer_stepped(7)
    figures = window.figures()
    assert fetches == 7
    assert figures["measured"] == 5
    assert figures["clock"] == "host"
    assert figures["median_ms"] == pytest.approx(40.0)
    waited = sum(f["host_wait_ms"] for f in figures["fetches"])
    assert waited / figures["window_ms"] == pytest.approx(0.75)


def test_without_an_optimizer_batches_are_the_steps():
    window, clock = host_window(2, 4)
    fetched = 0
    with pytest.raises(StopScript):
        while True:
            token = window.fetch_started(is_batch=True)
            clock["t"] += 0.002
            window.fetch_finished(token, 0, True, True)
            fetched += 1
            clock["t"] += 0.008
    figures = window.figures()
    assert figures["source"] == "batch"
    assert figures["measured"] == 4
    assert figures["step_ms"] == pytest.approx([10.0] * 4)
    # Boundaries fall where a batch is requested, so the stop comes before the sixth+1 fetch.
    assert fetched == 6


def test_end_of_epoch_is_not_a_step():
    window, clock = host_window(1, 3)
    with pytest.raises(StopScript):
        for _epoch in range(3):
            for _ in range(2):
                token = window.fetch_started(is_batch=True)
                clock["t"] += 0.001
                window.fetch_finished(token, 0, True, True)
                clock["t"] += 0.009
            token = window.fetch_started(is_batch=True)  # StopIteration
            window.fetch_finished(token, 0, False, True)
    figures = window.figures()
    assert figures["measured"] == 3
    assert figures["step_ms"] == pytest.approx([10.0] * 3)


def test_first_optimizer_step_switches_from_batch_timing():
    window, clock = host_window(1, 2)
    for _ in range(3):  # gradient accumulation: three batches before the first step
        token = window.fetch_started(is_batch=True)
        window.fetch_finished(token, 0, True, True)
        clock["t"] += 0.01
    window.optimizer_stepped(1)
    assert window.source == "optimizer"
    assert window.completed == 1


def test_other_optimizers_do_not_mark_steps():
    window, clock = host_window(1, 2)
    window.optimizer_stepped(1)
    window.optimizer_stepped(2)  # a second optimizer (e.g. a GAN's discriminator)
    assert window.completed == 1


def test_caught_stop_is_raised_again_at_the_next_step():
    window, clock = host_window(1, 1)
    window.optimizer_stepped(1)
    with pytest.raises(StopScript):
        window.optimizer_stepped(1)
    with pytest.raises(StopScript):
        window.optimizer_stepped(1)


def test_script_ending_mid_window_reports_the_steps_it_finished():
    window, clock = host_window(2, 10)
    for _ in range(6):
        clock["t"] += 0.02
        window.optimizer_stepped(1)
    clock["t"] += 0.005  # part of a step, then the script ends
    window.finish()
    figures = window.figures()
    assert figures["measured"] == 4
    assert figures["step_ms"] == pytest.approx([20.0] * 4)


def test_nothing_measured_when_the_script_ends_in_warmup():
    window, clock = host_window(5, 10)
    window.optimizer_stepped(1)
    window.finish()
    figures = window.figures()
    assert figures["measured"] == 0
    assert figures["median_ms"] is None


def test_percentile_interpolates_like_numpy():
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0], 90) == pytest.approx(9.1)
    assert percentile([4.0], 90) == 4.0
