"""Behaviour of DL003-DL006, SYNC003, SEC001 and DIST001 beyond the golden fixtures: what depends
on the target, what the fixes write, and that the fixed loaders really build."""

from __future__ import annotations

import textwrap

import pytest

from conftest import codes_of, lint_text, make_target

EPOCHS = """
import torch
from torch.utils.data import DataLoader

def fit(model, optimizer, dataset, workers):
    loader = DataLoader(dataset, batch_size=8, num_workers={workers})
    for epoch in range(3):
        for x, y in loader:
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
"""


def _lint(code: str, select: str, **kwargs):
    return lint_text(textwrap.dedent(code), select=[select], **kwargs)


def _fixed(code: str, select: str, **kwargs) -> str:
    result = _lint(code, select, fix="unsafe", **kwargs)
    assert result.fixed_source is not None
    return result.fixed_source.decode()


@pytest.mark.parametrize(
    ("workers", "setting"),
    [
        ("4", "persistent_workers=True"),
        ("min(8, os.cpu_count() or 1)", "persistent_workers=True"),
        ("workers or 2", "persistent_workers=(workers or 2) > 0"),
        ("workers if workers else 4", "persistent_workers=True"),
    ],
)
def test_persistent_workers_fix_never_asks_for_persistence_without_workers(workers, setting):
    assert setting in _fixed(EPOCHS.format(workers=workers), "DL003")


def test_persistent_workers_reported_without_fix_when_the_count_cannot_be_repeated():
    result = _lint(EPOCHS.format(workers="4 if workers else pick_workers()"), "DL003", fix="unsafe")
    assert codes_of(result) == ["DL003"] and not result.changed


@pytest.mark.parametrize("workers", ["workers", "pick_workers()", "config.loader.workers"])
def test_a_worker_count_nothing_shows_to_be_positive_is_not_reported(workers):
    """A count from the caller or a configuration the file cannot see may be 0 (a template's
    default), and then there are no workers to restart."""
    assert codes_of(_lint(EPOCHS.format(workers=workers), "DL003")) == []


def test_no_persistent_workers_advice_without_workers():
    assert codes_of(_lint(EPOCHS.format(workers="0"), "DL003")) == []


def test_loader_built_by_a_helper_called_every_epoch_is_not_flagged():
    code = """
    from torch.utils.data import DataLoader

    def make_loader(dataset, epoch):
        return DataLoader(dataset, batch_size=8, num_workers=4, shuffle=True)

    def fit(model, optimizer, dataset):
        for epoch in range(3):
            for x, y in make_loader(dataset, epoch):
                model(x).sum().backward()
                optimizer.step()
    """
    assert codes_of(_lint(code, "DL003")) == []


PREFETCH = """
from torch.utils.data import DataLoader
loader = DataLoader(range(10), batch_size=2, prefetch_factor={prefetch})
"""


@pytest.mark.parametrize(
    ("prefetch", "torch_version", "flagged"),
    [
        ("2", (2, 13), True),  # the default became None in 2.0: any value raises
        ("2", (1, 13), False),  # before 2.0, 2 was the default and accepted without workers
        ("4", (1, 13), True),
        ("None", (2, 13), False),
    ],
)
def test_prefetch_without_workers_depends_on_the_torch_version(prefetch, torch_version, flagged):
    result = _lint(PREFETCH.format(prefetch=prefetch), "DL004", target=make_target(torch_version=torch_version))
    assert codes_of(result) == (["DL004"] if flagged else [])


def test_fixed_loaders_build_with_and_without_workers():
    """Run what the DL003 and DL004 fixes write: with 0 workers neither may raise ValueError."""
    pytest.importorskip("torch")
    code = """
    from torch.utils.data import DataLoader

    def make_loader(dataset, workers=0):
        return DataLoader(dataset, batch_size=2, num_workers=workers, prefetch_factor=4)

    def fit(model, optimizer, dataset, settings):
        loader = make_loader(dataset, settings.workers or 4)
        for epoch in range(3):
            for x in loader:
                model(x).sum().backward()
                optimizer.step()
    """
    fixed = _fixed(code, "DL004")
    fixed = lint_text(fixed, select=["DL003"], fix="unsafe").fixed_source.decode()
    assert "persistent_workers=workers > 0" in fixed and "4 if workers > 0 else None" in fixed
    namespace: dict = {}
    exec(compile(fixed, "fixed.py", "exec"), namespace)
    for workers in (0, 2):
        loader = namespace["make_loader"](range(10), workers)
        assert loader.prefetch_factor == (4 if workers else None)


def test_tensor_fix_keeps_one_argument_per_line():
    code = """
    import torch

    def targets(n):
        return torch.arange(
            n,
            dtype=torch.long,
        ).to("cuda")

    def train(model, batches, optimizer):
        for x in batches:
            model(x, targets(len(x))).backward()
            optimizer.step()
    """
    assert "torch.arange(\n        n,\n        dtype=torch.long,\n        device=\"cuda\",\n    )" in _fixed(code, "SYNC003")


@pytest.mark.parametrize(
    "expression",
    [
        "torch.randn(4).cuda()",  # another generator on the GPU: other numbers
        "torch.zeros(4).cuda(1)",  # a device index: not rewritten
        "torch.zeros(4).to('cuda', torch.float16)",  # a dtype too
    ],
)
def test_tensor_moves_that_are_reported_without_fix(expression):
    result = _lint(_in_a_step(expression), "SYNC003", fix="unsafe")
    assert codes_of(result) == ["SYNC003"] and not result.changed


def _in_a_step(expression: str) -> str:
    return (
        "import torch\n\n"
        "def train(model, batches, optimizer):\n"
        "    for batch in batches:\n"
        f"        x = {expression}\n"
        "        model(batch, x).sum().backward()\n"
        "        optimizer.step()\n"
    )


@pytest.mark.parametrize(
    "expression",
    [
        "torch.tensor(reward).cuda()",  # built on the host and copied either way
        "torch.as_tensor(rewards).to('cuda')",
        "torch.zeros(4, pin_memory=True).cuda(non_blocking=True)",  # pinned for an overlapping copy
    ],
)
def test_tensor_moves_that_gain_nothing_from_device_are_not_reported(expression):
    assert codes_of(_lint(_in_a_step(expression), "SYNC003")) == []


def test_a_tensor_built_once_before_training_is_not_reported():
    code = (
        "import torch\n\n"
        "def train(model, batches, optimizer):\n"
        "    memory = torch.zeros(4096, 128).cuda()\n"
        "    for batch in batches:\n"
        "        model(batch, memory).sum().backward()\n"
        "        optimizer.step()\n"
    )
    assert codes_of(_lint(code, "SYNC003")) == []
    assert codes_of(_lint(code.replace("    memory = torch.zeros(4096, 128).cuda()\n", "").replace(
        "        model(batch, memory)", "        memory = torch.zeros(4096, 128).cuda()\n        model(batch, memory)"), "SYNC003")) == ["SYNC003"]


@pytest.mark.parametrize(
    ("torch_version", "flagged", "fixed"),
    [((2, 13), False, False), ((2, 5), True, True), ((1, 13), True, True), ((1, 12), False, False)],
)
def test_bare_torch_load_depends_on_the_torch_version(torch_version, flagged, fixed):
    code = "import torch\nstate = torch.load('ckpt.pt')\n"
    target = make_target(torch_version=torch_version)
    assert codes_of(_lint(code, "SEC001", target=target)) == (["SEC001"] if flagged else [])
    assert _lint(code, "SEC001", target=target, fix="unsafe").changed == fixed


def test_data_parallel_in_an_inference_script_is_not_flagged_but_in_training_it_is():
    inference = "import torch\nmodel = torch.nn.DataParallel(net).cuda().eval()\nout = model(x)\n"
    training = inference + "out.sum().backward()\n"
    assert codes_of(_lint(inference, "DIST001")) == []
    assert codes_of(_lint(training, "DIST001")) == ["DIST001"]


def test_data_parallel_kept_as_the_fallback_of_a_distributed_script_is_not_reported():
    code = """
    import torch
    from torch import nn

    def wrap(model, distributed, rank):
        if distributed:
            return nn.parallel.DistributedDataParallel(model.cuda(rank), device_ids=[rank])
        return nn.DataParallel(model).cuda()

    def train(model, batches, optimizer):
        for x in batches:
            model(x).sum().backward()
            optimizer.step()
    """
    assert codes_of(_lint(code, "DIST001")) == []
    without_ddp = code.replace("nn.parallel.DistributedDataParallel(model.cuda(rank), device_ids=[rank])", "model")
    assert codes_of(_lint(without_ddp, "DIST001")) == ["DIST001"]


def test_persistent_workers_written_out_as_false_is_the_authors_choice():
    code = EPOCHS.format(workers="4").replace("num_workers=4)", "num_workers=4, persistent_workers=False)")
    assert codes_of(_lint(code, "DL003")) == []
