"""AMP010: torch's gradient clipping after accelerate's float16 backward, on scaled gradients."""

from __future__ import annotations

from typing import Optional

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import ReplaceNode
from torch_advise.lint.analysis.frameworks import is_accelerator
from torch_advise.lint.analysis.model import CallSite
from torch_advise.lint.analysis.syntax import keyword_args, literal_value
from torch_advise.lint.syntax_tree import nodes as cst

CLIPS = {"torch.nn.utils.clip_grad_norm_": "clip_grad_norm_", "torch.nn.utils.clip_grad_value_": "clip_grad_value_"}


def _float16_accelerator(ctx: CheckContext, site: CallSite) -> Optional[str]:
    """The name of the accelerator whose `backward` this is, when the file builds it with
    `mixed_precision="fp16"` (a literal: the setting decides everything here)."""
    if site.method != "backward" or not isinstance(site.receiver, cst.Name):
        return None
    for origin in ctx.model.origins(site.receiver, site.scope):
        call = origin.expr
        if isinstance(call, cst.Call) and is_accelerator(ctx.model.qualname(call.func, origin.scope)):
            if literal_value(keyword_args(call).get("mixed_precision", cst.Name("None"))) == "fp16":
                return site.receiver.value
    return None


def check(ctx: CheckContext) -> None:
    for backward in ctx.model.calls_named("backward"):
        accelerator = _float16_accelerator(ctx, backward)
        if accelerator is None or backward.function is None:
            continue
        for clip in backward.function.calls:
            name = ctx.model.call_name(clip)
            if name not in CLIPS or clip.order < backward.order:
                continue
            if any(s.method == "unscale_gradients" and backward.order < s.order < clip.order for s in backward.function.calls):
                continue
            ctx.report(
                clip.node,
                "accelerate scales the loss under fp16, so this clips gradients still multiplied by the loss scale "
                f"(65536 at first) and every update then shrinks by that factor: use {accelerator}.{CLIPS[name]}(...), "
                "which unscales first",
                (ReplaceNode(clip.node.func, f"{accelerator}.{CLIPS[name]}"),),
            )
