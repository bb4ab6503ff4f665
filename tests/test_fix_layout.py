"""Fixes keep the shape of the code they touch."""

from __future__ import annotations

from conftest import lint_text

ONE_PER_LINE = '''import os
import torch
from torch.utils.data import DataLoader


def train(model, dataset, optimizer):
    loader = DataLoader(
        dataset,
        batch_size=32,
        num_workers=os.cpu_count(),
    )
    for x, y in loader:
        torch.nn.functional.mse_loss(model(x.cuda()), y.cuda()).backward()
        optimizer.step()
'''


def test_keyword_added_to_a_one_per_line_call_gets_its_own_line():
    fixed = lint_text(ONE_PER_LINE, select=["DL002"], fix="unsafe").fixed_source.decode()
    assert "        num_workers=os.cpu_count(),\n        pin_memory=True,\n    )\n" in fixed


def test_keyword_added_to_a_single_line_call_stays_on_the_line():
    multi_line = "DataLoader(\n        dataset,\n        batch_size=32,\n        num_workers=os.cpu_count(),\n    )"
    code = ONE_PER_LINE.replace(multi_line, "DataLoader(dataset, batch_size=32, num_workers=4)  # note")
    fixed = lint_text(code, select=["DL002"], fix="unsafe").fixed_source.decode()
    assert "DataLoader(dataset, batch_size=32, num_workers=4, pin_memory=True)  # note\n" in fixed


def test_statement_inserted_at_the_indentation_of_the_next_one():
    code = '''import torch


def step(model, optimizer, scaler, loss):
    scaler.scale(loss).backward()
    if True:
        # keep the threshold small
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(optimizer)
    scaler.update()
'''
    fixed = lint_text(code, select=["AMP005"], fix="unsafe").fixed_source.decode()
    assert "    if True:\n        scaler.unscale_(optimizer)\n        # keep the threshold small\n        torch.nn.utils" in fixed


def test_keyword_added_before_a_closing_paren_on_its_own_line():
    code = ONE_PER_LINE.replace(
        "DataLoader(\n        dataset,\n        batch_size=32,\n        num_workers=os.cpu_count(),\n    )",
        "DataLoader(\n        dataset, batch_size=32, num_workers=4\n    )",
    )
    fixed = lint_text(code, select=["DL002"], fix="unsafe").fixed_source.decode()
    assert "DataLoader(\n        dataset, batch_size=32, num_workers=4, pin_memory=True\n    )\n" in fixed


LOADERS = '''import torch
from torch.utils.data import DataLoader


def train(model, dataset, optimizer):
    loader = {loader}
    for x, y in loader:
        torch.nn.functional.mse_loss(model(x.cuda()), y.cuda()).backward()
        optimizer.step()
'''


def _added(loader: str) -> str:
    before = LOADERS.format(loader=loader)
    after = lint_text(before, select=["DL002"], fix="unsafe").fixed_source.decode()
    return after[after.index("loader = ") + len("loader = ") : after.index("\n    for x, y")]


def test_keyword_added_to_a_one_per_line_call_without_a_trailing_comma_gets_its_own_line():
    assert _added("DataLoader(\n        dataset,\n        num_workers=8\n    )") == (
        "DataLoader(\n        dataset,\n        num_workers=8,\n        pin_memory=True\n    )"
    )


def test_keyword_added_to_a_lone_argument_on_its_own_line_gets_a_line_of_its_own():
    assert _added("DataLoader(\n        dataset\n    )") == "DataLoader(\n        dataset,\n        pin_memory=True\n    )"


def test_keyword_added_after_an_aligned_continuation_is_aligned_with_it():
    assert _added("DataLoader(dataset, batch_size=32,\n                        num_workers=8)") == (
        "DataLoader(dataset, batch_size=32,\n                        num_workers=8,\n                        pin_memory=True)"
    )


def test_a_comment_after_the_last_argument_stays_with_it():
    assert _added("DataLoader(\n        dataset,  # the data\n        num_workers=8,  # eight\n    )") == (
        "DataLoader(\n        dataset,  # the data\n        num_workers=8,  # eight\n        pin_memory=True,\n    )"
    )
    assert _added("DataLoader(\n        dataset,\n        num_workers=8  # eight\n    )") == (
        "DataLoader(\n        dataset,\n        num_workers=8,  # eight\n        pin_memory=True\n    )"
    )
