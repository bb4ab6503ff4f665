"""The CUDA-only readers, fed what torch would hand them on a GPU."""

import importlib.util
import os
import warnings
from collections import namedtuple

from torch_advise.probe.inside.copies import classify, copy_kind, tally_figures
from torch_advise.probe.inside.sites import is_user_file, user_site_of_stack
from torch_advise.probe.inside.syncs import SyncCounter, is_sync_warning

HERE = os.path.realpath(__file__)
TORCH_DIR = os.path.dirname(importlib.util.find_spec("torch").origin)
Kernel = namedtuple("Kernel", "name device duration")
TimeRange = namedtuple("TimeRange", "start end")


class CpuOp:
    def __init__(self, name, kernels, stack):
        self.name = name
        self.kernels = kernels
        self.stack = stack


class DeviceEvent:
    def __init__(self, name, start, end):
        self.name = name
        self.kernels = []
        self.stack = []
        self.time_range = TimeRange(start, end)


SYNC_MESSAGE = "called a synchronizing CUDA operation (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:150.)"


def test_copy_names_are_classified_by_memory_kind():
    assert copy_kind("Memcpy HtoD (Pageable -> Device)") == "pageable"
    assert copy_kind("Memcpy HtoD (Pinned -> Device)") == "pinned"
    assert copy_kind("Memcpy DtoH (Device -> Pageable)") is None
    assert copy_kind("void at::native::vectorized_elementwise_kernel<4>") is None


def test_copies_attach_to_the_user_line_that_launched_them():
    events = [
        CpuOp("aten::copy_", [Kernel("Memcpy HtoD (Pageable -> Device)", 0, 120.0)],
              [f"{TORCH_DIR}/nn/modules/module.py(10): to", f"{HERE}(45): main"]),
        CpuOp("aten::copy_", [Kernel("Memcpy HtoD (Pageable -> Device)", 0, 80.0)], [f"{HERE}(45): main"]),
        CpuOp("aten::copy_", [Kernel("Memcpy HtoD (Pinned -> Device)", 0, 10.0)], [f"{HERE}(46): main"]),
        CpuOp("aten::mm", [Kernel("sm90_xmma_gemm", 0, 500.0)], [f"{HERE}(50): main"]),
        # The same copies seen as device events: must not be counted twice.
        DeviceEvent("Memcpy HtoD (Pageable -> Device)", 0, 120),
    ]
    tallies = classify(events)
    assert tallies["pageable"].count == 2
    assert tallies["pageable"].time_us == 200.0
    assert dict(tallies["pageable"].sites) == {(HERE, 45): 2}
    assert tallies["pinned"].count == 1
    figures = tally_figures(tallies, profiled_steps=2, profiled_ms=10.0)
    assert figures["pageable"]["per_step"] == 1.0
    assert figures["pageable"]["lines"] == [{"path": HERE, "line": 45, "count": 2}]


def test_copies_without_a_cpu_op_still_count():
    tallies = classify([DeviceEvent("Memcpy HtoD (Pageable -> Device)", 100, 350)])
    assert tallies["pageable"].count == 1
    assert tallies["pageable"].time_us == 250.0
    assert not tallies["pageable"].sites


def test_library_frames_are_skipped_in_profiler_stacks():
    torch_file = os.path.join(TORCH_DIR, "nn", "modules", "module.py")
    site = user_site_of_stack([f"{torch_file}(3): forward", f"{HERE}(12): step", f"{HERE}(30): main"])
    assert site == (HERE, 12)


def test_user_files_exclude_the_standard_library_and_this_tool():
    assert is_user_file(HERE)
    assert not is_user_file(os.__file__)
    assert not is_user_file(warnings.__file__)
    assert not is_user_file("<string>")
    import torch_advise.probe.inside.window as window_module
    assert not is_user_file(window_module.__file__)


def test_sync_warning_text_is_recognised():
    assert is_sync_warning(UserWarning(SYNC_MESSAGE))
    assert not is_sync_warning(UserWarning("This DataLoader will create 4 worker processes"))


def _warn_sync_from_here():
    warnings.warn(SYNC_MESSAGE, UserWarning, stacklevel=1)  # the line a GPU run would blame
    return _warn_sync_from_here.__code__.co_firstlineno + 1


def test_sync_warnings_are_counted_per_line_and_not_printed():
    counting = {"on": False}
    counter = SyncCounter(lambda: counting["on"])

    class FakeCudaModule:
        class cuda:
            mode = None

            @classmethod
            def set_sync_debug_mode(cls, mode):
                cls.mode = mode

    shown = []
    with warnings.catch_warnings():
        warnings.showwarning = lambda message, *rest: shown.append(str(message))
        counter.install(FakeCudaModule)
        assert FakeCudaModule.cuda.mode == "warn"
        _warn_sync_from_here()  # before the window: not counted
        counting["on"] = True
        for _ in range(3):
            line = _warn_sync_from_here()
        warnings.warn("an unrelated warning", UserWarning, stacklevel=1)
    assert dict(counter.per_site) == {(HERE, line): 3}
    rows = counter.figures(measured_steps=3)
    assert rows == [{"path": HERE, "line": line, "count": 3, "per_step": 1.0}]
    assert shown == ["an unrelated warning"]


def test_sync_inside_a_library_is_blamed_on_the_user_line_that_called_it():
    counter = SyncCounter(lambda: True)
    import sys

    frame = sys._getframe()
    line = frame.f_lineno
    counter.record(os.__file__, 99, frame)  # warning attributed to a stdlib frame
    assert list(counter.per_site) == [(HERE, line + 1)]
