"""The what-if trial, in the script's process: fixes applied at run time, in alternate blocks.

The arms are the script as written, then each chosen fix alone, then (for more than one) all of
them together; or, for ``--try workers``, the script's loaders with each worker count of the
sweep; or, for ``--try compile``, the trained model compiled in each mode (compile_trial.py).
They run in alternating blocks of steps, round after round (rounds.py). Which arms run is
decided at the end of warm-up: a fix for which the warm-up never did what its rule flags has
nothing to change, so it is named then and costs no rounds. No file is edited: each fix is
the run-time equivalent of what its rule asks for, at the sites the lint flagged.
"""

from __future__ import annotations

import inspect
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from torch_advise.probe.inside import compile_trial
from torch_advise.probe.inside.compile_trial import CompileTrial
from torch_advise.probe.inside.loader_origin import setting
from torch_advise.probe.inside.window import WindowListener, WindowPlanner
from torch_advise.probe.judge.rounds import AS_WRITTEN, Rounds
from torch_advise.probe.judge.sweep import SWEEP, arm_name, usable_cores

ALL_FIXES = "all together"
DEFAULT_BLOCK = 10
LOADER_ARGUMENTS = (("DL001", "num_workers"), ("DL002", "pin_memory"), ("DL003", "persistent_workers"))
# Fixes with a run-time equivalent, and those of them that only mean something on CUDA.
TRIABLE = frozenset({"DL001", "DL002", "DL003", "AMP002", "AMP003", "AMP006", "OPT001", "OPT002"})
NEEDS_CUDA = frozenset({"DL002", "AMP002", "AMP003", "AMP006", "OPT002"})
# What each rule flags, as the warm-up must have seen the run do it for the fix to change anything.
FLAGGED = {
    "DL001": "iterate a DataLoader without workers",
    "DL002": "iterate a DataLoader without pin_memory",
    "DL003": "iterate a DataLoader with workers but without persistent_workers",
    "AMP002": "run float16 autocast on CUDA",
    "AMP003": "use a GradScaler",
    "AMP006": "run float32 matmuls at the 'highest' precision",
    "OPT001": "call zero_grad(set_to_none=False)",
    "OPT002": "step Adam or AdamW without the fused step",
}
# DataLoader refuses these settings without workers.
WORKERS_ONLY = {"persistent_workers": False, "prefetch_factor": None, "multiprocessing_context": None}


def enough_workers() -> int:
    """What "enough workers" is here: one per core the run may use, at least two, at most eight."""
    return max(2, min(8, usable_cores()))


def arm_names(codes: list[str]) -> list[str]:
    return [AS_WRITTEN, *codes, *([ALL_FIXES] if len(codes) > 1 else [])]


def worker_changes(arguments: dict[str, Any], count: int) -> dict[str, Any]:
    """A loader's arguments changed to run ``count`` workers; none where it runs that many."""
    if int(arguments.get("num_workers") or 0) == count:
        return {}
    changes: dict[str, Any] = {"num_workers": count}
    if count == 0:
        changes.update({name: value for name, value in WORKERS_ONLY.items() if arguments.get(name)})
    return changes


@dataclass
class Fix:
    """One fix to try: its rule, and the flagged sites (path, first line, last line)."""

    code: str
    sites: list[tuple[str, int, int]]
    applied: Optional[str] = None
    not_applied: Optional[str] = None
    # Known not to apply before the script ran (it needs CUDA): "not tried", not "not applied".
    untried: bool = False

    @property
    def usable(self) -> bool:
        return self.not_applied is None

    def covers(self, path: Optional[str], line: Optional[int]) -> bool:
        """Whether a loader built at this line is one to fix: any loader of a file in which the
        lint flagged none (the lint reads the script's whole folder, whose other scripts' sites
        say nothing of this one's loaders)."""
        if not self.sites:
            return True
        if path is None or line is None:
            return False
        real = os.path.realpath(path)
        in_file = [(first, last) for p, first, last in self.sites if os.path.realpath(p) == real]
        return not in_file or any(first <= line <= last for first, last in in_file)


@dataclass
class LoaderCall:
    """How the script built a DataLoader at a flagged site, so that it can be built again, and
    the loader fixes whose sites cover it."""

    loader_class: Any
    arguments: dict[str, Any]
    site: Optional[tuple[str, int]]
    codes: frozenset[str]
    framework: Optional[str] = None


@dataclass
class LoaderTwin:
    """The script's DataLoader built again with a fix's arguments; an arm's batches come from it."""

    make: Callable[[], Any]
    start: Callable[[Any], Any]
    fetch: Callable[[Any], Any]
    loader: Any = None
    iterator: Any = None

    def next_batch(self) -> Any:
        if self.loader is None:
            self.loader = self.make()
        if self.iterator is None:
            self.iterator = self.start(self.loader)
        try:
            return self.fetch(self.iterator)
        except StopIteration:
            # The twin's epoch ended before the script's did: start its next one, as the
            # script's own loop would.
            self.iterator = self.start(self.loader)
            return self.fetch(self.iterator)


@dataclass
class Trial(WindowListener, WindowPlanner):
    """The arms and the fixes, switched at step boundaries; also the window's planner: how many
    steps it runs (rounds.py decides, once the arms are known)."""

    torch: Any
    fixes: dict[str, Fix]
    warmup: int
    steps: int
    block: int = DEFAULT_BLOCK
    deadline_s: Optional[float] = None
    sweep: Optional[list[int]] = None
    compiler: Optional[CompileTrial] = None
    announce: Callable[[str], None] = lambda line: None
    active: frozenset[str] = frozenset()
    active_workers: Optional[int] = None
    rounds: Optional[Rounds] = None
    building_twin: bool = False
    calls: dict[int, LoaderCall] = field(default_factory=dict)
    twins: dict[tuple[int, tuple], LoaderTwin] = field(default_factory=dict)
    # What the run did that a rule flags, and the loaders it iterated, as seen in warm-up.
    seen: set[str] = field(default_factory=set)
    fetched: set[int] = field(default_factory=set)
    sweep_written: Optional[int] = None
    sweep_not_applied: Optional[str] = None
    sweep_loaders: list[str] = field(default_factory=list)
    sweep_framework: Optional[str] = None
    _arm_workers: dict[str, int] = field(default_factory=dict)
    _precision: Optional[str] = None
    _fused: dict[int, list[tuple[dict, Any, Any]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.workers = enough_workers()

    def codes_of(self, arm: str) -> frozenset[str]:
        if arm == ALL_FIXES:
            return frozenset(code for code, fix in self.fixes.items() if fix.usable)
        return frozenset({arm}) if arm in self.fixes else frozenset()

    def counted_as_written(self, step: int) -> bool:
        if self.rounds is None:
            return True
        arm, round_ = self.rounds.arm_of(step)
        return arm == AS_WRITTEN and round_ is not None

    def first_steps(self, requested: int) -> int:
        return self.rounds.window_steps() if self.rounds else requested

    def more_steps(self, step_ms: list[float]) -> int:
        return self.rounds.more_steps(step_ms) if self.rounds else 0

    def boundary(self, completed: int) -> None:
        if completed == self.warmup:
            self._choose_arms()
        if completed >= self.warmup and self.rounds:
            arm, _ = self.rounds.arm_of(completed - self.warmup + 1)
            self._switch(arm)
            if self.compiler:
                self.compiler.step_started(completed - self.warmup + 1)
                unusable = {*self.compiler.failed, *self.compiler.not_tried}
                self.rounds.dropped = {compile_trial.arm_name(mode) for mode in unusable}

    def reset(self) -> None:
        self._switch(AS_WRITTEN)

    def _choose_arms(self) -> None:
        for code, fix in self.fixes.items():
            if fix.usable and not self._did_what_it_flags(code):
                fix.not_applied = (f"the run never did what {code} flags ({FLAGGED[code]}) in its "
                                   f"{self.warmup} warm-up steps, so the fix has nothing to change")
                self.announce(f"{code} not applied, no rounds spent on it: {fix.not_applied}")
        if self.compiler:
            arms = [AS_WRITTEN, *self.compiler.choose(self.warmup)]
        elif self.sweep is None:
            arms = arm_names([code for code, fix in self.fixes.items() if fix.usable])
        else:
            arms = [AS_WRITTEN, *self._sweep_arms()]
        self.rounds = (Rounds(arms, self.block, self.steps, self.deadline_s, against_best=self.sweep is not None,
                              skipped=self.compiler.compile_steps if self.compiler else set())
                       if len(arms) > 1 else None)

    def _did_what_it_flags(self, code: str) -> bool:
        if any(code == loader_code for loader_code, _ in LOADER_ARGUMENTS):
            only = frozenset({code})
            return any(loader_id in self.fetched and self._loader_changes(call, only, None)
                       for loader_id, call in self.calls.items())
        if code == "AMP006":
            return bool(self.torch.get_float32_matmul_precision() == "highest")
        return code in self.seen

    def _sweep_arms(self) -> list[str]:
        assert self.sweep is not None
        iterated = [call for loader_id, call in self.calls.items() if loader_id in self.fetched]
        if not iterated:
            self.sweep_not_applied = self.sweep_not_applied or "no DataLoader was iterated in warm-up"
            self.announce(f"workers not tried: {self.sweep_not_applied}")
            return []
        written = {int(call.arguments.get("num_workers") or 0) for call in iterated}
        # Loaders that disagree have no one count as written: every count of the sweep is an arm.
        self.sweep_written = written.pop() if len(written) == 1 else None
        self.sweep_loaders = [f"{os.path.basename(call.site[0])}:{call.site[1]}" for call in iterated if call.site]
        frameworks = {call.framework for call in iterated}
        self.sweep_framework = frameworks.pop() if len(frameworks) == 1 else None
        self._arm_workers = {arm_name(count): count for count in self.sweep if count != self.sweep_written}
        return list(self._arm_workers)

    def _on(self, code: str) -> bool:
        return code in self.active and self.fixes[code].usable

    def _switch(self, arm: str) -> None:
        self.active_workers = self._arm_workers.get(arm)
        if self.compiler:
            self.compiler.mode = compile_trial.mode_of(arm)
        codes = self.codes_of(arm)
        if codes == self.active:
            return
        was_tf32 = self._on("AMP006")
        self.active = codes
        if self._on("AMP006") and not was_tf32:
            self._precision = self.torch.get_float32_matmul_precision()
            self.torch.set_float32_matmul_precision("high")
            self.fixes["AMP006"].applied = 'torch.set_float32_matmul_precision("high")'
        elif was_tf32 and not self._on("AMP006") and self._precision is not None:
            self.torch.set_float32_matmul_precision(self._precision)
        if not self._on("OPT002"):
            for changed in self._fused.values():
                for group, fused, foreach in changed:
                    group["fused"], group["foreach"] = fused, foreach
            self._fused.clear()

    # Loaders (DL001 workers, DL002 pinned memory, DL003 persistent workers).

    def _loader_changes(self, call: LoaderCall, codes: frozenset[str], workers: Optional[int]) -> dict[str, Any]:
        """Runs on every fetch of a tried arm, so it reads only what note_loader worked out."""
        if workers is not None:
            return worker_changes(call.arguments, workers)
        changes: dict[str, Any] = {}
        for code, name in LOADER_ARGUMENTS:
            if code in call.codes and code in codes and self.fixes[code].usable and not call.arguments.get(name):
                changes[name] = self.workers if name == "num_workers" else True
        if changes.get("persistent_workers") and not (changes.get("num_workers") or call.arguments.get("num_workers")):
            changes.pop("persistent_workers")
        return changes

    def note_loader(self, loader_id: int, loader: Any, init: Callable, args: tuple, kwargs: dict,
                    site: Optional[tuple[str, int]], subclass: bool, framework: Optional[str] = None) -> None:
        """Called as the script builds a DataLoader: one at a flagged site is kept to be built again."""
        path, line = site if site else (None, None)
        codes = [code for code, _ in LOADER_ARGUMENTS if code in self.fixes and self.fixes[code].covers(path, line)]
        codes += [SWEEP] if self.sweep is not None else []
        if not codes:
            return
        if subclass:
            # A subclass's own arguments are unknown here: building it again could change more
            # than the fix does.
            reason = f"a DataLoader subclass ({type(loader).__name__}) cannot be built again with other arguments"
            for code in codes:
                if code == SWEEP:
                    self.sweep_not_applied = reason
                else:
                    self.fixes[code].not_applied = reason
            return
        arguments = dict(inspect.signature(init).bind(loader, *args, **kwargs).arguments)
        arguments.pop(next(iter(arguments)))  # the loader itself
        self.calls[loader_id] = LoaderCall(type(loader), arguments, site, frozenset(codes), framework)

    def batch(self, loader_id: Optional[int], start: Callable, fetch: Callable) -> tuple[bool, Any]:
        """(True, batch) when the current arm takes this fetch from a twin loader."""
        if loader_id is not None:
            self.fetched.add(loader_id)
        if loader_id not in self.calls or not (self.active or self.active_workers is not None):
            return False, None
        call = self.calls[loader_id]
        changes = self._loader_changes(call, self.active, self.active_workers)
        if not changes:
            return False, None
        key = (loader_id, tuple(sorted(changes.items())))
        twin = self.twins.get(key)
        if twin is None:
            twin = self.twins[key] = LoaderTwin(self._maker(call, changes), start, fetch)
            where = f"{os.path.basename(call.site[0])}:{call.site[1]}" if call.site else "?"
            for code, name in LOADER_ARGUMENTS:
                if name in changes and code in self.active:
                    self.fixes[code].applied = f"{setting(call.framework, name, changes[name])} at {where}"
        return True, twin.next_batch()

    def _maker(self, call: LoaderCall, changes: dict[str, Any]) -> Callable[[], Any]:
        def make() -> Any:
            self.building_twin = True
            try:
                return call.loader_class(**{**call.arguments, **changes})
            finally:
                self.building_twin = False

        return make

    # Optimizers (OPT001 set_to_none, OPT002 fused).

    def zero_grad_set_to_none(self, requested: bool) -> bool:
        if not requested:
            self.seen.add("OPT001")
        if self._on("OPT001") and not requested:
            self.fixes["OPT001"].applied = "zero_grad(set_to_none=True) instead of set_to_none=False"
            return True
        return requested

    def before_optimizer_step(self, optimizer: Any) -> None:
        if type(optimizer).__name__ in ("Adam", "AdamW") and not all(g.get("fused") for g in optimizer.param_groups):
            self.seen.add("OPT002")
        if not self._on("OPT002") or id(optimizer) in self._fused or type(optimizer).__name__ not in ("Adam", "AdamW"):
            return
        params = [p for group in optimizer.param_groups for p in group["params"]]
        if not params or not all(p.is_cuda and p.is_floating_point() for p in params):
            self.fixes["OPT002"].not_applied = "the fused step needs every parameter on CUDA, in floating point"
            return
        changed = []
        for group in optimizer.param_groups:
            changed.append((group, group.get("fused"), group.get("foreach")))
            group["fused"], group["foreach"] = True, False
        self._fused[id(optimizer)] = changed
        self.fixes["OPT002"].applied = f"fused=True for {type(optimizer).__name__}"

    # Mixed precision (AMP002 bfloat16 autocast, AMP003 no scaler).

    def autocast_dtype(self, dtype: Any, device: Optional[str]) -> Any:
        if device == "cuda" and dtype == self.torch.float16:
            self.seen.add("AMP002")
        if self._on("AMP002") and device == "cuda" and dtype == self.torch.float16:
            self.fixes["AMP002"].applied = "autocast dtype=torch.bfloat16, GradScaler left out"
            return self.torch.bfloat16
        return dtype

    def scaler_dropped(self) -> bool:
        self.seen.add("AMP003")
        if self._on("AMP003"):
            self.fixes["AMP003"].applied = "GradScaler left out"
            return True
        return self._on("AMP002")

    def figures(self, step_ms: list[float]) -> dict[str, Any]:
        rounds = self.rounds
        rounds_ms = rounds.rounds_ms(step_ms) if rounds else {}
        written = self.sweep_written if self.sweep is not None else None
        return {
            "block": self.block if rounds else None,
            "rounds": {"requested": rounds.min_rounds, "limit": rounds.max_rounds, "stopped_by": rounds.stopped_by}
            if rounds else None,
            "arms": [
                {"arm": arm, "codes": sorted(self.codes_of(arm)), "workers": self._arm_workers.get(arm, written),
                 "rounds_ms": rounds_ms[arm]}
                for arm in (rounds.arms if rounds else [])
            ],
            "fixes": [
                {"code": fix.code, "applied": fix.applied, "not_applied": fix.not_applied, "untried": fix.untried}
                for fix in self.fixes.values()
            ],
            "compile": self.compiler.figures(step_ms) if self.compiler else None,
            "sweep": None if self.sweep is None else {
                "counts": self.sweep, "as_written": written, "loaders": self.sweep_loaders,
                "not_applied": self.sweep_not_applied, "framework": self.sweep_framework,
            },
        }
