"""AMP001, AMP003, AMP006, OPT002 and PERF001: target-dependent behaviour and fix formatting
that the golden fixtures do not pin down."""

from __future__ import annotations

import textwrap

import pytest

from conftest import codes_of, lint_text, make_target

V100 = (7, 0)
P100 = (6, 0)


def lint(code: str, rule: str, capability=(8, 0), torch_version=(2, 13), fix=None):
    return lint_text(textwrap.dedent(code), select=[rule], target=make_target(capability, torch_version), fix=fix)


def fixed(code: str, rule: str, **kw) -> str:
    result = lint(code, rule, fix="unsafe", **kw)
    assert result.changed
    return result.fixed_source.decode()


# ---- AMP001 -----------------------------------------------------------------------------

OLD_SCALER = """
    import torch

    scaler = torch.cuda.amp.GradScaler()
"""


@pytest.mark.parametrize("torch_version, found", [((2, 3), []), ((2, 4), ["AMP001"])])
def test_deprecated_names_are_flagged_from_torch_2_4(torch_version, found):
    assert codes_of(lint(OLD_SCALER, "AMP001", torch_version=torch_version)) == found


def test_one_per_line_call_keeps_its_layout():
    code = """
        from torch.cuda.amp import GradScaler

        scaler = GradScaler(
            init_scale=1024,
            enabled=True,
        )
    """
    assert fixed(code, "AMP001") == textwrap.dedent(
        """
        from torch.amp import GradScaler

        scaler = GradScaler(
            "cuda",
            init_scale=1024,
            enabled=True,
        )
    """
    )


def test_positional_autocast_arguments_become_keywords():
    code = """
        import torch

        with torch.cuda.amp.autocast(True, torch.bfloat16):
            pass
    """
    assert 'torch.amp.autocast("cuda", enabled=True, dtype=torch.bfloat16, cache_enabled=True)' in fixed(code, "AMP001")


def test_custom_fwd_called_on_a_function_gets_the_device_keyword_last():
    code = """
        import torch

        def forward(ctx, x):
            return x

        wrapped = torch.cuda.amp.custom_fwd(forward)
    """
    assert 'torch.amp.custom_fwd(forward, device_type="cuda")' in fixed(code, "AMP001")


def test_module_alias_used_as_a_value_blocks_the_whole_import_rewrite():
    code = """
        from torch.cuda import amp

        scaler = amp.GradScaler()
        context = amp.autocast
    """
    result = lint(code, "AMP001", fix="unsafe")
    assert codes_of(lint(code, "AMP001")) == ["AMP001", "AMP001"]
    assert not result.changed


def test_spelling_through_torch_cuda_alias_uses_the_torch_import():
    code = """
        import torch.cuda as tcuda

        scaler = tcuda.amp.GradScaler()
    """
    out = fixed(code, "AMP001")
    assert "import torch\n" in out and 'torch.amp.GradScaler("cuda")' in out


def test_name_shadowing_the_import_is_not_flagged():
    code = """
        from torch.cuda.amp import autocast

        def train(autocast):
            with autocast():
                pass
    """
    assert codes_of(lint(code, "AMP001")) == []


# ---- AMP003 -----------------------------------------------------------------------------

BF16_WITH_SCALER = """
    import torch

    def train(model, optimizer, batches, scaler_kwargs):
        scaler = torch.amp.GradScaler({args})
        for x, y in batches:
            with torch.autocast("cuda", dtype=torch.bfloat16):
                loss = model(x, y)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
"""


@pytest.mark.parametrize(
    "args, found",
    [
        ('"cuda"', ["AMP003"]),
        ('"cuda", enabled=True', ["AMP003"]),
        ('"cuda", 1024.0, 2.0, 0.5, 2000, True', ["AMP003"]),
        ('"cuda", enabled=False', []),
        ('"cuda", 1024.0, 2.0, 0.5, 2000, False', []),
        ('"cuda", **scaler_kwargs', []),
        ('"cpu"', []),
    ],
)
def test_scaler_enabled_forms(args, found):
    assert codes_of(lint(BF16_WITH_SCALER.format(args=args), "AMP003")) == found


def test_scaler_that_never_scales_a_loss_is_not_flagged():
    code = """
        import torch

        scaler = torch.amp.GradScaler("cuda")

        def train(model, x):
            with torch.autocast("cuda", dtype=torch.bfloat16):
                model(x).sum().backward()
    """
    assert codes_of(lint(code, "AMP003")) == []


# ---- AMP006 -----------------------------------------------------------------------------

FP32_TRAINING = """
    import torch

    def train(model, optimizer, batches):
        model.cuda()
        for x, y in batches:
            torch.nn.functional.mse_loss(model(x.cuda()), y.cuda()).backward()
            optimizer.step()
"""


@pytest.mark.parametrize("capability, found", [(V100, []), ((8, 0), ["AMP006"]), ((9, 0), ["AMP006"])])
def test_float32_training_is_flagged_only_with_tf32_hardware(capability, found):
    assert codes_of(lint(FP32_TRAINING, "AMP006", capability=capability)) == found


@pytest.mark.parametrize(
    "path, found",
    [("train.py", ["AMP006"]), ("train_fp32.py", ["AMP006"]), ("benchmark_fp32.py", []), ("train_float32_baseline.py", [])],
)
def test_a_float32_benchmark_baseline_is_full_precision_on_purpose(path, found):
    result = lint_text(textwrap.dedent(FP32_TRAINING), select=["AMP006"], target=make_target((9, 0), (2, 13)), path=path)
    assert codes_of(result) == found


@pytest.mark.parametrize("path, found", [("train.py", ["AMP002"]), ("train_amp.py", ["AMP002"]), ("benchmark_torch_cuda_amp.py", [])])
def test_a_float16_benchmark_measures_float16_on_purpose(path, found):
    code = """
        import torch

        def train(model, optimizer, batches):
            for x, y in batches:
                with torch.autocast("cuda", dtype=torch.float16):
                    loss = torch.nn.functional.mse_loss(model(x.cuda()), y.cuda())
                loss.backward()
                optimizer.step()
    """
    result = lint_text(textwrap.dedent(code), select=["AMP002"], target=make_target((9, 0), (2, 13)), path=path)
    assert codes_of(result) == found


def test_fix_uses_the_torch_alias_of_the_file():
    code = """
        import torch as th

        def train(model, optimizer, batches):
            model.cuda()
            for x, y in batches:
                th.nn.functional.mse_loss(model(x.cuda()), y.cuda()).backward()
                optimizer.step()
    """
    out = fixed(code, "AMP006")
    assert 'th.set_float32_matmul_precision("high")' in out
    assert "import torch\n" not in out


@pytest.mark.parametrize("line", ["x = torch.float64", "torch.backends.cuda.matmul.fp32_precision = 'tf32'"])
def test_a_file_that_chooses_its_precision_is_left_alone(line):
    code = FP32_TRAINING + textwrap.indent(f"\n{line}\n", "    ")
    assert codes_of(lint(code, "AMP006")) == []


# ---- OPT002 -----------------------------------------------------------------------------

ADAMW = """
    import torch

    def train(model, batches):
        model = model.to({device})
        optimizer = torch.optim.AdamW(model.parameters(){extra})
        for x, y in batches:
            model(x).sum().backward()
            optimizer.step()
"""


@pytest.mark.parametrize(
    "device, extra, torch_version, found",
    [
        ('"cuda"', "", (2, 13), ["OPT002"]),
        ('"cuda"', "", (1, 13), []),
        ('"cpu"', "", (2, 13), []),
        ('"cuda" if torch.cuda.is_available() else "cpu"', "", (2, 13), ["OPT002"]),
        ('"cuda" if torch.cuda.is_available() else "cpu"', "", (2, 3), []),
        ('"cuda"', "", (2, 3), ["OPT002"]),
        ('"cuda"', ", foreach=False", (2, 13), ["OPT002"]),
        ('"cuda"', ", foreach=True", (2, 13), []),
        ('"cuda"', ", differentiable=True", (2, 13), []),
        ('"cuda"', ", fused=True", (2, 13), []),
    ],
)
def test_adamw_on_cuda_parameters(device, extra, torch_version, found):
    code = ADAMW.format(device=device, extra=extra)
    assert codes_of(lint(code, "OPT002", torch_version=torch_version)) == found


def test_self_parameters_of_a_module_moved_to_cuda():
    code = """
        import torch

        class Net(torch.nn.Module):
            def configure_optimizers(self):
                return torch.optim.AdamW(self.parameters(), lr=1e-3)

        def main(batches):
            model = Net()
            model.cuda()
            optimizer = model.configure_optimizers()
            for x in batches:
                model(x).sum().backward()
                optimizer.step()
    """
    assert codes_of(lint(code, "OPT002")) == ["OPT002"]


# ---- PERF001 ----------------------------------------------------------------------------

CONV_UNDER_AUTOCAST = """
    import torch

    def train(batches, optimizer):
        model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.Conv2d(8, 8, 3)).cuda()
        for x in batches:
            with torch.autocast("cuda", dtype=torch.float16):
                loss = model(x.cuda()).sum()
            loss.backward()
            optimizer.step()
"""


@pytest.mark.parametrize("capability, found", [(P100, []), (V100, ["PERF001"]), ((9, 0), ["PERF001"])])
def test_channels_last_advice_needs_tensor_cores(capability, found):
    assert codes_of(lint(CONV_UNDER_AUTOCAST, "PERF001", capability=capability)) == found


def test_autocast_switched_off_by_a_literal_is_not_a_region():
    code = CONV_UNDER_AUTOCAST.replace("dtype=torch.float16", "dtype=torch.float16, enabled=False")
    assert codes_of(lint(code, "PERF001")) == []


def test_a_single_conv_is_a_patch_embedding_not_a_cnn():
    code = CONV_UNDER_AUTOCAST.replace(", torch.nn.Conv2d(8, 8, 3)", ", torch.nn.Linear(8, 8)")
    assert codes_of(lint(code, "PERF001")) == []


FP16_STEP = """
import torch
{extra}

def train(model, loader, optimizer):
    for x, y in loader:
        with torch.autocast("cuda"{dtype}):
            loss = model(x.cuda(), y.cuda())
        loss.backward()
        optimizer.step()
"""


@pytest.mark.parametrize(
    ("extra", "dtype", "capability", "flagged"),
    [
        ("", "", (7, 0), True),  # float16 by default, no scaler, a V100
        ("", ", dtype=torch.float16", (7, 5), True),
        ("", ", dtype=torch.bfloat16", (7, 0), False),
        ("", "", (8, 0), False),  # AMP002's case: bfloat16 is at hand
        ("from timm.utils import NativeScaler", "", (7, 0), False),  # a loss scaler of its own
        ("from accelerate import Accelerator", "", (7, 0), False),  # a framework that scales
    ],
)
def test_float16_autocast_without_a_scaler(extra, dtype, capability, flagged):
    code = FP16_STEP.format(extra=extra, dtype=dtype)
    result = lint_text(code, select=["AMP008"], target=make_target(capability))
    assert codes_of(result) == (["AMP008"] if flagged else [])


UNSCALE = """
import torch

def train(model, loader, optimizer, scaler, k=4):
    for i, batch in enumerate(loader):
        scaler.scale(model(batch)).backward()
{unscale_every_step}        if (i + 1) % k == 0:
{unscale_when_stepping}            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad(set_to_none=True)
"""


def test_unscale_on_every_micro_step_is_reported_and_once_per_update_is_not():
    every = UNSCALE.format(unscale_every_step="        scaler.unscale_(optimizer)\n", unscale_when_stepping="")
    assert codes_of(lint_text(every, select=["AMP009"])) == ["AMP009"]
    once = UNSCALE.format(unscale_every_step="", unscale_when_stepping="            scaler.unscale_(optimizer)\n")
    assert codes_of(lint_text(once, select=["AMP009"])) == []


FP32_TRAINING = """
import torch
from torch import nn

model = nn.Sequential({layers}).cuda()
criterion = {loss}
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for x, y in batches:
    loss = criterion(model(x.cuda()), y.cuda())
    loss.backward()
    optimizer.step()
"""
CONVS = "nn.Conv2d(3, 16, 3), nn.ReLU(), nn.Conv2d(16, 1, 3)"


@pytest.mark.parametrize(
    ("layers", "loss", "advice"),
    [
        ("nn.Linear(64, 1)", "nn.MSELoss()", ("set_float32_matmul_precision", "bfloat16 autocast")),
        ("nn.Linear(64, 1)", "nn.BCELoss()", ("set_float32_matmul_precision",)),  # autocast refuses BCELoss
        (CONVS, "nn.MSELoss()", ("already use TF32", "dtype=torch.bfloat16")),  # cuDNN convolutions run TF32 by default
        (CONVS, "nn.BCELoss()", ()),
    ],
)
def test_float32_advice_fits_the_model(layers, loss, advice):
    result = lint_text(FP32_TRAINING.format(layers=layers, loss=loss), select=["AMP006"])
    messages = [finding.message for finding in result.findings]
    if not advice:
        assert messages == []
        return
    assert len(messages) == 1 and all(part in messages[0] for part in advice)
    assert ("autocast" in messages[0]) == (loss != "nn.BCELoss()")


JOINED_UNDER_NO_GRAD = """
import torch

{decorator}
def log_images(model, batch):
    with torch.no_grad() and torch.autocast("cuda"):
        return model(batch)
"""


@pytest.mark.parametrize("decorator, flagged", [("@torch.no_grad()", False), ("@torch.inference_mode()", False), ("", True)])
def test_a_dropped_no_grad_where_autograd_is_already_off_is_not_flagged(decorator, flagged):
    result = lint_text(JOINED_UNDER_NO_GRAD.format(decorator=decorator), select=["AMP007"])
    assert bool(result.findings) == flagged
