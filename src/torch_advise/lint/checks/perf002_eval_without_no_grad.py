"""PERF002: an evaluation loop that runs the model with autograd on."""

from __future__ import annotations

from typing import Optional

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.facts import AUTOGRAD_VARIABLE
from torch_advise.lint.analysis.inline import MAX_CALL_DEPTH
from torch_advise.lint.analysis.model import FunctionInfo, LoopInfo, TrainingModel
from torch_advise.lint.analysis.steps import (
    eval_texts,
    forward_text,
    frozen_texts,
)
from torch_advise.lint.analysis.syntax import called_name, keyword_args, literal_value


def _feeds_a_backward(model: TrainingModel, function: Optional[FunctionInfo], depth: int = 0) -> bool:
    """Called, itself or through its callers, before a backward() of the calling function: what
    its forwards return may be what that backward differentiates (an explainer's mask generator
    called by its train step). A caller that only runs a training function elsewhere does not
    count: `train_epoch(); valid_epoch()` is still an evaluation."""
    if function is None or depth >= MAX_CALL_DEPTH:
        return False
    for site in model.calls_to(function):
        caller = site.function
        if caller is function:
            continue
        # A script's top level calls it as a function would: `loss = calc_loss(x); loss.backward()`.
        calls = caller.calls if caller is not None else [call for call in model.calls if call.function is None]
        if any(call.method == "backward" and call.order > site.order for call in calls):
            return True
        if _feeds_a_backward(model, caller, depth + 1):
            return True
    return False


def _volatile_inputs(ctx: CheckContext, loop: LoopInfo) -> bool:
    """The loop wraps its inputs in `Variable(x, volatile=True)`, torch 0.3's way of turning
    autograd off for evaluation, which torch 0.4 and later ignore."""
    for call in ctx.steps.iteration(loop):
        if ctx.model.call_name(call.site) in AUTOGRAD_VARIABLE:
            volatile = keyword_args(call.site.node).get("volatile")
            if volatile is not None and literal_value(volatile) is not False:
                return True
    return False


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
        if loop.function in in_steps or grad.function_off(loop.function) or _feeds_a_backward(model, loop.function):
            continue
        # `model = model()` builds a model; a forward pass takes inputs.
        forwards = [
            (call, text)
            for call in ctx.steps.iteration(loop)
            if call.site.node.args and (text := forward_text(model, call.site)) is not None
        ]
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
            if any(ctx.facts.trains_elsewhere(site) for site in loop.calls):
                break
            seen.add(id(call.site.node))
            why = " (its inputs' volatile=True has turned nothing off since torch 0.4)" if _volatile_inputs(ctx, loop) else ""
            shared = call.via[0] if call.via and _feeds_a_backward(model, call.site.function) else None
            if shared is not None:
                # The function also computes a training loss: autograd goes off around this call,
                # in the evaluation loop, not in the function.
                if id(shared.node) in seen:
                    continue
                seen.add(id(shared.node))
                helper = called_name(shared.node) or "the function"
                ctx.report(
                    shared.node,
                    f"{helper}(...) runs {text}(...) in an evaluation loop with autograd on{why}, so every activation "
                    f"is kept for a backward that never comes: run this loop under `with torch.inference_mode():` "
                    f"(or torch.no_grad()), here rather than in {helper}(), whose loss training also backpropagates",
                )
                continue
            ctx.report(
                call.site.node,
                f"{text}(...) runs in an evaluation loop with autograd on{why}, so every activation is kept "
                "for a backward that never comes: run the loop under `with torch.inference_mode():` "
                "(or torch.no_grad())",
            )
