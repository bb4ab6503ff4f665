"""AMP008: float16 autocast training with no GradScaler, on a GPU without bfloat16."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.facts import FLOAT16
from torch_advise.lint.analysis.model import Scope
from torch_advise.lint.analysis.syntax import has_star_args
from torch_advise.lint.syntax_tree import nodes as cst

# Frameworks that scale the loss themselves.
SCALING_FRAMEWORKS = {"accelerate", "Accelerator", "lightning", "pytorch_lightning", "Fabric", "deepspeed", "apex", "fairseq"}


def _scales_elsewhere(ctx: CheckContext) -> bool:
    """A scaler of any kind is in sight: a GradScaler, a name with `scal` in it (a project's
    own scaler, timm's NativeScaler, apex's scale_loss) or a framework that scales the loss."""
    identifiers = ctx.facts.identifiers
    return bool(ctx.facts.grad_scalers) or bool(identifiers & SCALING_FRAMEWORKS) or any(
        "scaler" in name.lower() or "scale_loss" in name.lower() for name in identifiers
    )


def _float16(ctx: CheckContext, dtype: cst.BaseExpression, site_scope: Scope) -> bool:
    origins = ctx.model.origins(dtype, site_scope)
    return bool(origins) and all(ctx.model.qualname(o.expr, o.scope) in FLOAT16 for o in origins)


def check(ctx: CheckContext) -> None:
    if ctx.target.supports_bf16 or _scales_elsewhere(ctx):
        return  # with bfloat16 at hand, AMP002 advises it: it needs no scaling
    for site in ctx.facts.cuda_autocasts:
        if has_star_args(site.node) or ctx.steps.runs_inference_only(site):
            continue
        dtype = ctx.facts.autocast_arguments(site).dtype
        if dtype is not None and not _float16(ctx, dtype, site.scope):
            continue
        ctx.report(
            site.node,
            "autocast runs the training step in float16 but no GradScaler scales the loss: gradients "
            "under 6e-8 flush to zero in float16 and their layers stop learning; scale the loss with "
            "torch.amp.GradScaler('cuda') (scaler.scale(loss).backward(), scaler.step(optimizer), scaler.update())",
        )
