"""What puts work on a CUDA device, and what makes the host wait for it."""

from __future__ import annotations

from torch_advise.lint.analysis.model import (
    CallSite,
)
from torch_advise.lint.analysis.steps import Steps
from torch_advise.lint.syntax_tree import nodes as cst

SYNC_METHODS = {"item", "cpu", "numpy", "tolist", "nonzero"}

SCALAR_BUILTINS = {"float", "int", "bool"}

CLOCKS = {
    "time.time",
    "time.perf_counter",
    "time.monotonic",
    "time.time_ns",
    "time.perf_counter_ns",
    "time.monotonic_ns",
    "timeit.default_timer",
}

SYNCHRONIZE = "torch.cuda.synchronize"

SYNCHRONIZERS = {SYNCHRONIZE, "torch.accelerator.synchronize"}

# Tensor factories allocate; timing them is not timing GPU work.
FACTORIES = {
    "empty", "empty_strided", "zeros", "ones", "full", "tensor", "as_tensor", "from_numpy", "arange",
    "linspace", "eye", "rand", "randn", "randint", "randperm", "empty_like", "zeros_like", "ones_like",
    "full_like", "rand_like", "randn_like", "manual_seed", "seed", "device", "dtype", "Size", "Generator",
}

# Namespaces whose functions compute on tensors, besides torch's own top level.
TENSOR_NAMESPACES = ("torch.nn.functional.", "torch.linalg.", "torch.fft.", "torch.special.")


# torch calls that set things up or read state rather than queue GPU work.
NOT_WORK = (
    "torch.cuda.",
    "torch.no_grad",
    "torch.inference_mode",
    "torch.enable_grad",
    "torch.set_grad_enabled",
    "torch.autocast",
    "torch.amp.",
    "torch.device",
    "torch.manual_seed",
    "torch.save",
    "torch.load",
    "torch.utils.",
    "torch.backends.",
)

MODEL_WORDS = ("model", "net", "encoder", "decoder")


def is_sync_method(site: CallSite) -> bool:
    if site.method not in SYNC_METHODS:
        return False
    if site.method == "nonzero":
        return True
    return not site.node.args


def is_work(steps: Steps, site: CallSite) -> bool:
    """A call that queues work on the GPU: backward, an optimizer step, a copy to it, a torch op or a forward pass."""
    model = steps.model
    if site.method == "backward" or steps.is_optimizer_step(site) or steps.facts.moves_to_cuda(site):
        return True
    name = model.call_name(site) or ""
    if computes_on_tensors(name):
        return not _on_host_copies(site.node)
    if name or model.callee(site.node, site.scope) is not None:
        return False
    return names_a_model(site.node)


def names_a_model(call: cst.Call) -> bool:
    """`model(x)`, `self.net(x)`: a call named as a network is, a forward pass of the model."""
    func = call.func
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
        func = func.attr
    return isinstance(func, cst.Name) and any(word in func.value.lower() for word in MODEL_WORDS)


def _on_host_copies(call: cst.Call) -> bool:
    """Every tensor the op is handed is copied to the host right there
    (`torch.mean(loss.detach().cpu())`): it runs on the CPU and queues nothing on the GPU."""
    tensors = [argument.value for argument in call.args if argument.keyword is None]
    return bool(tensors) and all(
        isinstance(tensor, cst.Call) and isinstance(tensor.func, cst.Attribute) and tensor.func.attr.value == "cpu" and not tensor.args
        for tensor in tensors
    )


def computes_on_tensors(name: str) -> bool:
    """A public torch function that queues work on tensors (`torch.matmul`, `F.conv2d`), not
    torch's internals (`torch._dynamo...`, compile-time bookkeeping) or set-up calls."""
    if not name.startswith("torch.") or name.startswith(NOT_WORK):
        return False
    parts = name.split(".")
    if any(part.startswith("_") for part in parts) or parts[-1] in FACTORIES:
        return False
    return len(parts) == 2 or name.startswith(TENSOR_NAMESPACES)
