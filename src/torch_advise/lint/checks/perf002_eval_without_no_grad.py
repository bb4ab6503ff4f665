"""PERF002: an evaluation loop that runs the model with autograd on."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.steps import (
    eval_texts,
    forward_text,
    frozen_texts,
)


def check(ctx: CheckContext) -> None:
    model = ctx.model
    if not any(s.method == "eval" or s.method == "parameters" for s in model.calls):
        return
    grad = ctx.steps.grad_mode
    trained = ctx.steps.trained_models
    in_steps = ctx.steps.functions_run_by_steps
    seen: set[int] = set()
    for loop in model.loops:
        if ctx.steps.may_train(loop) or any(ctx.steps.is_step_loop(parent) for parent in loop.parents):
            continue
        if loop.function in in_steps or grad.function_off(loop.function):
            continue
        forwards = [(call, text) for call in ctx.steps.iteration(loop) if (text := forward_text(model, call.site)) is not None]
        if not forwards:
            continue
        evaluated = eval_texts(model, loop.function, loop.order)
        frozen = frozen_texts(model, loop.function, loop.order)
        for call, text in forwards:
            if id(call.site.node) in seen or not (text in evaluated or text in trained):
                continue
            if text in frozen:
                continue  # no parameter needs a gradient: autograd records nothing
            if text not in evaluated and loop.function is not None and not model.calls_to(loop.function):
                # Nothing here calls it, so nothing shows whether its caller turns autograd off.
                continue
            if grad.site_off(call.site) or any(grad.site_off(v) for v in call.via):
                continue
            seen.add(id(call.site.node))
            ctx.report(
                call.site.node,
                f"{text}(...) runs in an evaluation loop with autograd on, so every activation is kept "
                "for a backward that never comes: run the loop under `with torch.inference_mode():` "
                "(or torch.no_grad())",
            )
