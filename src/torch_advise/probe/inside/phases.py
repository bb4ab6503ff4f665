"""Each measured step split into phases: input, forward, backward, optimizer and the rest.

Runs in the script's process. Forward, backward and optimizer are host intervals timed by the
probe's patches; phases never nest (a forward that activation checkpointing reruns inside
backward is backward's time), so they cannot count the same time twice. An optimizer step given
a closure (LBFGS, and Lightning's automatic optimization, which runs the whole training step that
way) is paused while its closure runs: the closure's forward and backward are theirs, the rest of
it is the step's other work. Input is the loader's
fetches where the window fetched batches; otherwise it is the gap from the end of a step (the
lead optimizer's step) to the step's first forward (or optimizer step, which runs a closure's
forward inside it): a ``get_batch`` loop prepares its batch there.
The rest is the step less the four, so the phases add up to the step by construction.

On a GPU each interval is also bracketed by timing events on the stream, read after the window's
final synchronisation: the GPU time each phase spans (for input, the GPU's idle gap waiting on it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

from torch_advise.probe.inside.window import StepWindow

TIMED = ("forward", "backward", "optimizer")
PHASES = ("input", *TIMED, "other")


@dataclass
class Span:
    phase: str
    step: int
    host_ms: float
    before: Any
    after: Any


@dataclass
class Open:
    phase: str
    started_s: float
    before: Any


class PhaseRecorder:
    def __init__(self, window: StepWindow) -> None:
        self.window = window
        self.spans: list[Span] = []
        self._open: Optional[Open] = None
        self._gap_taken: set[int] = set()
        # Told where each get_batch-style gap starts and ends (the sampler naming its lines).
        self.on_gap_start: Callable[[], None] = lambda: None
        self.on_gap_end: Callable[[float], None] = lambda gap_ms: None

    @property
    def busy(self) -> bool:
        return self._open is not None

    def _mark(self) -> Any:
        return self.window.clock.mark() if self.window.clock.on_gpu else None

    def start(self, phase: str) -> bool:
        """True when this call opened the phase (and must close it): the window is measuring and
        no other phase is open."""
        if self._open is not None or not self.window.active:
            return False
        if phase in ("forward", "optimizer"):
            # An optimizer step that takes a closure starts before the closure's forward.
            self._close_gap()
        self._open = Open(phase, self.window.now(), self._mark())
        return True

    def end(self, phase: str) -> None:
        opened = self._open
        if opened is None or opened.phase != phase:
            return
        self._open = None
        if not self.window.active:
            return
        self.spans.append(Span(opened.phase, len(self.window.boundaries),
                               (self.window.now() - opened.started_s) * 1e3, opened.before, self._mark()))

    def pause_optimizer(self) -> bool:
        """Ends the open optimizer phase as its closure starts; True when it is to be resumed."""
        if self._open is None or self._open.phase != "optimizer":
            return False
        self.end("optimizer")
        return True

    def resume_optimizer(self) -> None:
        if self._open is None and self.window.active:
            self._open = Open("optimizer", self.window.now(), self._mark())

    def step_ended(self) -> None:
        """Right after a step boundary: a new gap starts, unless the window fetches from a loader."""
        if self.window.active and not self._loader_fed():
            self.on_gap_start()

    def _loader_fed(self) -> bool:
        return any(fetch.is_batch for fetch in self.window.fetches)

    def _close_gap(self) -> None:
        step = len(self.window.boundaries)
        if step in self._gap_taken or not self.window.active:
            return
        self._gap_taken.add(step)
        start = self.window.boundaries[-1]
        gap_ms = (self.window.now() - start.host_s) * 1e3
        self.on_gap_end(gap_ms)
        if self._loader_fed():
            return  # a loader's fetches are the input of a loop that has one
        self.spans.append(Span("input", step, gap_ms, start.mark, self._mark()))

    def figures(self, kept: Optional[Callable[[int], bool]] = None) -> Optional[dict[str, Any]]:
        """Per measured step, each phase's host time (ms); None before any step was measured."""
        window = self.window
        step_ms = window.step_ms()
        steps = [step for step in range(1, len(step_ms) + 1) if kept is None or kept(step)]
        if not steps:
            return None
        on_gpu = bool(window.clock and window.clock.on_gpu)
        from_loader = self._loader_fed()
        host = {phase: dict.fromkeys(steps, 0.0) for phase in PHASES}
        gpu = {phase: dict.fromkeys(steps, 0.0) for phase in PHASES[:-1]}
        for span in self.spans:
            if span.step not in host[span.phase] or (span.phase == "input" and from_loader):
                continue
            host[span.phase][span.step] += span.host_ms
            if on_gpu and span.before is not None and span.after is not None:
                gpu[span.phase][span.step] += max(0.0, window.clock.elapsed_ms(span.before, span.after))
        if from_loader:
            for fetch in window.fetches:
                if fetch.step in host["input"]:
                    host["input"][fetch.step] += fetch.host_wait_s * 1e3
                    if on_gpu and fetch.before is not None and fetch.after is not None:
                        gpu["input"][fetch.step] += max(0.0, window.clock.elapsed_ms(fetch.before, fetch.after))
        for step in steps:
            timed = sum(host[phase][step] for phase in PHASES[:-1])
            host["other"][step] = max(0.0, step_ms[step - 1] - timed)
        has_input = from_loader or any(span.phase == "input" for span in self.spans)
        return {
            "input_from": ("loader" if from_loader else "gap") if has_input else None,
            "step_ms": {phase: list(values.values()) for phase, values in host.items()},
            "gpu_ms": {phase: list(values.values()) for phase, values in gpu.items()} if on_gpu else None,
        }
