"""Loop rules: what one iteration of a loop runs, forward passes that record autograd graphs
nobody uses, and torch.compile called over and over.

`iteration` reads a loop the way it runs once: the calls in its body and, inlined, in the
functions of this file that the body calls, each with the `if`/`except` arms it sits under.
The accumulation, sync and distributed rules read loops through it too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Optional
from weakref import WeakKeyDictionary

import libcst as cst

from torch_advise.lint.checks import CheckContext, Violation, check
from torch_advise.lint.model import (
    Branch,
    CallSite,
    FunctionInfo,
    LoopInfo,
    Scope,
    TrainingModel,
    calls_in,
    dotted,
    keyword_args,
    literal_value,
    positional_args,
)
from torch_advise.lint.walk import TableVisitor, descendants

MAX_INLINE_DEPTH = 3
COMPILES = {"torch.compile", "torch._dynamo.optimize"}
GRAD_OFF = {
    "torch.no_grad",
    "torch.inference_mode",
    "torch.autograd.no_grad",
    "torch.autograd.grad_mode.no_grad",
    "torch.autograd.grad_mode.inference_mode",
}
SET_GRAD_ENABLED = {"torch.set_grad_enabled", "torch.autograd.set_grad_enabled", "torch.autograd.grad_mode.set_grad_enabled"}
# Names of conditions that pick a process, not an iteration: the body still runs every step there.
RANK_NAME = re.compile(r"rank|master|main_process|is_main|global_zero|is_primary")


@dataclass(frozen=True)
class IterationCall:
    """A call as one iteration of a loop runs it."""

    site: CallSite
    branches: tuple[Branch, ...]  # the if/try arms inside the loop (and inlined functions) around it
    loops: tuple[LoopInfo, ...]  # loops inside the iterated loop that enclose it
    via: tuple[CallSite, ...]  # calls of this file's functions through which the iteration reaches it
    periodic: bool  # runs only every k-th iteration (`if step % k == 0`, or after such a `continue`)

    @property
    def at_loop_level(self) -> bool:
        """Runs once per iteration of the loop itself, not in a loop nested in it."""
        return not self.loops

    def guarded(self, guards: "Guards") -> bool:
        """Runs only on some iterations: under an `if` (other than a rank check) or an `except`."""
        return self.periodic or any(guards.filters_iterations(b) for b in self.branches)


class Guards:
    """Reads `if` conditions: periodic (`% k`), or a rank check that runs on every step."""

    def __init__(self, model: TrainingModel) -> None:
        self.model = model

    def filters_iterations(self, branch: Branch) -> bool:
        owner = branch.owner
        if isinstance(owner, cst.Try):
            return False
        if isinstance(owner, cst.If):
            return not _rank_only(owner.test)
        return True

    def periodic(self, test: cst.BaseExpression, scope: Scope) -> bool:
        """`step % k == 0`, or a name assigned such a test (`sync = (i + 1) % k == 0`)."""
        if _has_modulo(test):
            return True
        for name in _names_in(test):
            for binding in self.model.lookup(name, scope):
                if binding.kind == "assign" and binding.value is not None and _has_modulo(binding.value):
                    return True
        return False


# Several rules read the same loops; one file's answers live as long as its model.
_ITERATIONS: "WeakKeyDictionary[TrainingModel, dict[LoopInfo, list[IterationCall]]]" = WeakKeyDictionary()


def iteration(model: TrainingModel, loop: LoopInfo) -> list[IterationCall]:
    """The calls one iteration of `loop` runs, in order, with same-file functions inlined."""
    known = _ITERATIONS.setdefault(model, {})
    if loop not in known:
        known[loop] = _iteration(model, loop)
    return known[loop]


def _iteration(model: TrainingModel, loop: LoopInfo) -> list[IterationCall]:
    guards = Guards(model)
    after_continue = _after_periodic_continue(guards, loop)
    result: list[IterationCall] = []
    for site in sorted(loop.calls, key=lambda s: s.order):
        inner_branches = site.branches[len(loop.branches):]
        index = site.loops.index(loop)
        periodic = id(site.node) in after_continue or _periodic_branches(guards, inner_branches, site.scope)
        _add(model, guards, result, site, inner_branches, site.loops[index + 1:], (), periodic, [])
    return result


def _add(model, guards, result, site, branches, loops, via, periodic, stack) -> None:
    result.append(IterationCall(site, branches, loops, via, periodic))
    callee = model.callee(site.node, site.scope)
    if not isinstance(callee, FunctionInfo) or callee in stack or len(stack) >= MAX_INLINE_DEPTH:
        return
    header = _header_calls(callee)
    for inner in sorted(callee.calls, key=lambda s: s.order):
        if id(inner.node) in header:
            continue
        where = branches + inner.branches
        _add(
            model,
            guards,
            result,
            inner,
            where,
            loops + inner.loops,
            via + (site,),
            periodic or _periodic_branches(guards, inner.branches, inner.scope),
            stack + [callee],
        )


def _periodic_branches(guards: Guards, branches: tuple[Branch, ...], scope: Scope) -> bool:
    return any(isinstance(b.owner, cst.If) and guards.periodic(b.owner.test, scope) for b in branches)


def _after_periodic_continue(guards: Guards, loop: LoopInfo) -> set[int]:
    """Calls after `if step % k != 0: continue` in the loop body: they run every k-th iteration."""
    body = loop.node.body
    if not isinstance(body, cst.IndentedBlock):
        return set()
    found: set[int] = set()
    for index, statement in enumerate(body.body):
        if (
            isinstance(statement, cst.If)
            and statement.orelse is None
            and _ends_in_continue(statement.body)
            and guards.periodic(statement.test, loop.scope)
        ):
            for later in body.body[index + 1:]:
                found.update(id(call) for call in calls_in(later))
            break
    return found


def _ends_in_continue(block: cst.BaseSuite) -> bool:
    statements = block.body if isinstance(block, cst.IndentedBlock) else [block]
    last = statements[-1] if statements else None
    return isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Continue)


def _header_calls(function: FunctionInfo) -> frozenset[int]:
    """Calls in a function's decorators and default values: they run once, when it is defined."""
    ids: set[int] = set()
    for decorator in function.node.decorators:
        ids.update(id(c) for c in calls_in(decorator))
    ids.update(id(c) for c in calls_in(function.node.params))
    return frozenset(ids)


def _has_modulo(expr: cst.CSTNode) -> bool:
    return any(isinstance(operation.operator, cst.Modulo) for operation in descendants(expr, cst.BinaryOperation))


def _names_in(expr: cst.CSTNode) -> list[str]:
    return [name.value for name in descendants(expr, cst.Name)]


def _terminal_names(expr: cst.CSTNode) -> list[str]:
    """`args.local_rank == 0` -> ["local_rank"]; `dist.get_rank()` -> ["get_rank"]."""
    finder = _TerminalNames()
    finder.walk(expr)
    return finder.names


class _TerminalNames(TableVisitor):
    def __init__(self) -> None:
        self.names: list[str] = []

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        self.names.append(node.attr.value)
        return False

    def visit_Name(self, node: cst.Name) -> None:
        if node.value not in ("True", "False", "None"):
            self.names.append(node.value)


def _rank_only(test: cst.BaseExpression) -> bool:
    names = _terminal_names(test)
    return bool(names) and not _has_modulo(test) and all(RANK_NAME.search(n.lower()) for n in names)


# ---- which loops train, and at which level -----------------------------------------------


def is_step_loop(model: TrainingModel, loop: LoopInfo) -> bool:
    """A training loop whose every iteration is one training step: it runs backward and no
    loop inside it (in its body or a function it calls) does."""
    if not model.loop_trains(loop):
        return False
    return not any(model.loop_trains(inner) for call in iteration(model, loop) for inner in call.loops)


def step_loops(model: TrainingModel) -> list[LoopInfo]:
    return [loop for loop in model.loops if is_step_loop(model, loop)]


# ---- PERF002 ------------------------------------------------------------------------------


class GradMode:
    """Where autograd is off: `with torch.no_grad()`/`inference_mode()` blocks, functions
    decorated with them, and functions that are only ever called from such places."""

    def __init__(self, model: TrainingModel) -> None:
        self.model = model
        self.off_calls: set[int] = set()
        self.off_functions: set[FunctionInfo] = set()
        self._collect()
        self._memo: dict[FunctionInfo, bool] = {}

    def _collect(self) -> None:
        model = self.model
        for function in model.functions:
            if any(self._decorator_disables(d.decorator, function) for d in function.node.decorators):
                self.off_functions.add(function)
        for site in model.calls:
            name = model.call_name(site)
            disabling = name in GRAD_OFF or (
                name in SET_GRAD_ENABLED and _first_argument_is(site.node, False)
            )
            if not disabling:
                continue
            statement = site.statement
            items = [item.item for item in statement.items] if isinstance(statement, cst.With) else []
            if any(item is site.node for item in items):
                # `with torch.no_grad(), torch.autocast(...):` enters the later items with it off too.
                later = items[[id(item) for item in items].index(id(site.node)) + 1 :]
                self.off_calls.update(id(c) for node in (*later, statement.body) for c in calls_in(node))
            elif name in SET_GRAD_ENABLED and isinstance(statement, cst.SimpleStatementLine):
                # `torch.set_grad_enabled(False)` as a statement: the rest of the function (or file).
                if site.function is not None:
                    self.off_functions.add(site.function)
                else:
                    self.off_calls.update(id(s.node) for s in model.calls)

    def _decorator_disables(self, decorator: cst.BaseExpression, function: FunctionInfo) -> bool:
        target = decorator.func if isinstance(decorator, cst.Call) else decorator
        return self.model.qualname(target, function.scope.parent or function.scope) in GRAD_OFF

    def function_off(self, function: Optional[FunctionInfo], depth: int = 0) -> bool:
        """Autograd is off wherever `function` runs: it disables it, or every caller does."""
        if function is None:
            return False
        if function in self.off_functions:
            return True
        if function in self._memo:
            return self._memo[function]
        self._memo[function] = False
        callers = self.model.calls_to(function)
        result = depth < 4 and bool(callers) and all(self.site_off(c, depth + 1) for c in callers)
        self._memo[function] = result
        return result

    def site_off(self, site: CallSite, depth: int = 0) -> bool:
        return id(site.node) in self.off_calls or self.function_off(site.function, depth)


def _first_argument_is(call: cst.Call, value: object) -> bool:
    arguments = positional_args(call) or list(keyword_args(call).values())
    return bool(arguments) and literal_value(arguments[0]) is value


def _text(model: TrainingModel, node: cst.CSTNode) -> str:
    return model.module.code_for_node(node)


def _trained_model_texts(ctx: CheckContext) -> set[str]:
    """`model` and `self.model`: what `model.parameters()` given to an optimizer, or `model.train()`, names."""
    model = ctx.model
    texts: set[str] = set()
    for site in model.calls:
        if site.method == "train" and site.receiver is not None and not site.node.args:
            texts.add(_text(model, site.receiver))
        elif ctx.facts.is_optimizer_call(site.node, site.scope):
            for argument in positional_args(site.node)[:1]:
                if isinstance(argument, cst.Call) and isinstance(argument.func, cst.Attribute) and argument.func.attr.value == "parameters":
                    texts.add(_text(model, argument.func.value))
    return texts


def _eval_texts(model: TrainingModel, function: Optional[FunctionInfo], before: int) -> set[str]:
    """Receivers of `.eval()` called in `function` before source position `before`."""
    calls = function.calls if function is not None else [s for s in model.calls if s.function is None]
    return {
        _text(model, s.receiver)
        for s in calls
        if s.method == "eval" and s.receiver is not None and not s.node.args and s.order < before
    }


def _frozen_texts(model: TrainingModel, function: Optional[FunctionInfo], before: int) -> set[str]:
    """Receivers of `.requires_grad_(False)` called in `function` before source position `before`."""
    calls = function.calls if function is not None else [s for s in model.calls if s.function is None]
    return {
        _text(model, s.receiver)
        for s in calls
        if s.method == "requires_grad_" and s.receiver is not None and s.order < before
        and _first_argument_is(s.node, False)
    }


def _forward_text(model: TrainingModel, site: CallSite) -> Optional[str]:
    """`model` for `model(x)` and `model.forward(x)`; None for anything else."""
    func = site.node.func
    if site.method == "forward" and site.receiver is not None:
        return _text(model, site.receiver)
    if isinstance(func, (cst.Name, cst.Attribute)) and dotted(func) is not None and model.callee(site.node, site.scope) is None:
        return _text(model, func)
    return None


def functions_run_by_steps(model: TrainingModel) -> set[FunctionInfo]:
    """Functions that training steps run: their forward passes may feed a backward."""
    found: set[FunctionInfo] = set()
    for loop in step_loops(model):
        for call in iteration(model, loop):
            callee = model.callee(call.site.node, call.site.scope)
            if isinstance(callee, FunctionInfo):
                found.add(callee)
    for function in model.functions:
        if any(runs_backward_outside_loops(site) for site in function.calls):
            found.add(function)
    return found


def runs_backward_outside_loops(site: CallSite) -> bool:
    return site.method == "backward" and not site.loops


@check("PERF002")
def forward_without_no_grad(ctx: CheckContext) -> Iterator[Violation]:
    model = ctx.model
    if not any(s.method == "eval" or s.method == "parameters" for s in model.calls):
        return
    grad = GradMode(model)
    trained = _trained_model_texts(ctx)
    in_steps = functions_run_by_steps(model)
    seen: set[int] = set()
    for loop in model.loops:
        if may_train(ctx, loop) or any(is_step_loop(model, parent) for parent in loop.parents):
            continue
        if loop.function in in_steps or grad.function_off(loop.function):
            continue
        calls = iteration(model, loop)
        evaluated = _eval_texts(model, loop.function, loop.order)
        frozen = _frozen_texts(model, loop.function, loop.order)
        for call in calls:
            text = _forward_text(model, call.site)
            if text is None or id(call.site.node) in seen or not (text in evaluated or text in trained):
                continue
            if text in frozen:
                continue  # no parameter needs a gradient: autograd records nothing
            if text not in evaluated and loop.function is not None and not model.calls_to(loop.function):
                # Nothing here calls it, so nothing shows whether its caller turns autograd off.
                continue
            if grad.site_off(call.site) or any(grad.site_off(v) for v in call.via):
                continue
            seen.add(id(call.site.node))
            yield Violation(
                "PERF002",
                call.site.node,
                f"{text}(...) runs in an evaluation loop with autograd on, so every activation is kept "
                "for a backward that never comes: run the loop under `with torch.inference_mode():` "
                "(or torch.no_grad())",
            )


def may_train(ctx: CheckContext, loop: LoopInfo) -> bool:
    """A loop that runs backward, or whose iteration makes a call only training makes."""
    return ctx.model.loop_trains(loop) or any(_trains(ctx, call.site) for call in iteration(ctx.model, loop))


def _trains(ctx: CheckContext, site: CallSite) -> bool:
    """A call only a training step makes: one that needs gradients, resets them, or is handed
    the optimizer (timm's `loss_scaler(loss, optimizer)` runs backward and step itself)."""
    name = ctx.model.call_name(site) or ""
    if name in ("torch.autograd.grad", "torch.autograd.backward"):
        return True
    if site.method in ("requires_grad_", "backward", "zero_grad"):
        return True
    arguments = [*positional_args(site.node), *keyword_args(site.node).values()]
    return any(
        isinstance(argument, (cst.Name, cst.Attribute))
        and ctx.facts.may_be_optimizer(argument)
        and ctx.facts.is_optimizer(argument, site.scope)
        for argument in arguments
    )


# ---- PERF003 ------------------------------------------------------------------------------


@check("PERF003")
def compile_every_step(ctx: CheckContext) -> Iterator[Violation]:
    model = ctx.model
    compiles = [s for s in model.calls if model.call_name(s) in COMPILES]
    if not compiles:
        return
    guards = Guards(model)
    targets = {id(s.node) for s in compiles}
    seen: set[int] = set()
    for loop in model.training_loops():
        for call in iteration(model, loop):
            if id(call.site.node) not in targets or id(call.site.node) in seen or call.guarded(guards):
                continue
            if _compiles_fresh_model(model, call.site, loop):
                continue  # a model built anew each time (one per fold, per run) needs compiling each time
            seen.add(id(call.site.node))
            where = "in a function that the training loop calls on every iteration" if call.via else "on every iteration of the training loop"
            yield Violation(
                "PERF003",
                call.site.node,
                f"torch.compile() runs {where}: each call wraps the model again "
                "and may recompile (4-7 s per compile measured); compile once, before the loop",
            )


def _compiles_fresh_model(model: TrainingModel, site: CallSite, loop: LoopInfo) -> bool:
    """`torch.compile(Net())`, or of a name assigned a new object in the loop body (or in the
    function that compiles it) rather than only the compiled model itself."""
    arguments = positional_args(site.node)[:1] or [keyword_args(site.node).get("model")]
    argument = arguments[0]
    if isinstance(argument, cst.Call):
        return model.qualname(argument.func, site.scope) not in COMPILES
    if not isinstance(argument, cst.Name):
        return False
    if site.scope is loop.scope:
        values = loop.assigned.get(argument.value, [])
    else:
        values = [b.value for b in model.lookup(argument.value, site.scope) if b.kind == "assign"]
    return any(isinstance(v, cst.Call) and model.qualname(v.func, site.scope) not in COMPILES for v in values)
