"""A fix is safe only if it cannot change what the program computes or raises. Where a fix
would, the finding is still reported, without the fix, or the page says the fix is unsafe."""

from __future__ import annotations

import textwrap

import pytest

from torch_advise.catalogue import load_catalogue

from conftest import codes_of, lint_text, make_target

STEP = """
import torch
from torch.utils.data import DataLoader

def train(model, dataset, optimizer):
    loader = {loader}
    for x, y in loader:
        extra = {extra}
        loss = torch.nn.functional.mse_loss(model(x.cuda(), extra), y.cuda())
        loss.backward()
        optimizer.step()
"""


def _result(code: str, rule: str, **kwargs):
    """(the findings left after --fix --unsafe-fixes, whether the file changed)."""
    result = lint_text(textwrap.dedent(code), select=[rule], fix="unsafe", **kwargs)
    return codes_of(result), result.changed


def test_pin_memory_given_by_position_is_reported_without_a_fix():
    code = STEP.format(loader="DataLoader(dataset, 32, True, None, None, 0, None, False)", extra="None")
    assert _result(code, "DL002") == (["DL002"], False)
    keyword = STEP.format(loader="DataLoader(dataset, 32, shuffle=True)", extra="None")
    assert _result(keyword, "DL002") == ([], True)


@pytest.mark.parametrize(
    "factory",
    [
        "torch.zeros(4, requires_grad=True).cuda()",  # the factory's own output would be a leaf
        "torch.linspace(0, 1, 5).cuda()",  # GPU rounding of float ranges may differ
        "torch.arange(0.0, 1.0, 0.25).cuda()",
    ],
)
def test_factories_that_would_give_another_tensor_on_the_gpu_are_not_rewritten(factory):
    assert _result(STEP.format(loader="DataLoader(dataset)", extra=factory), "SYNC003") == (["SYNC003"], False)


def test_integer_ranges_are_rewritten():
    assert _result(STEP.format(loader="DataLoader(dataset)", extra="torch.arange(8).cuda()"), "SYNC003") == ([], True)


def test_prefetch_factor_before_torch_2_is_reset_to_its_old_default():
    code = """
    from torch.utils.data import DataLoader

    def train(model, dataset, optimizer):
        for x in DataLoader(dataset, prefetch_factor=4):
            model(x).sum().backward()
            optimizer.step()
    """
    old = lint_text(textwrap.dedent(code), select=["DL004"], fix="unsafe", target=make_target(torch_version=(1, 13)))
    assert "prefetch_factor=2" in old.fixed_source.decode()
    new = lint_text(textwrap.dedent(code), select=["DL004"], fix="unsafe")
    assert "prefetch_factor=None" in new.fixed_source.decode()


def test_torch_load_with_a_pickle_module_by_position_is_not_rewritten():
    code = "import pickle\nimport torch\nstate = torch.load('ckpt.pt', None, pickle)\n"
    assert _result(code, "SEC001", target=make_target(torch_version=(2, 4))) == (["SEC001"], False)


def test_grad_scaler_enabled_by_position_is_not_given_twice():
    code = """
    import torch

    scaler = torch.amp.GradScaler("cuda", 2.0**16, 2.0, 0.5, 2000, True)

    def train(model, batches, optimizer):
        for x in batches:
            with torch.autocast("cuda", dtype=torch.bfloat16):
                loss = model(x)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
    """
    assert _result(code, "AMP003") == (["AMP003"], False)


@pytest.mark.parametrize("code", ["AMP004", "AMP005", "DL002", "DL003", "DL006", "OPT001"])
def test_fixes_that_can_change_what_runs_are_unsafe(code):
    assert load_catalogue().get(code).fix == "unsafe"
