"""CKPT001: a torch.load that refuses the pickled object its caller reads from the result."""

from __future__ import annotations

from typing import Optional

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.facts import TORCH_LOADS
from torch_advise.lint.analysis.model import CallSite
from torch_advise.lint.analysis.pickled_reads import pickled_object_reads
from torch_advise.lint.analysis.saved_objects import instance_saves, namespace_saves, save_that_wrote
from torch_advise.lint.analysis.syntax import dotted, has_star_args, keyword_args, literal_value, positional_args
from torch_advise.lint.syntax_tree import nodes as cst

# Handlers that catch the UnpicklingError a refused load raises.
BROAD_HANDLERS = {"Exception", "BaseException", "UnpicklingError", "pickle.UnpicklingError", "PickleError", "pickle.PickleError"}
# The names the project's own modules use to allow classes or turn the refusal off, seen here.
ALLOWING_NAMES = {"add_safe_globals", "safe_globals", "_default_to_weights_only"}


def _refuses_objects(ctx: CheckContext, site: CallSite) -> Optional[bool]:
    """Whether this load runs with weights_only on: True when it says so, False when torch's
    default decides (2.6 on), None when off or unknown."""
    if has_star_args(site.node):
        return None
    keywords = keyword_args(site.node)
    if "weights_only" in keywords:
        return True if literal_value(keywords["weights_only"]) is True else None
    # A pickle_module turns the default off (torch's _default_to_weights_only).
    if "pickle_module" in keywords or len(positional_args(site.node)) >= 3:
        return None
    return False if ctx.target.torch_at_least(2, 6) else None


def _caught(site: CallSite) -> bool:
    """The load sits in a `try` whose handler catches the refusal."""
    for branch in site.branches:
        if isinstance(branch.owner, cst.Try) and branch.arm == "body":
            for handler in branch.owner.handlers:
                kinds = handler.type.elements if isinstance(handler.type, cst.Tuple) else [handler.type]
                for kind in kinds:
                    value = kind.value if isinstance(kind, cst.Element) else kind
                    if value is None or dotted(value) in BROAD_HANDLERS:
                        return True
    return False


def _saver(save: CallSite) -> str:
    """`DAggerTrainer.save_trainer()`: the method whose torch.save(self, ...) writes the file."""
    function = save.function
    assert function is not None
    return f"{function.cls.name}.{function.name}()" if function.cls is not None else f"{function.name}()"


def check(ctx: CheckContext) -> None:
    refusing = {}  # load -> whether weights_only=True is written (else torch's default)
    for site in ctx.model.calls:
        if ctx.model.call_name(site) in TORCH_LOADS and not _caught(site):
            explicit = _refuses_objects(ctx, site)
            if explicit is not None:
                refusing[site] = explicit
    if not refusing or ALLOWING_NAMES & ctx.model.identifiers:
        return
    evidence = pickled_object_reads(ctx.model, list(refusing))
    saved = instance_saves(ctx.model)
    options_saved = namespace_saves(ctx.model)
    if not (evidence or saved or options_saved) or ctx.project.allows_pickled_loads():
        return
    for site, explicit in refusing.items():
        if not (explicit or ctx.runs_on_torch_at_least(2, 6)):
            continue
        why = "torch.load(weights_only=True) refuses" if explicit else "from torch 2.6 torch.load loads with weights_only=True, which refuses"
        if id(site.node) in evidence:
            read, key = evidence[id(site.node)]
            entry = f"its {key!r} entry" if key is not None else "it"
            held = f"the code reads `.{read.attr.value}` from {entry}, which no tensor, container or number has: the file holds a pickled object"
        elif (save := save_that_wrote(ctx.model, site, saved)) is not None:
            held = f"the file it reads is the one {_saver(save)} writes with torch.save(self, ...): it holds a pickled object"
        elif (options := save_that_wrote(ctx.model, site, options_saved)) is not None:
            save, key = options
            writer = f"the torch.save in {_saver(save)}" if save.function is not None else "this module's torch.save"
            held = (
                f"the file it reads is the one {writer} writes with the command-line options in its {key!r} "
                "entry: an argparse.Namespace, a pickled object,"
            )
        else:
            continue
        ctx.report(
            site.node,
            f"{why} pickled objects, but {held} and this load raises UnpicklingError; "
            "save a state_dict instead, allow the class with torch.serialization.add_safe_globals, or, "
            "for a file you made yourself, pass weights_only=False",
        )
