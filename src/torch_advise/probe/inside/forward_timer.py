"""Each step's forward: the outermost calls of the modules the optimizer trains, timed as the
forward phase.

A patch of ``Module.__call__`` sees every module call, and each pays a Python frame for it:
in a model of a few hundred modules that was over a millisecond a step, a fifth of a small
model's step on a CPU. So the patch on every module runs only in warm-up, where it learns which
modules the script calls outermost (not from inside another module). As the window starts it
goes, and ``__call__`` is patched on the classes of those of them the optimizer trains only
(GPT, ResNet, DistributedDataParallel): a class attribute, not hooks on the instance, so the
script's ``torch.save(model)`` and ``copy.deepcopy(model)`` stay as they were. ``--try compile``
keeps the patch on every module: its arms route the outermost call through torch.compile.
"""

from __future__ import annotations

import weakref
from typing import Any, Callable, Optional

from torch_advise.probe.inside.phases import PhaseRecorder
from torch_advise.probe.inside.window import StepWindow


class ForwardTimer:
    def __init__(self, module_class: Any, phases: PhaseRecorder, window: StepWindow,
                 is_trained: Callable[[Any], bool], is_compiling: Callable[[], bool],
                 compile_trial: Optional[Any] = None) -> None:
        self.module_class = module_class
        self.phases = phases
        self.window = window
        self.is_trained = is_trained
        self.is_compiling = is_compiling
        self.compile_trial = compile_trial
        # The modules called outermost in warm-up (compile_trial reads them too).
        self.tops: Any = weakref.WeakSet()
        self.patched_calls: list[Callable] = []
        self._depth = 0
        self._switched = False
        self._original: Callable = module_class.__call__

    def install(self) -> None:
        original = self._original
        timer = self

        def __call__(module, *args, **kwargs):
            # Inside a graph torch.compile traces, timing would only add graph breaks. Asked
            # first, so that a traced call reads nothing of the probe's, which dynamo would guard on.
            if timer.is_compiling():
                return original(module, *args, **kwargs)
            if not timer.window.active:
                return timer._learn(module, original, args, kwargs)
            return timer.timed(module, original, args, kwargs)

        self.module_class.__call__ = __call__
        self.patched_calls.append(__call__)

    def _learn(self, module: Any, original: Callable, args: tuple, kwargs: dict) -> Any:
        if self._depth == 0:
            self.tops.add(module)
        self._depth += 1
        try:
            return original(module, *args, **kwargs)
        finally:
            self._depth -= 1

    def timed(self, module: Any, original: Callable, args: tuple, kwargs: dict) -> Any:
        phases = self.phases
        if phases.busy or not self.is_trained(module):
            return original(module, *args, **kwargs)
        opened = phases.start("forward")
        try:
            trial = self.compile_trial
            if opened and trial is not None and trial.mode is not None:
                return trial.call(module, original, args, kwargs)
            return original(module, *args, **kwargs)
        finally:
            if opened:
                phases.end("forward")

    def window_started(self) -> None:
        """Moves the patch from every module to the classes of the trained outermost ones."""
        if self._switched or self.compile_trial is not None:
            return
        self._switched = True
        classes = {type(module) for module in list(self.tops) if self.is_trained(module)}
        self.module_class.__call__ = self._original
        for klass in classes:
            self._patch_class(klass)

    def _patch_class(self, klass: Any) -> None:
        original = klass.__call__
        timer = self

        def __call__(module, *args, **kwargs):
            if timer.is_compiling():
                return original(module, *args, **kwargs)
            return timer.timed(module, original, args, kwargs)

        klass.__call__ = __call__
