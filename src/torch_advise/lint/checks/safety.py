"""Safety rules: code in a training script that runs what a file tells it to."""

from __future__ import annotations

from typing import Iterator

from torch_advise.lint.checks import CheckContext, Violation, check
from torch_advise.lint.fixes import ReplaceNode, SetKeyword
from torch_advise.lint.model import has_star_args, keyword_args, literal_value

TORCH_LOAD = {"torch.load", "torch.serialization.load"}


@check("SEC001")
def torch_load_unpickles(ctx: CheckContext) -> Iterator[Violation]:
    for site in ctx.model.calls:
        if ctx.model.call_name(site) not in TORCH_LOAD or has_star_args(site.node):
            continue
        keywords = keyword_args(site.node)
        # weights_only=True refuses a custom pickle_module, so that load cannot be rewritten.
        fixable = "pickle_module" not in keywords
        flag = keywords.get("weights_only")
        if flag is not None:
            if literal_value(flag) is not False:
                continue
            yield Violation(
                "SEC001",
                flag,
                "torch.load(weights_only=False) unpickles the file, and a crafted checkpoint runs "
                "arbitrary code: load with weights_only=True (allow your own classes with "
                "torch.serialization.add_safe_globals)",
                (ReplaceNode(flag, "True"),) if fixable else (),
            )
        elif not ctx.target.torch_at_least(1, 13):
            # weights_only arrived in torch 1.13: there is no safe way to call torch.load before it.
            yield Violation(
                "SEC001",
                site.node,
                "torch.load unpickles the file, and a crafted checkpoint runs arbitrary code; torch "
                "before 1.13 has no safe mode: upgrade and pass weights_only=True",
            )
        elif not ctx.target.torch_at_least(2, 6):
            yield Violation(
                "SEC001",
                site.node,
                "before torch 2.6 torch.load unpickles the file by default, and a crafted checkpoint "
                "runs arbitrary code: pass weights_only=True",
                (SetKeyword(site.node, "weights_only", "True"),) if fixable else (),
            )
