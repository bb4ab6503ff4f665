"""AMP006: CUDA training in full float32 on a GPU with TF32 and bfloat16."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    Edit,
    EnsureImport,
    InsertAfterImports,
)
from torch_advise.lint.analysis.model import (
    Scope,
    TrainingModel,
)
from torch_advise.lint.analysis.precision import PRECISION_NAMES
from torch_advise.lint.analysis.purpose import NAMED_FULL_PRECISION, benchmark_of
from torch_advise.lint.analysis.syntax import keyword_args, literal_value, scale_arguments
from torch_advise.lint.syntax_tree import nodes as cst

# Layers and calls whose float32 work is matmuls, which TF32 speeds up.
MATMUL_LAYERS = frozenset(
    {
        "torch.nn.Linear",
        "torch.nn.Bilinear",
        "torch.nn.MultiheadAttention",
        "torch.nn.Transformer",
        "torch.nn.TransformerEncoder",
        "torch.nn.TransformerDecoder",
        "torch.nn.TransformerEncoderLayer",
        "torch.nn.TransformerDecoderLayer",
        "torch.nn.functional.linear",
        "torch.nn.functional.scaled_dot_product_attention",
        "torch.matmul",
        "torch.mm",
        "torch.bmm",
        "torch.einsum",
    }
)

LINEAR_LAYERS = frozenset({"torch.nn.Linear", "torch.nn.Bilinear", "torch.nn.functional.linear"})

# Frameworks that take over the precision (and the backward) from the script.
PRECISION_FRAMEWORKS = ("accelerate", "lightning", "pytorch_lightning", "deepspeed", "apex", "composer")


def _uses_framework(model: TrainingModel) -> bool:
    """An import of one anywhere in the file: `if args.fp16: from apex import amp` counts too."""
    return not model.imported_packages(anywhere=True).isdisjoint(PRECISION_FRAMEWORKS)


def _precision_set_nearby(ctx: CheckContext) -> bool:
    """Precision chosen in a module this one imports or is imported by: FSDP's
    MixedPrecisionPolicy where the model is wrapped, autocast in a base class's context manager,
    a framework that runs this code."""
    for summary in ctx.project.neighbours():
        if summary.precisions:
            return True
        if any(reference.parts and reference.parts[0] in PRECISION_FRAMEWORKS for reference, _ in summary.imports.values()):
            return True
    return False


def _scales_loss(model: TrainingModel) -> bool:
    """`scaler.scale(loss).backward()` with a scaler handed in from elsewhere: loss scaling is
    there for float16 autocast, which the caller enters around this code."""
    return any(site.method == "backward" and site.receiver is not None and scale_arguments(site.receiver) is not None for site in model.calls)


def _fits_bare_tensors(ctx: CheckContext) -> bool:
    """Every optimizer of the file steps tensors it made itself, no network's parameters:
    `torch.optim.Adam([texture], ...)` with `texture = torch.full(..., requires_grad=True)`. A
    texture, a pose or a latent fitted through rendering or custom kernels has no model whose
    matmuls TF32 or bfloat16 autocast would speed up."""
    model = ctx.model
    optimizers = [site for site in model.calls if ctx.facts.is_optimizer_call(site.node, site.scope) and site.node.args]
    if not optimizers or any(_builds_a_network(model.call_name(site)) for site in model.calls):
        return False
    for site in optimizers:
        params = site.node.args[0].value
        if not isinstance(params, (cst.List, cst.Tuple)) or not params.elements:
            return False
        for element in params.elements:
            origins = model.origins(element.value, site.scope)
            if not origins or not all(_bare_tensor(model, origin.expr, origin.scope) for origin in origins):
                return False
    return True


# Where a script gets a network it runs, frozen or not: a style transfer steps an image, but
# through a VGG whose float32 convolutions and matmuls autocast would speed up.
MODEL_SOURCES = ("torchvision.models.", "timm.", "transformers.", "torch.hub.")


def _builds_a_network(name: str | None) -> bool:
    """A layer of torch.nn (`nn.Linear(...)`, not `nn.Parameter`) or a model from a zoo."""
    if name is None:
        return False
    if name.startswith("torch.nn.") and name.count(".") == 2:
        return name[len("torch.nn."):][:1].isupper() and name not in ("torch.nn.Parameter",)
    return name.startswith(MODEL_SOURCES)


def _bare_tensor(model: TrainingModel, node: cst.CSTNode, scope: Scope) -> bool:
    """`torch.full(..., requires_grad=True)`, `nn.Parameter(torch.zeros(n))`, `x.requires_grad_()`."""
    if not isinstance(node, cst.Call):
        return False
    if isinstance(node.func, cst.Attribute) and node.func.attr.value == "requires_grad_":
        return True
    name = model.qualname(node.func, scope) or ""
    if name == "torch.nn.Parameter" or name == "torch.nn.parameter.Parameter":
        return True
    return name.startswith("torch.") and literal_value(keyword_args(node).get("requires_grad", cst.Name("False"))) is True


def _builds_matmuls(ctx: CheckContext, beyond_linear: bool = False) -> bool:
    """Matmul layers built or called in this file, or anything from transformers (its models
    are transformers, matmuls throughout); with `beyond_linear`, more than `Linear` layers
    (attention, transformers, matmul calls), which outweigh a network's convolutions."""
    model = ctx.model
    for site in model.calls:
        name = model.call_name(site) or ""
        if name.startswith("transformers.") or (name in MATMUL_LAYERS and not (beyond_linear and name in LINEAR_LAYERS)):
            return True
        if not beyond_linear and name.startswith("torch.nn.modules.linear."):
            return True
    return False


def _chooses_precision(ctx: CheckContext) -> bool:
    """This file chooses a precision: it names one where it is not only tested or numpy's."""
    if not ctx.facts.identifiers & PRECISION_NAMES:
        return False
    own = ctx.project.own_summary
    return own is None or bool(own.precisions)


def check(ctx: CheckContext) -> None:
    if not ctx.target.supports_bf16:
        return
    if benchmark_of(ctx.path, NAMED_FULL_PRECISION):
        return  # the float32 baseline its mixed-precision siblings are measured against
    model = ctx.model
    if _uses_framework(model) or _scales_loss(model):
        return
    if not any(ctx.facts.moves_to_cuda(site) or ctx.facts.moved_to_cuda_by_project(site) for site in model.calls):
        return
    if _fits_bare_tensors(ctx):
        return
    backward = next((site for site in model.calls if site.method == "backward" and site.receiver is not None), None)
    # Asked last: the file's own summary and its neighbours' cost a walk of each.
    if backward is None or _chooses_precision(ctx) or _precision_set_nearby(ctx):
        return
    where = f"CUDA training runs in full float32 on {ctx.target.sm}, which has TF32 and bfloat16 tensor cores: "
    if ctx.facts.builds_convolutions:
        # cuDNN runs convolutions in TF32 already (torch.backends.cudnn.allow_tf32 is on by
        # default): the matmul setting changes little there, and only autocast is left to advise.
        if not ctx.facts.binary_cross_entropy:
            ctx.report(
                backward.node,
                where + "its convolutions already use TF32; train under torch.autocast('cuda', dtype=torch.bfloat16) "
                "for the tensor cores' bfloat16 speed",
            )
        return
    kinds = ctx.facts.cudnn_layer_kinds
    if kinds and not _builds_matmuls(ctx, beyond_linear=True):
        # cuDNN runs 1D and 3D convolutions and recurrent layers in TF32 too: what a Linear
        # head beside them gains from the matmul setting is not the model's speed-up. What
        # bfloat16 autocast buys a recurrent network is not measured here: such a model alone
        # is left alone.
        if "convolutions" in kinds and not ctx.facts.binary_cross_entropy:
            ctx.report(
                backward.node,
                where + f"cuDNN already runs its {' and '.join(kinds)} in TF32; train under "
                "torch.autocast('cuda', dtype=torch.bfloat16) for the tensor cores' bfloat16 speed",
            )
        return
    torch_name = model.module_alias("torch")
    edits: tuple[Edit, ...] = (InsertAfterImports(f'{torch_name or "torch"}.set_float32_matmul_precision("high")'),)
    if torch_name is None:
        edits += (EnsureImport("torch"),)
    if _builds_matmuls(ctx):
        autocast = "" if ctx.facts.binary_cross_entropy else " or train under bfloat16 autocast (10.7x)"
        message = f'call torch.set_float32_matmul_precision("high") (5.2x measured){autocast}'
    else:
        # What the model is made of is not known here: it is built in another module (`from
        # models import *`, `models.__dict__[arch]`). A convolutional net gains nothing from the
        # matmul setting, so the MLP's figure is named as the MLP's, not promised for this model.
        autocast = "" if ctx.facts.binary_cross_entropy else "; bfloat16 autocast speeds up both"
        message = (
            "this file builds no linear, attention or convolution layer: the model's float32 matmuls (linear layers, attention) "
            'gain from torch.set_float32_matmul_precision("high") (5.2x measured on an MLP), its convolutions '
            f"already use TF32{autocast}"
        )
    ctx.report(backward.node, where + message, edits)
