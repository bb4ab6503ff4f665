"""AMP011: an autocast in float16 that a flag named for bfloat16 turns on."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import ReplaceNode
from torch_advise.lint.analysis.facts import FLOAT16
from torch_advise.lint.analysis.purpose import bfloat16_flag
from torch_advise.lint.analysis.syntax import dotted, has_star_args, keyword_args
from torch_advise.lint.syntax_tree import nodes as cst
from torch_advise.lint.syntax_tree.source import code


def check(ctx: CheckContext) -> None:
    for site in ctx.facts.autocasts:
        flag = bfloat16_flag(site.node)
        dtype = ctx.facts.autocast_arguments(site).dtype
        if flag is None or dtype is None or has_star_args(site.node):
            continue
        origins = ctx.model.origins(dtype, site.scope)
        if not origins or not all(ctx.model.qualname(o.expr, o.scope) in FLOAT16 for o in origins):
            continue
        direct = isinstance(dtype, cst.Attribute) and ctx.model.qualname(dtype, site.scope) in FLOAT16
        edits = (ReplaceNode(dtype, f"{dotted(dtype.value)}.bfloat16"),) if isinstance(dtype, cst.Attribute) and direct else ()
        written = code(keyword_args(site.node)["enabled"])
        ctx.report(
            dtype,
            f"`{written}` turns this autocast on, but it runs in float16, not bfloat16: float16 overflows "
            f"above 65504 and needs a GradScaler that bfloat16 does not; set dtype=torch.bfloat16",
            edits,
        )
