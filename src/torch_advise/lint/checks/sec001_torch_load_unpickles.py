"""SEC001: torch.load that may unpickle, and so run, code from the file."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    ReplaceNode,
    SetKeyword,
)
from torch_advise.lint.analysis.facts import DATA_PARALLEL, DDP, TORCH_LOADS
from torch_advise.lint.analysis.model import CallSite
from torch_advise.lint.analysis.pickled_reads import pickled_object_reads
from torch_advise.lint.analysis.saved_objects import instance_saves, namespace_saves, save_that_wrote
from torch_advise.lint.analysis.syntax import (
    has_star_args,
    keyword_args,
    literal_value,
    positional_args,
)
from torch_advise.lint.syntax_tree import nodes as cst


def check(ctx: CheckContext) -> None:
    loads = [site for site in ctx.model.calls if ctx.model.call_name(site) in TORCH_LOADS and not has_star_args(site.node)]
    # A load whose result the code reads a pickled object from needs the unpickling:
    # weights_only=True would refuse the file (CKPT001's case), so it is not the advice there.
    objects = pickled_object_reads(ctx.model, loads) if loads else {}
    # So does a load of a file this module saves with such an object in it.
    saved = {**instance_saves(ctx.model), **namespace_saves(ctx.model)} if loads else {}
    for site in loads:
        if id(site.node) in objects or _wrapped_as_a_module(ctx, site) or save_that_wrote(ctx.model, site, saved) is not None:
            continue
        keywords = keyword_args(site.node)
        # weights_only=True refuses a custom pickle_module (keyword, or third positional), so
        # that load cannot be rewritten.
        fixable = "pickle_module" not in keywords and len(positional_args(site.node)) < 3
        flag = keywords.get("weights_only")
        if flag is not None:
            if literal_value(flag) is not False:
                continue
            ctx.report(
                flag,
                "torch.load(weights_only=False) unpickles the file, and a crafted checkpoint runs "
                "arbitrary code: load with weights_only=True (allow your own classes with "
                "torch.serialization.add_safe_globals)",
                (ReplaceNode(flag, "True"),) if fixable else (),
            )
        elif not ctx.target.torch_at_least(2, 6):
            ctx.report(
                site.node,
                "before torch 2.6 torch.load unpickles the file by default, and a crafted checkpoint "
                "runs arbitrary code: pass weights_only=True",
                (SetKeyword(site.node, "weights_only", "True"),) if fixable else (),
            )


def _wrapped_as_a_module(ctx: CheckContext, site: CallSite) -> bool:
    """`model = torch.load(path)`, then `DistributedDataParallel(model, ...)` in the same function:
    the file holds a whole pickled network, which weights_only=True refuses."""
    names = site.assigned_names
    if len(names) != 1:
        return False
    wrapped = [
        positional_args(call.node)[0] for call in ctx.model.calls
        if call.scope is site.scope and (ctx.model.call_name(call) or "") in DDP | DATA_PARALLEL and positional_args(call.node)
    ]
    return any(isinstance(module, cst.Name) and module.value in names for module in wrapped)
