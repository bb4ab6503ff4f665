"""``advise probe --try compile``: the trained model's forward run through ``torch.compile``, in
the script's process, one arm per mode.

The outermost call of a module the optimizer trains (instrument.py finds it) goes, while a
compile arm runs, through ``torch.compile(module, mode=MODE)``, built once per module and mode:
the compiled module wraps the script's own, so it shares its parameters and computes what it
computes, and the other arms keep calling the module as written. Compiling happens in the
compiled arm's first steps, which fall in the settling round; any step in which torch compiled
(a recompile later on) is left out of the counted rounds and its extra time is the compile
time (compile_report.py). A mode whose compile fails is named with the error's one line, and the
step that found it runs as written.

Modes, by device: ``default`` everywhere. ``reduce-overhead`` adds CUDA graphs, which exist
only on CUDA. ``max-autotune`` picks the fastest of several kernels per matmul: on CUDA among
Triton templates; on a CPU among C++ GEMM templates that inductor uses only for weights frozen
as constants (inference), so for a training step it compiles what ``default`` compiles, at more
compile time, and is not tried there.
"""

from __future__ import annotations

import importlib
import time
import weakref
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from torch_advise.probe.inside.compile_events import CompileEvents

COMPILE = "compile"
MODES = ("default", "reduce-overhead", "max-autotune")
# The modes that record CUDA graphs: a new training iteration is marked at each step boundary.
CUDA_GRAPH_MODES = frozenset({"reduce-overhead", "max-autotune"})


def arm_name(mode: str) -> str:
    return f"{COMPILE}:{mode}"


def mode_of(arm: str) -> Optional[str]:
    prefix = f"{COMPILE}:"
    return arm[len(prefix):] if arm.startswith(prefix) else None


def requested_modes(parts: list[str]) -> list[str]:
    """The modes ``--try compile`` or ``--try compile:MODE,...`` asks for; ValueError for a mode
    torch.compile does not have."""
    modes: list[str] = []
    for part in parts:
        asked = list(MODES) if part == COMPILE else [part.split(":", 1)[1]]
        for mode in asked:
            if mode not in MODES:
                raise ValueError(f"unknown torch.compile mode {mode!r}; choose from {', '.join(MODES)}")
            if mode not in modes:
                modes.append(mode)
    return modes


def device_reason(mode: str, device: str) -> Optional[str]:
    """Why ``mode`` is not tried on a model whose parameters are on ``device``; None where it applies."""
    if mode == "reduce-overhead" and device != "cuda":
        return f"CUDA graphs, what it adds to default, need the model on a CUDA device (it is on {device})"
    if mode == "max-autotune" and device == "cpu":
        return ("on a CPU it compiles a training step as default does (its C++ GEMM templates need weights "
                "frozen as constants, as in inference), at more compile time")
    return None


def one_line(error: BaseException) -> str:
    """An exception as one line: torch wraps a compiler's error in others ("backend='inductor'
    raised:"), so the innermost cause says what went wrong."""
    while error.__cause__ is not None:
        error = error.__cause__
    lines = [line.strip() for line in str(error).splitlines() if line.strip() and not line.strip().endswith("raised:")]
    said = f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__
    return said if len(said) <= 200 else said[:197] + "..."


@dataclass
class CompileTrial:
    torch: Any
    modes: list[str]
    is_trained: Callable[[Any], bool]
    deadline_s: Optional[float] = None
    now: Callable[[], float] = time.perf_counter
    announce: Callable[[str], None] = lambda line: None
    # The mode of the arm running now, None as written; the window step it is on.
    mode: Optional[str] = None
    step: int = 0
    # Steps in which torch compiled: the rounds leave them out (shared with Rounds.skipped).
    compile_steps: set[int] = field(default_factory=set)
    steps_of: dict[str, list[int]] = field(default_factory=dict)
    not_tried: dict[str, str] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)
    not_applied: Optional[str] = None
    models: list[str] = field(default_factory=list)
    events: Optional[CompileEvents] = None
    # The modules the script called outermost in warm-up (forward_timer.py learns them).
    tops: Any = field(default_factory=weakref.WeakSet)
    _compiled: Any = field(default_factory=weakref.WeakKeyDictionary)
    _compile_call_s: dict[str, float] = field(default_factory=dict)

    def install(self, patched_calls: tuple[Callable, ...]) -> None:
        """Listens for graph breaks, and keeps the probe's own frames out of what dynamo compiles.

        Dynamo leaves torch's own ``Module.__call__`` to run as it is when a graph break makes
        it the first frame of a new graph; the probe's patched ``__call__`` (``patched_calls``)
        and its routing here would be compiled as user code instead, recompiled for every module
        type they meet, and counted as the model's recompiles. Skipped, the frame after them
        (torch's own call) is where dynamo starts, as it does without the probe."""
        self.events = CompileEvents(self.torch)
        self.events.install()
        try:
            skip_code = getattr(importlib.import_module("torch._dynamo.eval_frame"), "skip_code", None)
        except ImportError:  # a torch without dynamo: its compile fails at the first call, named then
            skip_code = None
        if skip_code is not None:
            for function in (*patched_calls, CompileTrial.call):
                skip_code(function.__code__)

    def choose(self, warmup: int) -> list[str]:
        """The compile arms, at the end of warm-up: none when the run never called a trained
        model, or every one it called is compiled already."""
        trained = [module for module in list(self.tops) if self.is_trained(module)]
        uncompiled = [module for module in trained if not self._optimized(module)]
        if not trained:
            self.not_applied = (f"the run never called a model the optimizer trains in its {warmup} warm-up "
                                "steps, so there is no model to compile")
        elif not uncompiled:
            self.not_applied = "the script compiles its model already (torch.compile), so as written is compiled"
        if self.not_applied:
            self.announce(f"compile not tried: {self.not_applied}")
            return []
        self.models = sorted({type(module).__name__ for module in uncompiled})
        device = self._device(uncompiled[0])
        for mode in self.modes:
            reason = device_reason(mode, device)
            if reason:
                self.not_tried[mode] = reason
        return [arm_name(mode) for mode in self.modes if mode not in self.not_tried]

    def _device(self, module: Any) -> str:
        parameter = next(iter(module.parameters()), None)
        return parameter.device.type if parameter is not None else "cpu"

    def _optimized(self, module: Any) -> bool:
        optimized = getattr(getattr(self.torch, "_dynamo", None), "eval_frame", None)
        return optimized is not None and isinstance(module, optimized.OptimizedModule)

    def step_started(self, step: int) -> None:
        self.step = step
        if self.mode in CUDA_GRAPH_MODES and self.mode not in self.failed:
            mark = getattr(getattr(self.torch, "compiler", None), "cudagraph_mark_step_begin", None)
            if mark is not None:
                mark()

    def usable(self, mode: Optional[str]) -> bool:
        return mode is not None and mode not in self.failed and mode not in self.not_tried

    def call(self, module: Any, original: Callable, args: tuple, kwargs: dict) -> Any:
        """The outermost call of a trained module while a compile arm runs."""
        mode = self.mode
        if not self.usable(mode) or self._optimized(module):
            return original(module, *args, **kwargs)
        assert mode is not None
        compiled, new = self._compiled_for(module, mode)
        if compiled is None:
            return original(module, *args, **kwargs)
        frames = self._frames()
        started = self.now()
        try:
            return compiled(*args, **kwargs)
        except Exception as error:  # noqa: BLE001 - whatever compiling raises, the step goes on as written
            # Compiling fails before the compiled code runs, so running the module as written
            # does the step's forward once.
            self.failed[mode] = one_line(error)
            self.announce(f"{arm_name(mode)} not measured: torch.compile raised {self.failed[mode]}")
            return original(module, *args, **kwargs)
        finally:
            # Without dynamo's counters (an older torch), only a module's first call is known to compile.
            if new or (frames is not None and self._frames() != frames):
                self._compile_call_s[mode] = self._compile_call_s.get(mode, 0.0) + self.now() - started
                if self.step not in self.compile_steps:
                    self.compile_steps.add(self.step)
                    self.steps_of.setdefault(mode, []).append(self.step)

    def _compiled_for(self, module: Any, mode: str) -> tuple[Any, bool]:
        """The compiled module for this mode, and whether it was built now; None where the mode
        cannot compile."""
        per_mode = self._compiled.setdefault(module, {})
        if mode in per_mode:
            return per_mode[mode], False
        if mode not in self._compile_call_s:
            # A mode compiles once, in its first block; its compile time is unknown until then,
            # so another mode's (the longest yet) stands in for it.
            expected = max(self._compile_call_s.values(), default=0.0)
            if self.deadline_s is not None and self.now() + expected > self.deadline_s:
                self.not_tried[mode] = (f"the time budget (half of --timeout) ran out before it could compile"
                                        f"{f' (another mode took {expected:.0f} s)' if expected else ''}; "
                                        "a larger --timeout gives it time")
                self.announce(f"{arm_name(mode)} not measured: {self.not_tried[mode]}")
                return None, False
        try:
            compiled = per_mode[mode] = self.torch.compile(module, mode=None if mode == "default" else mode)
        except Exception as error:  # noqa: BLE001 - torch.compile refuses this Python or platform up front
            self.failed[mode] = one_line(error)
            self.announce(f"{arm_name(mode)} not measured: torch.compile raised {self.failed[mode]}")
            return None, False
        return compiled, True

    def _frames(self) -> Optional[int]:
        """Frames dynamo has compiled so far (first compiles, recompiles and graph-break resumes):
        a call that changes it compiled something."""
        try:
            counters = importlib.import_module("torch._dynamo.utils").counters
        except ImportError:
            return None
        return int(counters["frames"]["total"])

    def figures(self, step_ms: list[float]) -> dict[str, Any]:
        def ms_of(steps: list[int]) -> list[float]:
            return [step_ms[step - 1] for step in steps if step <= len(step_ms)]

        return {
            "modes": self.modes,
            "models": self.models,
            "not_applied": self.not_applied,
            "not_tried": self.not_tried,
            "failed": self.failed,
            "compile_steps_ms": {mode: ms_of(steps) for mode, steps in self.steps_of.items()},
            **(self.events.figures() if self.events else {"graph_breaks": None, "recompiles": None}),
        }
