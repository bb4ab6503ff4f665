"""Behaviour of the accumulation, sync, loop and DDP rules that the golden fixtures do not pin down."""

from __future__ import annotations

import textwrap

import pytest

from conftest import codes_of, lint_text, make_target

MINE = ["OPT003", "OPT004", "SYNC001", "SYNC002", "PERF002", "PERF003", "DIST002"]


def findings(code: str) -> list[tuple[int, str]]:
    result = lint_text(textwrap.dedent(code), select=MINE)
    return [(f.line, f.code) for f in result.findings]


STEP_LOOP_WITH_ITEM = """
    import torch

    def train(model, optimizer, batches{device}):
        for inputs, targets in batches:
            loss = torch.nn.functional.mse_loss(model(inputs), targets)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            print(loss.item())
"""


def test_a_per_step_item_is_a_sync_only_where_the_script_uses_cuda():
    assert findings(STEP_LOOP_WITH_ITEM.format(device=', device="cuda"')) == [(10, "SYNC001")]
    assert findings(STEP_LOOP_WITH_ITEM.format(device="")) == []


def test_a_torch_op_on_a_host_copy_queues_no_gpu_work_between_reads():
    # The first read drains the queue; the mean of a copy on the host runs on the CPU, so the
    # reads after it wait for nothing. A mean of a CUDA tensor is new GPU work, and its read waits.
    code = """
        import torch

        def train(net, opt, batches):
            net.cuda()
            for a, b in batches:
                result = net(a.cuda(non_blocking=True), b.cuda(non_blocking=True))
                result.loss.backward()
                opt.step()
                first = torch.mean(result.loss.detach().cpu()).item()
                second = torch.mean(result.sim.detach().cpu()).item()
                third = torch.mean(result.flips).item()
    """
    assert findings(code) == [(10, "SYNC001"), (12, "SYNC001")]


def test_a_blocking_copy_of_the_batch_parts_in_a_comprehension_waits_anyway():
    # Each step copies its batch without non_blocking, through a comprehension over its parts:
    # the next step's copy waits for this step's work whether or not the read does.
    code = """
        import torch

        def train(model, optimizer, batches, device):
            model.to("cuda")
            for inputs, targets in batches:
                inputs, targets = [t.to({device}) for t in (inputs, targets)]
                loss = torch.nn.functional.mse_loss(model(inputs), targets)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                print(loss.item())
    """
    assert findings(code.replace("{device}", '"cuda"')) == []
    assert findings(code.replace("{device}", '"cuda", non_blocking=True')) == [(12, "SYNC001")]


def test_a_loss_read_as_the_entry_backward_runs_on_is_a_tensor():
    # `output["loss"].backward()` makes `output["loss"]` a tensor wherever the step reads it.
    code = """
        import torch

        def train(model, optimizer, batches):
            model.cuda()
            losses = []
            for x, y in batches:
                output = model(x.cuda(non_blocking=True), y.cuda(non_blocking=True))
                losses.append(float(output["loss"]))
                optimizer.zero_grad()
                output["loss"].backward()
                optimizer.step()
                steps = float(output["steps"])
    """
    assert findings(code) == [(9, "SYNC001")]


def test_a_rank_check_alone_does_not_make_a_sync_periodic():
    code = """
        import torch

        def train(model, optimizer, batches, rank):
            model.cuda(rank)
            for step, (x, y) in enumerate(batches):
                loss = model(x, y)
                loss.backward()
                optimizer.step()
                if rank == 0:
                    print(loss.item())
                if rank == 0 and step % 50 == 0:
                    print(loss.item())
    """
    assert findings(code) == [(11, "SYNC001")]


def test_accumulation_read_through_a_named_condition():
    code = """
        import torch

        def train(model, batches, accum):
            optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
            for i, (x, y) in enumerate(batches):
                optimizer.zero_grad()
                loss = torch.nn.functional.mse_loss(model(x), y)
                loss.backward()
                ready = (i + 1) % accum == 0
                if ready:
                    optimizer.step()
    """
    assert findings(code) == [(7, "OPT003"), (9, "OPT004")]


def test_accumulation_with_an_optimizer_nothing_shows_is_not_flagged():
    """With Adam the summed loss changes next to nothing: an optimizer the lint cannot see
    leaves the finding's premise unknown."""
    code = """
        import torch

        def train(model, optimizer, batches, accum):
            for i, (x, y) in enumerate(batches):
                torch.nn.functional.mse_loss(model(x), y).backward()
                if (i + 1) % accum == 0:
                    optimizer.step()
                    optimizer.zero_grad()
    """
    assert "OPT004" not in [code for _, code in findings(code)]


def test_divided_loss_message_names_the_accumulation_count():
    code = """
        import torch

        def train(model, batches, args):
            optimizer = torch.optim.SGD(model.parameters(), lr=args.lr)
            for i, (x, y) in enumerate(batches):
                torch.nn.functional.mse_loss(model(x), y).backward()
                if (i + 1) % args.grad_accum == 0:
                    optimizer.step()
                    optimizer.zero_grad()
    """
    result = lint_text(textwrap.dedent(code), select=["OPT004"])
    assert codes_of(result) == ["OPT004"]
    assert "(loss / args.grad_accum).backward()" in result.findings[0].message


def test_timing_a_range_of_training_steps_is_flagged_but_not_an_epoch_over_a_loader():
    code = """
        import time
        import torch

        def bench(model, optimizer, x, loader):
            x = x.cuda()
            start = time.perf_counter()
            for _ in range(20):
                model(x).sum().backward()
                optimizer.step()
            per_step = (time.perf_counter() - start) / 20
            epoch_start = time.perf_counter()
            for inputs in loader:
                model(inputs.cuda()).sum().backward()
                optimizer.step()
            return per_step, time.perf_counter() - epoch_start
    """
    assert findings(code) == [(11, "SYNC002")]


def test_eval_loop_only_called_under_no_grad_is_not_flagged_but_a_direct_call_is():
    code = """
        import torch

        def score(model, batches):
            model.eval()
            total = 0
            for x in batches:
                total += model(x).sum()
            return total

        def main(model, batches):
            with torch.no_grad():
                score(model, batches)
            {extra}
    """
    assert findings(code.format(extra="")) == []
    assert findings(code.format(extra="score(model, batches)")) == [(8, "PERF002")]


def test_suppression_comment_silences_these_rules():
    code = """
        import torch

        def train(model, optimizer, batches):
            for x, y in batches:
                compiled = torch.compile(model)  # advise: ignore[PERF003]
                loss = compiled(x).sum()
                loss.backward()
                optimizer.step()
    """
    assert findings(code) == []


SYNC_BY_ANOTHER_NAME = """
import time
import torch

{sync}


def bench(model, x, iters=10):
    x = x.cuda()
    sync()
    t0 = time.perf_counter()
    for _ in range(iters):
        model(x)
    sync()
    return (time.perf_counter() - t0) / iters
"""


@pytest.mark.parametrize(
    ("sync", "flagged"),
    [
        ("sync = lambda: torch.cuda.synchronize()", False),
        ("sync = torch.cuda.synchronize", False),
        ("def sync():\n    torch.cuda.synchronize()", False),
        ("sync = lambda: None", True),
    ],
)
def test_a_synchronize_under_another_name_counts(sync, flagged):
    result = lint_text(SYNC_BY_ANOTHER_NAME.format(sync=sync), select=["SYNC002"])
    assert codes_of(result) == (["SYNC002"] if flagged else [])


FORMATTED_LOSS = """
import logging
import torch

logger = logging.getLogger(__name__)


def train(model, loader, optimizer, pbar):
    torch.set_float32_matmul_precision("high")
    for step, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        {line}
"""


@pytest.mark.parametrize(
    ("line", "reads"),
    [
        ('pbar.set_description("loss %g" % loss)', "formatting loss with %"),
        ('logger.info(f"step {step} loss {loss:.4f}")', "formatting loss in an f-string"),
        ('logger.debug("loss {}".format(loss))', "formatting loss with str.format"),
        ('logger.info("step %d" % step)', None),  # an int: nothing to wait for
    ],
)
def test_a_loss_formatted_into_a_log_line_is_a_per_step_sync(line, reads):
    result = lint_text(FORMATTED_LOSS.format(line=line), select=["SYNC001"])
    messages = [finding.message for finding in result.findings]
    assert messages == [] if reads is None else len(messages) == 1 and messages[0].startswith(reads)


def test_a_loss_read_is_not_flagged_where_the_next_blocking_copy_waits_for_the_step_anyway():
    # The loader is handed in: whatever it is, copying its batches without non_blocking=True
    # waits for the GPU's queue every step, so deferring the read would free only the host's
    # work before the next copy, which the code does not show.
    code = FORMATTED_LOSS.replace("(non_blocking=True)", "()").format(line='logger.info(f"loss {loss:.4f}")')
    assert lint_text(code, select=["SYNC001"]).findings == []


@pytest.mark.parametrize("torch_version, flagged", [((1, 6), False), ((1, 7), True), ((1, 13), True), ((2, 0), False)])
def test_zero_grad_without_argument_is_flagged_only_where_set_to_none_exists_and_defaults_to_false(torch_version, flagged):
    code = "import torch\n\ndef step(model, optimizer, loss):\n    optimizer.zero_grad()\n    loss.backward()\n    optimizer.step()\n"
    result = lint_text(code, select=["OPT001"], target=make_target(torch_version=torch_version))
    assert [f.line for f in result.findings] == ([4] if flagged else [])


ATTACK_THEN_STEP = """
    import torch

    def train(model, opt, loader, criterion, steps):
        for x, y in loader:
            delta = torch.zeros_like(x, requires_grad=True)
            for _ in range(steps):
                loss = criterion(model(x + delta), y)
                opt.zero_grad()
                loss.backward()
                delta = (delta + delta.grad.sign()).detach().requires_grad_()
            {clear}
            loss = criterion(model(x + delta), y)
            loss.backward()
            opt.step()
"""


def test_an_inner_backward_loop_whose_gradients_are_cleared_before_the_step_is_no_accumulation():
    # A PGD attack: the inner loop's backward is for the input; the weights' gradients it leaves are cleared.
    assert findings(ATTACK_THEN_STEP.format(clear="opt.zero_grad()")) == []
    assert findings(ATTACK_THEN_STEP.format(clear="pass")) == [(9, "OPT003")]


@pytest.mark.parametrize("optimizer", ["transformers.AdamW", "bitsandbytes.optim.AdamW8bit", "torch.optim.AdamW"])
def test_accumulation_is_read_through_the_optimizers_of_other_libraries(optimizer):
    module, _, name = optimizer.rpartition(".")
    code = f"""
        import torch
        from {module} import {name}
        from torch.nn.parallel import DistributedDataParallel as DDP

        def train(model, batches, accum):
            model = DDP(model)
            optimizer = {name}(model.parameters(), lr=1e-4)
            steps = 0
            for batch in batches:
                loss = model(batch) / accum
                steps += 1
                loss.backward()
                if steps % accum == 0:
                    optimizer.step()
                    optimizer.zero_grad()
    """
    assert findings(code) == [(13, "DIST002")]


def test_ddp_accumulation_is_reported_on_the_backward_every_micro_step_runs():
    code = """
        import torch
        from torch.nn.parallel import DistributedDataParallel as DDP

        def train(model, optimizer, batches, accum):
            model = DDP(model)
            for step, batch in enumerate(batches):
                if step == 0:
                    model(batch).sum().backward()
                    model.zero_grad()
                loss = model(batch) / accum
                loss.backward()
                if (step + 1) % accum == 0:
                    optimizer.step()
                    optimizer.zero_grad()
    """
    assert findings(code) == [(12, "DIST002")]
