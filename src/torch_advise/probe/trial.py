"""The what-if trial, in the script's process: fixes applied at run time, in alternate blocks.

After warm-up the window runs in blocks of ``block`` steps, one block per arm in turn: as
written, then with each chosen fix alone, then (for more than one) with all of them, and round
again, so that whatever else the machine does falls on every arm alike. The first round settles
the fixes (workers start, queues fill) and is not counted; nor is the first step of any block,
which holds the switch itself. No file is edited: each fix is the run-time equivalent of what
its rule asks for, at the sites the lint flagged.
"""

from __future__ import annotations

import inspect
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from torch_advise.probe.window import WindowListener

AS_WRITTEN = "as written"
ALL_FIXES = "all together"
SETTLING_ROUNDS = 1
DEFAULT_BLOCK = 10
LOADER_ARGUMENTS = (("DL001", "num_workers"), ("DL002", "pin_memory"), ("DL003", "persistent_workers"))
# Fixes with a run-time equivalent, and those of them that only mean something on CUDA.
TRIABLE = frozenset({"DL001", "DL002", "DL003", "AMP002", "AMP003", "AMP006", "OPT001", "OPT002"})
NEEDS_CUDA = frozenset({"DL002", "AMP002", "AMP003", "AMP006", "OPT002"})


def enough_workers() -> int:
    """What "enough workers" is here: one per core the run may use, at least two, at most eight."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 2
    return max(2, min(8, cores))


def arm_names(codes: list[str]) -> list[str]:
    return [AS_WRITTEN, *codes, *([ALL_FIXES] if len(codes) > 1 else [])]


def window_steps(steps: int, block: int, arms: int) -> int:
    """Window steps that give each arm at least ``steps`` counted steps."""
    rounds = -(-steps // (block - 1))
    return (SETTLING_ROUNDS + rounds) * arms * block


@dataclass
class Fix:
    """One fix to try: its rule, and the flagged sites (path, first line, last line)."""

    code: str
    sites: list[tuple[str, int, int]]
    applied: Optional[str] = None
    not_applied: Optional[str] = None

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
class Trial(WindowListener):
    torch: Any
    fixes: dict[str, Fix]
    warmup: int
    block: int = DEFAULT_BLOCK
    active: frozenset[str] = frozenset()
    building_twin: bool = False
    calls: dict[int, LoaderCall] = field(default_factory=dict)
    twins: dict[tuple[int, tuple], LoaderTwin] = field(default_factory=dict)
    _precision: Optional[str] = None
    _fused: dict[int, list[tuple[dict, Any, Any]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.arms = arm_names([code for code, fix in self.fixes.items() if fix.usable])
        self.workers = enough_workers()

    def codes_of(self, arm: str) -> frozenset[str]:
        if arm == AS_WRITTEN:
            return frozenset()
        if arm == ALL_FIXES:
            return frozenset(code for code, fix in self.fixes.items() if fix.usable)
        return frozenset({arm})

    def arm_of(self, step: int) -> tuple[str, Optional[int]]:
        """The arm of window step ``step`` (from 1) and the counted round it belongs to, None
        in the settling round and on the first step of a block."""
        block, position = divmod(step - 1, self.block)
        round_, arm = divmod(block, len(self.arms))
        if round_ < SETTLING_ROUNDS or position == 0:
            return self.arms[arm], None
        return self.arms[arm], round_ - SETTLING_ROUNDS

    def counted_as_written(self, step: int) -> bool:
        arm, round_ = self.arm_of(step)
        return arm == AS_WRITTEN and round_ is not None

    def boundary(self, completed: int) -> None:
        if completed >= self.warmup:
            arm, _ = self.arm_of(completed - self.warmup + 1)
            self._switch(self.codes_of(arm))

    def reset(self) -> None:
        self._switch(frozenset())

    def _on(self, code: str) -> bool:
        return code in self.active and self.fixes[code].usable

    def _switch(self, codes: frozenset[str]) -> None:
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

    def _loader_changes(self, call: LoaderCall) -> dict[str, Any]:
        """Runs on every fetch of a tried arm, so it reads only what note_loader worked out."""
        changes: dict[str, Any] = {}
        for code, name in LOADER_ARGUMENTS:
            if code in call.codes and self._on(code) and not call.arguments.get(name):
                changes[name] = self.workers if name == "num_workers" else True
        if changes.get("persistent_workers") and not (changes.get("num_workers") or call.arguments.get("num_workers")):
            changes.pop("persistent_workers")
        return changes

    def note_loader(self, loader_id: int, loader: Any, init: Callable, args: tuple, kwargs: dict,
                    site: Optional[tuple[str, int]], subclass: bool) -> None:
        """Called as the script builds a DataLoader: one at a flagged site is kept to be built again."""
        path, line = site if site else (None, None)
        codes = [code for code, _ in LOADER_ARGUMENTS if code in self.fixes and self.fixes[code].covers(path, line)]
        if not codes:
            return
        if subclass:
            # A subclass's own arguments are unknown here: building it again could change more
            # than the fix does.
            for code in codes:
                self.fixes[code].not_applied = f"a DataLoader subclass ({type(loader).__name__}) cannot be built again with other arguments"
            return
        arguments = dict(inspect.signature(init).bind(loader, *args, **kwargs).arguments)
        arguments.pop(next(iter(arguments)))  # the loader itself
        self.calls[loader_id] = LoaderCall(type(loader), arguments, site, frozenset(codes))

    def batch(self, loader_id: Optional[int], start: Callable, fetch: Callable) -> tuple[bool, Any]:
        """(True, batch) when the current arm takes this fetch from a twin loader."""
        if loader_id is None or not self.active or loader_id not in self.calls:
            return False, None
        call = self.calls[loader_id]
        changes = self._loader_changes(call)
        if not changes:
            return False, None
        key = (loader_id, tuple(sorted(changes.items())))
        twin = self.twins.get(key)
        if twin is None:
            twin = self.twins[key] = LoaderTwin(self._maker(call, changes), start, fetch)
            where = f"{os.path.basename(call.site[0])}:{call.site[1]}" if call.site else "?"
            for code, name in LOADER_ARGUMENTS:
                if name in changes and code in self.active:
                    self.fixes[code].applied = f"{name}={changes[name]!r} at {where}"
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
        if self._on("OPT001") and not requested:
            self.fixes["OPT001"].applied = "zero_grad(set_to_none=True) instead of set_to_none=False"
            return True
        return requested

    def before_optimizer_step(self, optimizer: Any) -> None:
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
        if self._on("AMP002") and device == "cuda" and dtype == self.torch.float16:
            self.fixes["AMP002"].applied = "autocast dtype=torch.bfloat16, GradScaler left out"
            return self.torch.bfloat16
        return dtype

    def scaler_dropped(self) -> bool:
        if self._on("AMP003"):
            self.fixes["AMP003"].applied = "GradScaler left out"
            return True
        return self._on("AMP002")

    def figures(self, step_ms: list[float]) -> dict[str, Any]:
        rounds: dict[str, dict[int, list[float]]] = {arm: {} for arm in self.arms}
        for step, ms in enumerate(step_ms, 1):
            arm, round_ = self.arm_of(step)
            if round_ is not None:
                rounds[arm].setdefault(round_, []).append(ms)
        complete = sorted(set.intersection(*(set(by_round) for by_round in rounds.values())))
        return {
            "block": self.block,
            "arms": [
                {"arm": arm, "codes": sorted(self.codes_of(arm)), "rounds_ms": [rounds[arm][r] for r in complete]}
                for arm in self.arms
            ],
            "fixes": [
                {"code": fix.code, "applied": fix.applied, "not_applied": fix.not_applied}
                for fix in self.fixes.values()
            ],
        }
