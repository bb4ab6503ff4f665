"""Gradient accumulation rules: gradients cleared before they accumulate, and losses summed
over micro-steps without being divided by their number.

Accumulation is read in the two forms training scripts use:
- a loop whose optimizer step runs every k iterations (`if (i + 1) % k == 0: optimizer.step()`,
  or after `if (i + 1) % k != 0: continue`) while backward runs on every one;
- an inner `for _ in range(k)` loop that runs backward, inside a loop that steps the optimizer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional

import libcst as cst

from torch_advise.lint.checks import CheckContext, Violation, check
from torch_advise.lint.checks.loops import Guards, IterationCall, iteration
from torch_advise.lint.model import CallSite, LoopInfo, Scope, dotted, literal_value, positional_args
from torch_advise.lint.walk import descendants

SCALING_METHODS = {"div", "div_", "divide", "true_divide", "mul", "mul_", "multiply"}
SCALING_FUNCTIONS = {"torch.div", "torch.divide", "torch.true_divide", "torch.mul", "torch.multiply"}
# Methods that keep the loss's scale: look through them to where the loss was made.
SCALE_KEEPING_METHODS = {"mean", "sum", "float", "squeeze", "clone", "contiguous"}


@dataclass(eq=False)
class Accumulation:
    """Gradients accumulated over the iterations (micro-steps) of `loop`."""

    loop: LoopInfo
    backwards: list[IterationCall]  # backward on every micro-step
    count: Optional[cst.BaseExpression]  # k: the modulus or the range() bound, when visible

    def count_text(self, module: cst.Module) -> str:
        return module.code_for_node(self.count) if self.count is not None else "the accumulation count"


def is_optimizer_step(ctx: CheckContext, site: CallSite) -> bool:
    """`optimizer.step()` or `scaler.step(optimizer)`; never a scheduler's step."""
    receiver = site.receiver
    if site.method != "step" or receiver is None:
        return False
    text = (dotted(receiver) or "").split(".")[-1].lower()
    if "sched" in text:
        return False
    if ctx.facts.is_scaler(receiver, site.scope) or text.endswith("scaler"):
        return True
    origins = ctx.model.origins(receiver, site.scope)
    if any(isinstance(o.expr, cst.Call) and ctx.facts.is_optimizer_call(o.expr, o.scope) for o in origins):
        return True
    if any(isinstance(o.expr, cst.Call) for o in origins):
        return False
    return "optim" in text or text == "opt" or text.endswith("_opt") or text.startswith("opt_")


def accumulations(ctx: CheckContext) -> list[Accumulation]:
    model = ctx.model
    found: list[Accumulation] = []
    guards = Guards(model)
    for loop in model.training_loops():
        level = [c for c in iteration(model, loop) if c.at_loop_level]
        steps = [c for c in level if is_optimizer_step(ctx, c.site)]
        backwards = [c for c in level if c.site.method == "backward" and not c.periodic]
        if steps and backwards and all(c.periodic for c in steps):
            found.append(Accumulation(loop, backwards, _modulus(guards, loop, steps[0])))
        else:
            micro = _micro_step_loop(ctx, loop)
            if micro is not None:
                found.append(micro)
    return found


def _micro_step_loop(ctx: CheckContext, loop: LoopInfo) -> Optional[Accumulation]:
    """`for _ in range(k):` running backward without stepping, followed by an optimizer step
    at the level the loop sits at."""
    model = ctx.model
    if not isinstance(loop.node, cst.For):
        return None
    bound = _range_bound(ctx, loop)
    if bound is None:
        return None
    calls = iteration(model, loop)
    if any(is_optimizer_step(ctx, c.site) for c in calls):
        return None
    siblings = loop.function.calls if loop.function is not None else [s for s in model.calls if s.function is None]
    if not any(s.order > loop.order and s.loops == loop.parents and is_optimizer_step(ctx, s) for s in siblings):
        return None
    backwards = [c for c in calls if c.at_loop_level and c.site.method == "backward" and not c.periodic]
    return Accumulation(loop, backwards, bound) if backwards else None


def _range_bound(ctx: CheckContext, loop: LoopInfo) -> Optional[cst.BaseExpression]:
    iterable = loop.node.iter  # type: ignore[union-attr]
    if not isinstance(iterable, cst.Call) or ctx.model.qualname(iterable.func, loop.scope) is not None:
        return None
    if dotted(iterable.func) != "range" or len(positional_args(iterable)) != 1:
        return None
    bound = positional_args(iterable)[0]
    value = literal_value(bound)
    return None if isinstance(value, int) and value <= 1 else bound


def _modulus(guards: Guards, loop: LoopInfo, step: IterationCall) -> Optional[cst.BaseExpression]:
    """The `k` of `i % k` in the condition the step runs under."""
    tests = [b.owner.test for b in step.branches if isinstance(b.owner, cst.If)]
    body = loop.node.body
    if isinstance(body, cst.IndentedBlock):
        tests += [s.test for s in body.body if isinstance(s, cst.If)]
    for test in tests:
        if not guards.periodic(test, step.site.scope):
            continue
        for expr in [test, *_assigned_values(guards, test, step.site.scope)]:
            modulus = _modulo_right(expr)
            if modulus is not None:
                return modulus
    return None


def _assigned_values(guards: Guards, test: cst.BaseExpression, scope: Scope) -> list[cst.BaseExpression]:
    values = []
    if isinstance(test, cst.Name):
        for binding in guards.model.lookup(test.value, scope):
            if binding.value is not None:
                values.append(binding.value)
    return values


def _modulo_right(expr: cst.CSTNode) -> Optional[cst.BaseExpression]:
    for operation in descendants(expr, cst.BinaryOperation):
        if isinstance(operation.operator, cst.Modulo):
            return operation.right
    return None


# ---- OPT003 -------------------------------------------------------------------------------


@check("OPT003")
def zero_grad_every_micro_step(ctx: CheckContext) -> Iterator[Violation]:
    model = ctx.model
    if not any(site.method == "zero_grad" for site in model.calls):
        return
    guards = Guards(model)
    seen: set[int] = set()
    for accumulation in accumulations(ctx):
        count = accumulation.count_text(model.module)
        for call in iteration(model, accumulation.loop):
            site = call.site
            if site.method != "zero_grad" or not call.at_loop_level or call.guarded(guards) or id(site.node) in seen:
                continue
            seen.add(id(site.node))
            yield Violation(
                "OPT003",
                site.node,
                f"zero_grad() runs on every micro-step but the optimizer steps only every {count}: "
                "each step sees the gradient of the last micro-batch alone; call zero_grad() "
                "right after optimizer.step(), under the same condition",
            )


# ---- OPT004 -------------------------------------------------------------------------------


@check("OPT004")
def loss_not_divided_by_accumulation(ctx: CheckContext) -> Iterator[Violation]:
    model = ctx.model
    seen: set[int] = set()
    for accumulation in accumulations(ctx):
        count = accumulation.count_text(model.module)
        for call in accumulation.backwards:
            site = call.site
            if site.receiver is None or site.node.args or id(site.node) in seen:
                continue
            loss = _loss_of(site.receiver)
            if loss is None or _scaling(ctx, loss, site.scope, 0) != "unscaled":
                continue
            seen.add(id(site.node))
            yield Violation(
                "OPT004",
                loss,
                f"the loss is summed over {count} micro-steps without being divided by {count}, so "
                f"each update is {count} times too large (like a learning rate {count} times higher): "
                f"call (loss / {count}).backward()"
                if accumulation.count is not None
                else "the loss is summed over the accumulated micro-steps without being divided by "
                "their number, so each update is that many times larger; divide the loss before backward()",
            )


def _loss_of(receiver: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """`loss` for `loss.backward()` and for `scaler.scale(loss).backward()`."""
    if isinstance(receiver, cst.Call):
        if isinstance(receiver.func, cst.Attribute) and receiver.func.attr.value == "scale":
            arguments = positional_args(receiver)
            return arguments[0] if len(arguments) == 1 else None
    return receiver


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
            return _scaling(ctx, expr.func.value, scope, depth + 1)  # type: ignore[union-attr]
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
