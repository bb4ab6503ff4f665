"""AMP005: gradients clipped while they are still scaled."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    InsertBefore,
)
from torch_advise.lint.analysis.scaler_trace import BACKWARDS, STEPS, Event, between, nearest
from torch_advise.lint.analysis.syntax import (
    positional_args,
)
from torch_advise.lint.syntax_tree import nodes as cst


def _unscale_fix(ctx: CheckContext, clip: Event, steps: list[Event]) -> tuple:
    """Insert `scaler.unscale_(opt)` before the clip, when the names read there mean the same."""
    module = ctx.model.module
    texts = {
        (module.code_for_node(s.site.receiver), module.code_for_node(positional_args(s.site.node)[0]))
        for s in steps
        if s.site.receiver is not None and len(positional_args(s.site.node)) == 1
    }
    if len(texts) != 1 or not isinstance(clip.site.statement, cst.SimpleStatementLine):
        return ()
    scaler, optimizer = texts.pop()
    step = steps[0].site
    same_function = step.function is clip.site.function
    same_object = (
        scaler.startswith("self.")
        and optimizer.startswith("self.")
        and step.function is not None
        and clip.site.function is not None
        and step.function.cls is not None
        and step.function.cls is clip.site.function.cls
    )
    if not (same_function or same_object):
        return ()
    return (InsertBefore(clip.site.statement, f"{scaler}.unscale_({optimizer})"),)


def check(ctx: CheckContext) -> None:
    seen: set[int] = set()
    for trace in ctx.steps.scaler_traces:
        for clip in (e for e in trace if e.kind == "clip"):
            if id(clip.site.node) in seen:
                continue
            backward = nearest(trace, clip, BACKWARDS, after=False)
            step = nearest(trace, clip, STEPS, after=True)
            if backward is None or backward.kind != "scaled-backward" or step is None or step.kind != "scaler-step":
                continue
            if between(trace, backward, clip, "unscale"):
                continue
            if any(between(trace, clip, step, kind) for kind in BACKWARDS):
                # Another backward before the step (an adversarial perturbation's): the step does
                # not use the clipped gradients, and an unscale_ before the clip would leave the
                # later ones scaled when the scaler steps.
                continue
            seen.add(id(clip.site.node))
            ctx.report(
                clip.site.node,
                "gradients are clipped while still multiplied by the GradScaler's scale (65536 at first), "
                "so the clip does nothing useful: call scaler.unscale_(optimizer) before clipping",
                _unscale_fix(ctx, clip, [e for e in trace[clip.position + 1 :] if e.kind == "scaler-step" and e.compatible(clip)]),
            )
