"""The child process: installs the instrumentation, runs the script, writes what it measured.

Started by launch.py as ``python -c BOOTSTRAP SCRIPT ARGS...``; the bootstrap puts this package
on sys.path and calls ``main``. The results go to the JSON file named in ``OUT_ENV``; they are
written in a ``finally``, so a script that raises, exits or is stopped still leaves them.
"""

from __future__ import annotations

import importlib
import json
import os
import runpy
import shutil
import signal
import sys
import threading
import time
import weakref
from typing import Any, NoReturn, Optional

from torch_advise.probe.inside.compile_trial import CompileTrial
from torch_advise.probe.inside.copies import classify, tally_figures
from torch_advise.probe.inside.forward_timer import ForwardTimer
from torch_advise.probe.inside.gap_sites import GapSampler
from torch_advise.probe.inside.loader_origin import Origin, origin_of
from torch_advise.probe.inside.memory import CudaAllocated, MemoryRecorder, Reader, host_reader
from torch_advise.probe.inside.phases import PhaseRecorder
from torch_advise.probe.inside.sites import caller_site, user_site_of_traceback
from torch_advise.probe.inside.syncs import SyncCounter
from torch_advise.probe.inside.tracebacks import script_traceback
from torch_advise.probe.inside.trial import NEEDS_CUDA, Fix, Trial
from torch_advise.probe.inside.window import CudaClock, HostClock, StepWindow, StopScript, WindowListener, WindowPlanner
from torch_advise.processes import TAG_ENV, adopt_orphans, stop_run, watch_folder, watch_pipe

OUT_ENV = "TORCH_ADVISE_PROBE_OUT"
CONFIG_ENV = "TORCH_ADVISE_PROBE_CONFIG"
# The read end of a pipe the parent holds open for as long as it lives.
WATCH_ENV = "TORCH_ADVISE_PROBE_WATCH_FD"
# Sent down the watch pipe: write the figures so far now (the script does not answer SIGTERM).
SNAPSHOT_REQUEST = b"s"
RESULT_VERSION = 1
# Made in the folder of the result file. STOP_FILE says that a SIGTERM is the probe's, which it
# makes before it sends one; a rank of a distributed run, which has no watch pipe, takes the
# files themselves as the requests to stop (as SIGTERM would) and for the figures so far.
STOP_FILE = "stop"
SNAPSHOT_FILE = "snapshot"


def rank_result_name(rank: int) -> str:
    return f"result-{rank}.json"


class Stopped(BaseException):
    """Raised by the SIGTERM handler when the probe stopped the script: its timeout ran out, or
    the probe itself was told to stop."""


class Signalled(BaseException):
    """Raised by the SIGTERM handler when the signal did not come from the probe: the script
    sent it to itself, or something else did, such as a job scheduler."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class Unanswered(BaseException):
    """Stands for the outcome of a script that did not answer SIGTERM and was asked, from the
    watch thread, for what it had measured."""


class HardExit(SystemExit):
    """The script called os._exit: an exit like sys.exit, though no finally block runs."""


def _site_dict(site: Optional[tuple[str, int]]) -> dict[str, Any]:
    return {"path": site[0], "line": site[1]} if site else {"path": None, "line": None}


class Loaders:
    """Every DataLoader the script builds: settings, creation site, epochs, first-batch waits."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []
        self._awaiting_first: set[int] = set()
        self.pinned_checks: dict[int, list[bool]] = {}

    def created(self, loader: Any, site: Optional[tuple[str, int]], origin: Origin) -> int:
        """A loader rebuilt from one of the script's (origin.source) is counted as that one."""
        if origin.source is not None:
            return origin.source
        loader_id = len(self.rows)
        self.rows.append({
            "id": loader_id,
            **_site_dict(site),
            "framework": origin.framework,
            "num_workers": int(getattr(loader, "num_workers", 0) or 0),
            "pin_memory": bool(getattr(loader, "pin_memory", False)),
            "persistent_workers": bool(getattr(loader, "persistent_workers", False)),
            "prefetch_factor": getattr(loader, "prefetch_factor", None),
            "batch_size": getattr(loader, "batch_size", None),
            "dataset": type(getattr(loader, "dataset", None)).__name__,
            "epochs": 0,
            "batches": 0,
            "first_batch_ms": [],
            "batches_pinned": None,
        })
        return loader_id

    def site_of(self, loader_id: int) -> Optional[tuple[str, int]]:
        row = self.rows[loader_id]
        return (row["path"], row["line"]) if row["path"] is not None else None

    def epoch_started(self, loader_id: int) -> None:
        self.rows[loader_id]["epochs"] += 1
        self._awaiting_first.add(loader_id)

    def batch_fetched(self, loader_id: int, wait_s: float, iter_s: float) -> None:
        row = self.rows[loader_id]
        row["batches"] += 1
        if loader_id in self._awaiting_first:
            self._awaiting_first.discard(loader_id)
            row["first_batch_ms"].append((wait_s + iter_s) * 1e3)

    def note_pinned(self, loader_id: int, pinned: bool) -> None:
        checks = self.pinned_checks.setdefault(loader_id, [])
        checks.append(pinned)
        self.rows[loader_id]["batches_pinned"] = all(checks)


def _first_tensor(batch: Any, torch_module: Any) -> Any:
    if isinstance(batch, torch_module.Tensor):
        return batch
    if isinstance(batch, dict):
        batch = list(batch.values())
    if isinstance(batch, (list, tuple)):
        for item in batch:
            found = _first_tensor(item, torch_module)
            if found is not None:
                return found
    return None


class CopyProfiler(WindowListener):
    """Profiles the last warm-up steps for host-to-device copies, so the window stays clean."""

    PROFILED_STEPS = 2

    def __init__(self, torch_module: Any, warmup: int, cuda_in_use) -> None:
        self._torch = torch_module
        self._start_at = warmup - self.PROFILED_STEPS if warmup > self.PROFILED_STEPS else 1
        self._stop_at = warmup
        self._cuda_in_use = cuda_in_use
        self._profile: Any = None
        self._started_s = 0.0
        self.figures: Optional[dict[str, Any]] = None
        self.reason = "no CUDA device in this run"

    def boundary(self, completed: int) -> None:
        if completed == self._start_at and self._start_at < self._stop_at and self._profile is None:
            if not self._cuda_in_use():
                return
            activities = [self._torch.profiler.ProfilerActivity.CPU,
                          self._torch.profiler.ProfilerActivity.CUDA]
            self._profile = self._torch.profiler.profile(activities=activities, with_stack=True)
            self._profile.start()
            self._started_s = time.perf_counter()
            self.reason = "the script ended before the profiled warm-up steps finished"
        elif completed == self._stop_at and self._profile is not None and self.figures is None:
            self._torch.cuda.synchronize()
            profiled_ms = (time.perf_counter() - self._started_s) * 1e3
            self._profile.stop()
            tallies = classify(self._profile.events())
            self.figures = tally_figures(tallies, self._stop_at - self._start_at, profiled_ms)
            self._profile = None

    def reset(self) -> None:
        if self._profile is not None:
            self._profile.stop()
            self._profile = None
        self.figures = None

    def close(self) -> None:
        if self._profile is not None:
            try:
                self._profile.stop()
            except Exception:
                pass
            self._profile = None
        if self.figures is None and self._stop_at < 2 and self._cuda_in_use():
            self.reason = "warm-up too short to profile copies (needs --warmup 2 or more)"


class Probe:
    """Installs every patch and hook; collects the figures the parent turns into verdicts."""

    def __init__(self, warmup: int, steps: int, script_dir: str, trial: Optional[dict[str, Any]] = None,
                 distributed: bool = False) -> None:
        import torch

        self.torch = torch
        # Some torch packages delete their submodule attributes; import them by name.
        self.optimizer_module = importlib.import_module("torch.optim.optimizer")
        self.autocast_module = importlib.import_module("torch.amp.autocast_mode")
        self.scaler_module = importlib.import_module("torch.amp.grad_scaler")
        self.dataloader_module = importlib.import_module("torch.utils.data.dataloader")
        self.loaders = Loaders()
        self.autocasts: dict[tuple, dict[str, Any]] = {}
        self.scalers: list[dict[str, Any]] = []
        self.cuda_available = bool(torch.cuda.is_available())
        self.copies = CopyProfiler(torch, warmup, self._cuda_in_use)
        self.trial = self._trial(trial, warmup, steps) if trial else None
        self.memory = MemoryRecorder(warmup, self._memory_reader)
        listeners: list[WindowListener] = [self.copies, self.memory, *([self.trial] if self.trial else [])]
        planner = self.trial or WindowPlanner()
        self.window = StepWindow(warmup, steps, self._choose_clock, listeners=listeners, planner=planner)
        self.window.on_window_start = self._window_started
        self.phases = PhaseRecorder(self.window)
        self.gap_sampler = GapSampler()
        self.phases.on_gap_start = self.gap_sampler.gap_started
        self.phases.on_gap_end = self.gap_sampler.gap_ended
        # Parameters of every optimizer that stepped: a module holding some is one being trained,
        # and its outermost call is the forward.
        self._trained_params: set[int] = set()
        self._optimizers_seen: set[int] = set()
        self._trained_modules: Any = weakref.WeakKeyDictionary()
        self.syncs = SyncCounter(lambda: self.window.active and not self._in_probe)
        self._in_probe = False
        self._syncs_installed = False
        self.started_s = time.perf_counter()
        self.script_dir = script_dir
        self.distributed = distributed
        # Per measured step, when this rank last entered backward: ranks meet at the gradient
        # all-reduce inside it, so a rank that enters later than the others holds them all.
        self.arrivals: dict[int, float] = {}

    def _trial(self, config: dict[str, Any], warmup: int, steps: int) -> Trial:
        fixes = {}
        for item in config["fixes"]:
            fix = Fix(item["code"], [tuple(site) for site in item["sites"]])
            if fix.code in NEEDS_CUDA and not self.cuda_available:
                fix.not_applied = "this fix acts on CUDA work, and no CUDA device is in this run"
                fix.untried = True
            fixes[fix.code] = fix
        deadline_s = time.perf_counter() + config["budget_s"]

        def announce(line: str) -> None:
            print(f"advise probe: {line}", file=sys.stderr, flush=True)

        compiler = None
        if config.get("compile"):
            compiler = CompileTrial(self.torch, config["compile"], self._is_trained, deadline_s=deadline_s,
                                    announce=announce)
        return Trial(self.torch, fixes, warmup, steps, block=config["block"], deadline_s=deadline_s,
                     sweep=config.get("sweep"), compiler=compiler, announce=announce)

    def _cuda_in_use(self) -> bool:
        return self.cuda_available and bool(self.torch.cuda.is_initialized())

    def _choose_clock(self):
        return CudaClock(self.torch) if self._cuda_in_use() else HostClock()

    def _memory_reader(self) -> Optional[Reader]:
        return CudaAllocated(self.torch) if self._cuda_in_use() else host_reader()

    def _window_started(self) -> None:
        self.forward.window_started()
        # Only now: turning sync warnings on initialises CUDA, which must not happen in a
        # script that never uses the GPU, nor before the script forks its DataLoader workers.
        if self._cuda_in_use():
            self.torch.cuda.reset_peak_memory_stats()
            if not self._syncs_installed:
                self.syncs.install(self.torch)
                self._syncs_installed = True

    def install(self) -> None:
        self._patch_dataloader()
        self._patch_autocast()
        self._patch_grad_scaler()
        self.optimizer_module.register_optimizer_step_pre_hook(self._optimizer_stepping)
        self.optimizer_module.register_optimizer_step_post_hook(self._optimizer_stepped)
        self._patch_backward()
        self._patch_forward()
        if self.trial:
            self._patch_zero_grad()

    def _patch_backward(self) -> None:
        # Tensor.backward calls torch.autograd.backward by name, so this one patch sees both.
        autograd: Any = importlib.import_module("torch.autograd")
        original = autograd.backward
        window = self.window
        arrivals = self.arrivals
        distributed = self.distributed
        phases = self.phases
        memory = self.memory

        def backward(*args, **kwargs):
            if window.active and not memory.looked_for_loop:
                memory.looked_for_loop = True
                memory.loop_site = caller_site(2)
            if distributed and window.active:
                # time.monotonic: one clock for every process of the machine, so ranks compare.
                arrivals[len(window.boundaries)] = time.monotonic()
            opened = phases.start("backward")
            try:
                return original(*args, **kwargs)
            finally:
                if opened:
                    phases.end("backward")

        autograd.backward = backward

    def _patch_forward(self) -> None:
        compiler = getattr(self.torch, "compiler", None)
        # --try compile: its arms route the trained model's outermost call through torch.compile.
        compile_trial = self.trial.compiler if self.trial else None
        self.forward = ForwardTimer(self.torch.nn.Module, self.phases, self.window, self._is_trained,
                                    getattr(compiler, "is_compiling", lambda: False), compile_trial)
        self.forward.install()
        if compile_trial is not None:
            compile_trial.tops = self.forward.tops
            compile_trial.install((*self.forward.patched_calls, ForwardTimer.timed, ForwardTimer._learn))

    def _is_trained(self, module: Any) -> bool:
        known = self._trained_modules.get(module)
        if known is None:
            known = self._trained_modules[module] = any(
                id(parameter) in self._trained_params for parameter in module.parameters())
        return bool(known)

    def _note_optimizer(self, optimizer: Any) -> None:
        if id(optimizer) in self._optimizers_seen:
            return
        self._optimizers_seen.add(id(optimizer))
        params = {id(parameter) for group in optimizer.param_groups for parameter in group["params"]}
        if not params <= self._trained_params:
            self._trained_params |= params
            self._trained_modules = weakref.WeakKeyDictionary()

    def _optimizer_stepping(self, optimizer: Any, args: tuple, kwargs: dict) -> Optional[tuple[tuple, dict]]:
        if self.trial:
            self.trial.before_optimizer_step(optimizer)
        if not self.phases.start("optimizer"):
            return None
        return self._closure_paused(args, kwargs)

    def _closure_paused(self, args: tuple, kwargs: dict) -> Optional[tuple[tuple, dict]]:
        """The step's arguments (the optimizer first) with its closure, if any, wrapped to pause
        the optimizer phase while it runs."""
        in_kwargs = "closure" in kwargs
        closure = kwargs["closure"] if in_kwargs else (args[1] if len(args) > 1 else None)
        if not callable(closure):
            return None
        phases = self.phases

        def paused_closure(*closure_args: Any, **closure_kwargs: Any) -> Any:
            paused = phases.pause_optimizer()
            try:
                return closure(*closure_args, **closure_kwargs)
            finally:
                if paused:
                    phases.resume_optimizer()

        if in_kwargs:
            return args, {**kwargs, "closure": paused_closure}
        return (args[0], paused_closure, *args[2:]), kwargs

    def _patch_zero_grad(self) -> None:
        trial = self.trial
        assert trial is not None
        owners: tuple[Any, ...] = (self.optimizer_module.Optimizer, self.torch.nn.Module)
        for owner in owners:
            original = owner.zero_grad

            def zero_grad(target, set_to_none: bool = True, _original=original):
                return _original(target, trial.zero_grad_set_to_none(set_to_none))

            owner.zero_grad = zero_grad

    def _optimizer_stepped(self, optimizer: Any, args: Any, kwargs: Any) -> None:
        self._in_probe = True
        try:
            self.phases.end("optimizer")
            self._note_optimizer(optimizer)
            self.window.optimizer_stepped(id(optimizer))
            self.phases.step_ended()
        finally:
            self._in_probe = False

    def _patch_dataloader(self) -> None:
        loader_class = self.dataloader_module.DataLoader
        iter_class = self.dataloader_module._BaseDataLoaderIter
        probe = self
        original_init = loader_class.__init__
        original_iter = loader_class.__iter__
        original_next = iter_class.__next__

        def __init__(loader, *args, **kwargs):
            original_init(loader, *args, **kwargs)
            trial = probe.trial
            if "_advise_id" not in loader.__dict__ and not (trial and trial.building_twin):
                origin = origin_of(sys._getframe(1), loader, loader_class)
                site = probe.loaders.site_of(origin.source) if origin.source is not None else caller_site(2)
                loader_id = loader.__dict__["_advise_id"] = probe.loaders.created(loader, site, origin)
                if trial:
                    trial.note_loader(loader_id, loader, original_init, args, kwargs, site,
                                      subclass=type(loader) is not loader_class,
                                      framework=probe.loaders.rows[loader_id]["framework"])

        def __iter__(loader):
            loader_id = loader.__dict__.get("_advise_id")
            token = probe.window.fetch_started(is_batch=False)
            try:
                iterator = original_iter(loader)
            finally:
                probe._iter_s[loader_id] = probe.window.fetch_finished(token, loader_id, False, False)
            iterator.__dict__["_advise_loader"] = loader_id
            if loader_id is not None:
                probe.loaders.epoch_started(loader_id)
            return iterator

        def __next__(iterator):
            loader_id = iterator.__dict__.get("_advise_loader")
            probe._in_probe = True
            try:
                token = probe.window.fetch_started(is_batch=True)
            finally:
                probe._in_probe = False
            produced = False
            try:
                from_twin, batch = (
                    probe.trial.batch(loader_id, original_iter, original_next) if probe.trial else (False, None)
                )
                if not from_twin:
                    batch = original_next(iterator)
                produced = True
            finally:
                wait_s = probe.window.fetch_finished(token, loader_id, produced, True)
            if loader_id is not None:
                probe.loaders.batch_fetched(loader_id, wait_s, probe._iter_s.pop(loader_id, 0.0))
                probe._check_pinned(loader_id, batch)
            return batch

        self._iter_s: dict[Optional[int], float] = {}
        loader_class.__init__ = __init__
        loader_class.__iter__ = __iter__
        iter_class.__next__ = __next__

    def _check_pinned(self, loader_id: int, batch: Any) -> None:
        if not self.cuda_available or len(self.loaders.pinned_checks.get(loader_id, ())) >= 3:
            return
        tensor = _first_tensor(batch, self.torch)
        if tensor is not None and tensor.device.type == "cpu":
            self.loaders.note_pinned(loader_id, bool(tensor.is_pinned()))

    def _patch_autocast(self) -> None:
        autocast_class = self.autocast_module.autocast
        original_enter = autocast_class.__enter__
        probe = self

        def __enter__(ctx):
            if probe.trial:
                written = ctx.__dict__.setdefault("_advise_dtype", ctx.fast_dtype)
                ctx.fast_dtype = probe.trial.autocast_dtype(written, getattr(ctx, "device", None))
            result = original_enter(ctx)
            site = caller_site(2)
            dtype = str(getattr(ctx, "fast_dtype", "")).replace("torch.", "")
            key = (site, getattr(ctx, "device", None), dtype, bool(getattr(ctx, "_enabled", True)))
            row = probe.autocasts.setdefault(key, {
                **_site_dict(site), "device": key[1], "dtype": dtype, "enabled": key[3], "entries": 0,
            })
            row["entries"] += 1
            return result

        autocast_class.__enter__ = __enter__

    def _patch_grad_scaler(self) -> None:
        scaler_class = self.scaler_module.GradScaler
        original_init = scaler_class.__init__
        original_step = scaler_class.step
        probe = self

        def __init__(scaler, *args, **kwargs):
            original_init(scaler, *args, **kwargs)
            if "_advise_row" not in scaler.__dict__:
                row = {**_site_dict(caller_site(2)), "device": getattr(scaler, "_device", None),
                       "enabled": bool(scaler.is_enabled()), "steps": 0}
                probe.scalers.append(row)
                scaler.__dict__["_advise_row"] = row

        def step(scaler, *args, **kwargs):
            row = scaler.__dict__.get("_advise_row")
            if row is not None:
                row["steps"] += 1
            return original_step(scaler, *args, **kwargs)

        scaler_class.__init__ = __init__
        scaler_class.step = step
        if self.trial:
            self._patch_scaler_for_trial(scaler_class, step)

    def _patch_scaler_for_trial(self, scaler_class: Any, counted_step: Any) -> None:
        """The tried arm without a GradScaler: scale and unscale_ leave the values alone, step
        is the optimizer's own, update does nothing."""
        trial = self.trial
        assert trial is not None
        original_scale, original_unscale, original_update = scaler_class.scale, scaler_class.unscale_, scaler_class.update

        def scale(scaler, outputs):
            return outputs if trial.scaler_dropped() else original_scale(scaler, outputs)

        def unscale_(scaler, optimizer):
            return None if trial.scaler_dropped() else original_unscale(scaler, optimizer)

        def step(scaler, optimizer, *args, **kwargs):
            if trial.scaler_dropped():
                return optimizer.step(*args, **kwargs)
            return counted_step(scaler, optimizer, *args, **kwargs)

        def update(scaler, new_scale=None):
            return None if trial.scaler_dropped() else original_update(scaler, new_scale)

        scaler_class.scale, scaler_class.unscale_ = scale, unscale_
        scaler_class.step, scaler_class.update = step, update

    def device_figures(self) -> dict[str, Any]:
        torch = self.torch
        figures: dict[str, Any] = {
            "kind": "cpu", "name": "CPU", "capability": None, "torch": torch.__version__,
            "cuda_available": self.cuda_available, "peak_memory_bytes": None,
        }
        if self._cuda_in_use():
            index = torch.cuda.current_device()
            major, minor = torch.cuda.get_device_capability(index)
            figures.update(
                kind="cuda", name=torch.cuda.get_device_name(index), capability=f"{major}.{minor}",
                peak_memory_bytes=int(torch.cuda.max_memory_allocated(index)),
            )
        return figures

    def results(self) -> dict[str, Any]:
        self.copies.close()
        measured = self.window.measured_steps
        on_gpu = bool(self.window.clock and self.window.clock.on_gpu)
        trial = self.trial
        return {
            "version": RESULT_VERSION,
            "device": self.device_figures(),
            # A trial's own figures are of the steps run as written only, as if it had not run.
            "steps": self.window.figures(trial.counted_as_written if trial else None),
            "phases": self.phases.figures(trial.counted_as_written if trial else None),
            "memory": self.memory.figures(measured, trial.counted_as_written if trial else None),
            "gap_sites": self.gap_sampler.figures(),
            "trial": trial.figures(self.window.figures()["step_ms"]) if trial else None,
            "loaders": self.loaders.rows,
            "syncs": {
                "measured": on_gpu and self._syncs_installed,
                "lines": self.syncs.figures(measured) if on_gpu else [],
                "unattributed": self.syncs.unattributed,
            },
            "copies": {
                "measured": self.copies.figures is not None,
                "reason": None if self.copies.figures is not None else self.copies.reason,
                **(self.copies.figures or {}),
            },
            "autocast": list(self.autocasts.values()),
            "scalers": self.scalers,
            "run_s": time.perf_counter() - self.started_s,
            "arrivals_s": [self.arrivals.get(step) for step in range(1, measured + 1)] if self.distributed else None,
            "local_modules": _local_modules(self.script_dir),
        }


def _local_modules(script_dir: str) -> list[str]:
    """Source files of modules the script imported from its own directory tree: they are
    linted along with it."""
    root = os.path.realpath(script_dir) + os.sep
    files = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if path and path.endswith(".py") and os.path.realpath(path).startswith(root):
            files.add(os.path.realpath(path))
    return sorted(files)


def _outcome(error: Optional[BaseException]) -> dict[str, Any]:
    if error is None:
        return {"status": "ended", "exit_code": None, "exception": None}
    if isinstance(error, StopScript):
        return {"status": "completed", "exit_code": None, "exception": None}
    if isinstance(error, Stopped):
        # Where the script was when time ran out is where it hung.
        site = user_site_of_traceback(error.__traceback__)
        return {"status": "timed-out", "exit_code": None, "exception": {
            "type": "Timeout", "message": "stopped by the probe's timeout", **_site_dict(site),
            "traceback": "",
        }}
    if isinstance(error, Unanswered):
        return {"status": "timed-out", "exit_code": None, "exception": None, "forced": True}
    if isinstance(error, Signalled):
        name = signal.Signals(error.signum).name
        return {"status": "killed", "exit_code": None, "signal": name, "exception": {
            "type": "Signal", "message": name, **_site_dict(user_site_of_traceback(error.__traceback__)),
            "traceback": "",
        }}
    if isinstance(error, SystemExit):
        code = error.code
        if code is None or isinstance(code, int):
            exit_code = code or 0
        else:
            exit_code = 1
        call = "os._exit" if isinstance(error, HardExit) else "sys.exit"
        return {"status": "exited", "exit_code": exit_code, "exception": None, "call": call}
    site = user_site_of_traceback(error.__traceback__)
    return {
        "status": "raised",
        "exit_code": None,
        "exception": {
            "type": type(error).__name__,
            "message": str(error),
            **_site_dict(site),
            "traceback": script_traceback(error),
        },
    }


def _stop_on_sigterm(owner_pid: int, stop_file: str) -> None:
    def handler(signum, frame):
        if os.getpid() != owner_pid:
            # A forked DataLoader worker: die as SIGTERM would.
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        if os.path.exists(stop_file):
            raise Stopped()
        raise Signalled(signum)

    signal.signal(signal.SIGTERM, handler)


class ResultFile:
    """Where the figures go, written whole and renamed, so the parent never reads half a file.
    The script's own end writes last and wins; a snapshot taken from the watch thread only fills
    a file nothing else has written."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._written = False

    def write(self, result: dict[str, Any], *, snapshot: bool = False) -> None:
        with self._lock:
            if snapshot and self._written:
                return
            tmp = self.path + ".tmp"
            with open(tmp, "w", encoding="utf-8") as handle:
                json.dump(result, handle)
            os.replace(tmp, self.path)
            self._written = True


def _result(probe: Probe, error: Optional[BaseException]) -> dict[str, Any]:
    result = {"version": RESULT_VERSION, "outcome": _outcome(error)}
    try:
        probe.window.finish()
    except Exception:
        pass
    try:
        result.update(probe.results())
    except Exception as failure:
        result["probe_error"] = f"{type(failure).__name__}: {failure}"
    return result


def _share_one_temp_dir(record: str) -> None:
    """Makes multiprocessing's temporary folder (pymp-*) now, before the script starts a process,
    and lists it in ``record``, so that whoever stops this run can remove it: a process removes
    the folder it made only at a clean exit. Every DataLoader worker then uses this one folder,
    whatever its start method: a worker takes its parent's (fork copies it; spawn and forkserver
    send it along with the process object), and makes one of its own only where its parent had
    none yet when it was started."""
    import multiprocessing.util as mp_util

    with open(record, "a", encoding="utf-8") as handle:
        handle.write(mp_util.get_temp_dir() + "\n")


def remove_noted_temp_dirs(record: str) -> None:
    try:
        with open(record, encoding="utf-8") as handle:
            paths = handle.read().splitlines()
    except OSError:
        return
    for path in paths:
        if os.path.basename(path).startswith("pymp-"):
            shutil.rmtree(path, ignore_errors=True)


def temp_dir_record(out_path: str) -> str:
    return os.path.join(os.path.dirname(out_path), "temp-dirs")


def _rank() -> int:
    return int(os.environ.get("RANK", "0"))


def _watch_the_parent(fd: Optional[int], parent: Optional[int], out: ResultFile, probes: list[Probe]) -> None:
    """A snapshot when the parent asks for one; when the parent is gone, every process of the
    run (this one last) is stopped and the parent's temporary folder removed, for nobody is
    left to do either. The parent is watched through its pipe ``fd``, or, for a rank, which
    cannot inherit it, as process ``parent`` through files in the result's folder."""

    def parent_gone() -> None:
        # Folders first: once the loader workers are killed, the script's main thread raises
        # "DataLoader worker exited unexpectedly" and the process may end, this daemon thread
        # with it, before anything after the kill has run. Nobody is left to read the result.
        remove_noted_temp_dirs(temp_dir_record(out.path))
        shutil.rmtree(os.path.dirname(out.path), ignore_errors=True)
        stop_run(os.environ.get(TAG_ENV), os.getpid())
        os.killpg(os.getpgrp(), signal.SIGKILL)

    def snapshot() -> None:
        if probes:
            out.write(_result(probes[0], Unanswered()), snapshot=True)

    if fd is not None:
        watch_pipe(fd, parent_gone, {SNAPSHOT_REQUEST: snapshot})
    elif parent is not None:
        def stop() -> None:
            os.kill(os.getpid(), signal.SIGTERM)

        watch_folder(os.path.dirname(out.path), parent, parent_gone, {STOP_FILE: stop, SNAPSHOT_FILE: snapshot})


def _write_before_hard_exit(owner_pid: int, out: ResultFile, probe: Probe) -> None:
    real_exit = os._exit

    def _exit(status: int) -> NoReturn:
        # multiprocessing ends forked DataLoader workers with os._exit too: only the script's own
        # process reports.
        if os.getpid() == owner_pid:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            out.write(_result(probe, HardExit(status)))
        real_exit(status)

    os._exit = _exit


def main() -> None:
    config = json.loads(os.environ.pop(CONFIG_ENV))
    parent = config.get("parent_pid")
    out_path = os.environ.pop(OUT_ENV)
    if parent is not None:
        out_path = os.path.join(os.path.dirname(out_path), rank_result_name(_rank()))
    out = ResultFile(out_path)
    watch_fd = os.environ.pop(WATCH_ENV, None)
    script = os.path.abspath(sys.argv[1])
    sys.argv = [script, *sys.argv[2:]]
    # The bootstrap left [package root, ''] at the front; a script run as `python script.py`
    # sees its own directory there instead.
    sys.path[0:2] = [os.path.dirname(script)]

    probes: list[Probe] = []
    # The script's processes, those of its helpers whose parents end included, stay below this
    # one, where a stop finds them.
    adopt_orphans()
    _share_one_temp_dir(temp_dir_record(out.path))
    _watch_the_parent(int(watch_fd) if watch_fd else None, parent, out, probes)
    _stop_on_sigterm(os.getpid(), os.path.join(os.path.dirname(out.path), STOP_FILE))
    error: Optional[BaseException] = None
    try:
        probe = Probe(config["warmup"], config["steps"], os.path.dirname(script), config.get("trial"),
                      distributed=parent is not None)
        probe.install()
    except (Stopped, Signalled) as stopped:
        # SIGTERM while still importing torch.
        out.write({"version": RESULT_VERSION, "outcome": _outcome(stopped)})
        sys.exit(0)
    except Exception as failure:
        result = {"version": RESULT_VERSION, "probe_error": f"{type(failure).__name__}: {failure}",
                  "outcome": {"status": "not-started", "exit_code": None, "exception": None}}
        out.write(result)
        sys.exit(0)
    probes.append(probe)
    _write_before_hard_exit(os.getpid(), out, probe)
    try:
        runpy.run_path(script, run_name="__main__")
    except BaseException as raised:  # every way out of the script is an outcome to report
        error = raised
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        out.write(_result(probe, error))
    # The outcome is in the file; the parent reads the script's own exit status from there.
    sys.exit(0)
