"""OPT004: a loss accumulated over micro-steps without being divided by their number."""

from __future__ import annotations

from typing import Optional

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.model import (
    CallSite,
    Origin,
    Scope,
)
from torch_advise.lint.analysis.scaler_trace import CLIPS
from torch_advise.lint.analysis.steps import Accumulation
from torch_advise.lint.analysis.syntax import (
    dotted,
    keyword_args,
    root_name,
    scale_arguments,
)
from torch_advise.lint.analysis.walk import descendants
from torch_advise.lint.syntax_tree import nodes as cst

SCALING_METHODS = {"div", "div_", "divide", "true_divide", "mul", "mul_", "multiply"}

SCALING_FUNCTIONS = {"torch.div", "torch.divide", "torch.true_divide", "torch.mul", "torch.multiply"}

# Methods that keep the loss's scale: look through them to where the loss was made.
SCALE_KEEPING_METHODS = {"mean", "sum", "float", "squeeze", "clone", "contiguous"}

# Optimizers whose step divides the gradient by a running estimate of its own size: a gradient
# k times larger gives the same step, but for eps and an L2 weight decay that weighs k times less.
SCALE_FREE_OPTIMIZERS = {
    f"torch.optim.{name}" for name in ("Adam", "AdamW", "Adamax", "NAdam", "RAdam", "RMSprop", "Adagrad", "Adadelta", "SparseAdam")
}


def _loss_of(receiver: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """`loss` for `loss.backward()` and for `scaler.scale(loss).backward()`."""
    arguments = scale_arguments(receiver)
    if arguments is None:
        return receiver
    return arguments[0] if len(arguments) == 1 else None


def _scaling(ctx: CheckContext, expr: cst.CSTNode, scope: Scope, depth: int) -> str:
    """'scaled' when the value was divided or multiplied on its way, 'unscaled' when it comes
    straight from a loss function or model, 'unknown' when that cannot be seen."""
    if depth > 8:
        return "unknown"
    if isinstance(expr, cst.BinaryOperation):
        if isinstance(expr.operator, (cst.Divide, cst.Multiply, cst.FloorDivide)):
            return "scaled"
        if isinstance(expr.operator, (cst.Add, cst.Subtract)):
            parts = {_scaling(ctx, side, scope, depth + 1) for side in (expr.left, expr.right)}
            return "unscaled" if parts == {"unscaled"} else "unknown"
        return "unknown"
    if isinstance(expr, cst.AugAssign):
        return "scaled" if isinstance(expr.operator, (cst.DivideAssign, cst.MultiplyAssign)) else "unknown"
    if isinstance(expr, cst.Call):
        name = ctx.model.qualname(expr.func, scope)
        method = expr.func.attr.value if isinstance(expr.func, cst.Attribute) else None
        if method in SCALING_METHODS or name in SCALING_FUNCTIONS:
            return "scaled"
        if method in SCALE_KEEPING_METHODS and name is None:
            assert isinstance(expr.func, cst.Attribute)  # a method name comes from an attribute
            return _scaling(ctx, expr.func.value, scope, depth + 1)
        if ctx.model.callee(expr, scope) is not None:
            return _traced(ctx, expr, scope, depth)
        if _inherited_helper(ctx, expr, scope):
            return "unknown"
        return "unscaled"
    if isinstance(expr, (cst.Name, cst.Attribute)):
        return _traced(ctx, expr, scope, depth)
    if isinstance(expr, cst.Subscript):
        return _scaling(ctx, expr.value, scope, depth + 1)
    return "unknown"


def _traced(ctx: CheckContext, expr: cst.BaseExpression, scope: Scope, depth: int) -> str:
    origins = ctx.model.origins(expr, scope)
    if not origins:
        return _unpacked_from_call(ctx, expr, scope)
    results = set()
    for origin in origins:
        if origin.expr is expr:
            # Not traceable further: `outputs.loss` of a call's result is the model's own loss.
            if isinstance(expr, cst.Attribute) and _scaling(ctx, expr.value, scope, depth + 1) == "unscaled":
                results.add("unscaled")
            else:
                results.add("unknown")
        else:
            results.add(_scaling(ctx, origin.expr, origin.scope, depth + 1))
    if "scaled" in results:
        return "scaled"
    return "unscaled" if results == {"unscaled"} else "unknown"


def _inherited_helper(ctx: CheckContext, call: cst.Call, scope: Scope) -> bool:
    """`self._parse_loss_dict(d)`: a method the class inherits from another file, which may well
    divide the loss; not a module stored on self (`self.criterion(...)`), which returns it raw."""
    func = call.func
    if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
        return False
    cls = ctx.model.enclosing_class(scope, func.value)
    if cls is None:
        return False
    name = func.attr.value
    return ctx.model.method(cls, name) is None and not ctx.model.class_attribute(cls, name)


def _unpacked_from_call(ctx: CheckContext, expr: cst.BaseExpression, scope: Scope) -> str:
    """`logits, loss = model(x, y)`: an element of what a library call returns is unscaled."""
    if not isinstance(expr, cst.Name):
        return "unknown"
    bindings = ctx.model.lookup(expr.value, scope)
    unpacked = [
        b
        for b in bindings
        if b.kind == "assign"
        and b.index is not None
        and isinstance(b.value, cst.Call)
        and ctx.model.callee(b.value, b.scope) is None
        and not _inherited_helper(ctx, b.value, b.scope)
    ]
    return "unscaled" if bindings and len(unpacked) == len(bindings) else "unknown"


def _optimizers_stepped(ctx: CheckContext, accumulation: Accumulation) -> Optional[list[str]]:
    """The torch.optim constructors (`torch.optim.Adam`) of every optimizer the accumulated
    gradients may be applied by, through `scaler.step(optimizer)` too; None where one is not
    built in this file."""
    constructors = []
    for site in accumulation.steps:
        optimizer = ctx.steps.stepped_optimizer(site)
        if optimizer is None:
            return None
        # A parameter no call of this file fills has no origin here: the callers are elsewhere.
        origins = ctx.model.origins(optimizer, site.scope) or [Origin(optimizer, site.scope)]
        for origin in origins:
            if isinstance(origin.expr, cst.Call) and ctx.facts.is_optimizer_call(origin.expr, origin.scope):
                constructors.append(ctx.model.qualname(origin.expr.func, origin.scope) or "")
                continue
            handed = _handed_by_other_modules(ctx, origin.expr, site)
            if handed is None:
                return None
            constructors.extend(handed)
    return constructors or None


def _handed_by_other_modules(ctx: CheckContext, expr: cst.CSTNode, site: CallSite) -> Optional[list[str]]:
    """The optimizers other modules of the project build and hand to the function whose
    parameter `expr` is (`train(model, optimizer)` called from main.py); None if unknown."""
    function = site.function
    if function is None or function.cls is not None or not isinstance(expr, cst.Name):
        return None
    names = [param.name.value for param in function.params]
    if expr.value not in names:
        return None
    handed = ctx.project.passed_to(function.name, expr.value, names.index(expr.value))
    if handed is None or not all(name.startswith("torch.optim.") for name in handed):
        return None
    return handed


def _message(ctx: CheckContext, accumulation: Accumulation, count: str) -> Optional[str]:
    """What not dividing does to these updates, or None where it changes (nearly) nothing: every
    optimizer is scale-free and nothing clips the gradients."""
    constructors = _optimizers_stepped(ctx, accumulation)
    if constructors is None:
        return None  # built elsewhere: with Adam the sum changes nearly nothing, with SGD everything
    scale_free = [name for name in constructors if name in SCALE_FREE_OPTIMIZERS]
    scaled = [name for name in constructors if name not in SCALE_FREE_OPTIMIZERS]
    clipped = any(ctx.model.call_name(site) in CLIPS for site in ctx.model.calls_of(accumulation.loop.function))
    fix = f"call (loss / {count}).backward()" if accumulation.count is not None else "divide the loss before backward()"
    summed = (
        f"the loss is summed over {count} micro-steps without being divided by {count}"
        if accumulation.count is not None
        else "the loss is summed over the accumulated micro-steps without being divided by their number"
    )
    times = f"{count} times" if accumulation.count is not None else "that many times"
    if scale_free and not scaled:
        if not clipped:
            return None
        return (
            f"{summed}: {scale_free[0].rsplit('.', 1)[-1]}'s step does not grow with it, but gradient clipping sees a "
            f"gradient {times} larger than one batch's and clips it {times} harder: {fix}"
        )
    if scale_free:
        return (
            f"{summed}, so with {scaled[0].rsplit('.', 1)[-1]} each update is {times} too large (like a learning rate "
            f"{times} higher; {scale_free[0].rsplit('.', 1)[-1]}'s step does not grow with it): {fix}"
        )
    if accumulation.count is not None:
        return f"{summed}, so each update is {times} too large (like a learning rate {times} higher): {fix}"
    return f"{summed}, so each update is that many times larger; {fix}"


def _gradients_rescaled(ctx: CheckContext, accumulation: Accumulation) -> bool:
    """The summed gradients are divided afterwards instead (`p.grad.mul_(1 / k)`,
    `p.grad /= k`) in the function that accumulates them."""
    function = accumulation.loop.function
    calls = ctx.model.calls_of(function)
    for site in calls:
        if site.method in SCALING_METHODS and site.receiver is not None and ".grad" in ctx.model.module.code_for_node(site.receiver):
            return True
        # fairseq's convention: `optimizer.multiply_grads(c)` or a `multiply_grads(optimizer, c)`
        # helper, and `scaler.step(optimizer, scale=1 / c)` for an optimizer that takes it.
        name = (dotted(site.node.func) or "").rsplit(".", 1)[-1]
        if name == "multiply_grads" or (site.method == "step" and "scale" in keyword_args(site.node)):
            return True
    body = function.node if function is not None else ctx.model.module
    return any(
        isinstance(node.operator, (cst.DivideAssign, cst.MultiplyAssign)) and ".grad" in ctx.model.module.code_for_node(node.target)
        for node in descendants(body, cst.AugAssign)
    )


def _cached_under_no_grad(ctx: CheckContext, accumulation: Accumulation) -> set[str]:
    """Lists filled under torch.no_grad() in the accumulating function: inputs or features
    cached for gradient caching, where each micro-step's loss is the whole batch's loss."""
    calls = ctx.model.calls_of(accumulation.loop.function)
    grad = ctx.steps.grad_mode
    return {
        name
        for site in calls
        if site.method == "append" and site.receiver is not None and grad.site_off(site)
        for name in [root_name(site.receiver)]
        if name is not None
    }


def _gradient_caching(ctx: CheckContext, accumulation: Accumulation) -> bool:
    """The micro-step loop replays inputs cached without gradients (`images = cached[j]`): the
    contrastive loss of each replay already spans the whole batch, so summing is exact."""
    cached = _cached_under_no_grad(ctx, accumulation)
    return bool(cached) and any(
        root_name(node.value) in cached for node in descendants(accumulation.loop.node.body, cst.Subscript)
    )


def check(ctx: CheckContext) -> None:
    model = ctx.model
    seen: set[int] = set()
    for accumulation in ctx.steps.accumulations:
        if _gradients_rescaled(ctx, accumulation) or _gradient_caching(ctx, accumulation):
            continue
        count = accumulation.count_text(model.module)
        message = _message(ctx, accumulation, count)
        if message is None:
            continue
        for call in accumulation.backwards:
            site = call.site
            if site.receiver is None or site.node.args or id(site.node) in seen:
                continue
            loss = _loss_of(site.receiver)
            if loss is None or _scaling(ctx, loss, site.scope, 0) != "unscaled":
                continue
            seen.add(id(site.node))
            ctx.report(loss, message)
