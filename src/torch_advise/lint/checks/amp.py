"""Mixed-precision rules: autocast dtype and the GradScaler's call order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional

import libcst as cst

from torch_advise.lint.checks import CheckContext, Violation, check
from torch_advise.lint.checks.loops import GradMode, functions_run_by_steps, may_train
from torch_advise.lint.fixes import EnsureImport, InsertBefore, ReplaceNode, SetKeyword, SwapStatements
from torch_advise.lint.model import (
    Branch,
    CallSite,
    FunctionInfo,
    LoopInfo,
    Scope,
    TrainingModel,
    dotted,
    has_star_args,
    keyword_args,
    literal_value,
    positional_args,
)
from torch_advise.lint.patterns import FLOAT16, Facts
from torch_advise.lint.walk import descendants

CLIPS = {"torch.nn.utils.clip_grad_norm_", "torch.nn.utils.clip_grad_value_"}


# ---- AMP002 -------------------------------------------------------------------------------


def _autocast_arguments(ctx: CheckContext, site: CallSite) -> tuple[Optional[cst.BaseExpression], Optional[cst.BaseExpression], bool]:
    """(device expression or None for torch.cuda.amp, dtype expression, is CUDA-only API)."""
    call = site.node
    keywords = keyword_args(call)
    positional = positional_args(call)
    if ctx.model.call_name(site) == "torch.cuda.amp.autocast":
        dtype = keywords.get("dtype", positional[1] if len(positional) > 1 else None)
        return None, dtype, True
    device = keywords.get("device_type", positional[0] if positional else None)
    dtype = keywords.get("dtype", positional[1] if len(positional) > 1 else None)
    return device, dtype, False


def _all_float16(ctx: CheckContext, expr: cst.BaseExpression, scope: Scope) -> bool:
    origins = ctx.model.origins(expr, scope)
    return bool(origins) and all(ctx.model.qualname(o.expr, o.scope) in FLOAT16 for o in origins)


@check("AMP002")
def float16_on_bf16_hardware(ctx: CheckContext) -> Iterator[Violation]:
    if not ctx.target.supports_bf16 or ctx.facts.float16_weights:
        return
    model = ctx.model
    scaler_note = (
        "; the GradScaler then becomes unnecessary" if ctx.facts.grad_scalers else ""
    )
    gpu = f"sm_{ctx.target.compute_capability[0]}{ctx.target.compute_capability[1]}"
    grad = GradMode(model)
    in_steps = functions_run_by_steps(model)
    for site in ctx.facts.autocasts:
        if ctx.model.call_name(site) == "torch.cpu.amp.autocast":
            continue
        if _inference_only(ctx, site, grad, in_steps):
            continue  # nothing to scale there, and float16 keeps more mantissa than bfloat16
        call = site.node
        if has_star_args(call) or literal_value(keyword_args(call).get("enabled", cst.Name("True"))) is False:
            continue  # a dtype or switch hidden in **kwargs may well be right
        device, dtype, cuda_only = _autocast_arguments(ctx, site)
        if not cuda_only and (device is None or not ctx.facts.can_be_cuda(device, site.scope)):
            continue
        message = (
            f"autocast runs in float16 on a GPU with bfloat16 ({gpu}): use dtype=torch.bfloat16, "
            f"as fast and needs no loss scaling{scaler_note}"
        )
        if dtype is None:
            torch_name = model.module_alias("torch")
            edits = (SetKeyword(call, "dtype", f"{torch_name or 'torch'}.bfloat16"),)
            if torch_name is None:
                edits += (EnsureImport("torch"),)
            yield Violation("AMP002", call, message, edits)
        elif _all_float16(ctx, dtype, site.scope):
            direct = model.qualname(dtype, site.scope) in FLOAT16 and isinstance(dtype, cst.Attribute)
            edits = (ReplaceNode(dtype, f"{dotted(dtype.value)}.bfloat16"),) if direct else ()  # type: ignore[union-attr]
            yield Violation("AMP002", dtype, message, edits)
    yield from _half_models(ctx, gpu)


def _inference_only(ctx: CheckContext, site: CallSite, grad: GradMode, in_steps: set[FunctionInfo]) -> bool:
    """An autocast only inference runs under: autograd is off there, or it sits in loops none of
    which trains, in a function no training step runs (a validation or sampling loop)."""
    if grad.site_off(site):
        return True
    return bool(site.loops) and site.function not in in_steps and not any(may_train(ctx, loop) for loop in site.loops)


def _half_models(ctx: CheckContext, gpu: str) -> Iterator[Violation]:
    """`model.half()` on a model whose parameters an optimizer trains."""
    trained = _trained_model_names(ctx)
    for site in ctx.model.calls:
        if site.method != "half" or site.node.args:
            continue
        names = {ctx.model.module.code_for_node(site.receiver)} | _assigned_names(site)
        if names & trained:
            yield Violation(
                "AMP002",
                site.node,
                f"the model is trained in pure float16 on a GPU with bfloat16 ({gpu}): keep float32 "
                "weights and train under torch.autocast('cuda', dtype=torch.bfloat16)",
            )


def _trained_model_names(ctx: CheckContext) -> set[str]:
    names = set()
    for site in ctx.model.calls:
        if ctx.facts.is_optimizer_call(site.node, site.scope):
            for argument in positional_args(site.node)[:1]:
                if isinstance(argument, cst.Call) and isinstance(argument.func, cst.Attribute) and argument.func.attr.value == "parameters":
                    names.add(ctx.model.module.code_for_node(argument.func.value))
    return names


def _assigned_names(site: CallSite) -> set[str]:
    statement = site.statement
    names = set()
    if isinstance(statement, cst.SimpleStatementLine):
        for small in statement.body:
            if isinstance(small, cst.Assign) and small.value is site.node:
                names.update(cst.Module([]).code_for_node(t.target) for t in small.targets)
    return names


# ---- the GradScaler's call order: AMP004 and AMP005 ---------------------------------------


@dataclass(frozen=True)
class Event:
    kind: str  # scaled-backward | backward | scaler-step | scaler-update | unscale | optimizer-step | clip
    site: CallSite
    branches: tuple[Branch, ...]
    position: int
    depth: int  # 0: in the function the trace starts from; more: inlined from a call
    loops: tuple[LoopInfo, ...]  # enclosing loops, outermost first, across inlined calls
    scaler: object = None  # which GradScaler a scaler event acts on

    def compatible(self, other: "Event") -> bool:
        """Whether the two run in one training step: not in different arms of one `if`/`try`,
        and not in two loops side by side (`pretrain()` then `finetune()`)."""
        arms = {branch.owner: branch.arm for branch in self.branches}
        if not all(arms.get(b.owner, b.arm) == b.arm for b in other.branches):
            return False
        tested = _arms_by_test(self.branches)
        if not all(tested.get(test, arm) == arm for test, arm in _arms_by_test(other.branches).items()):
            return False
        shorter, longer = sorted((self.loops, other.loops), key=len)
        return longer[: len(shorter)] == shorter


def _arms_by_test(branches: tuple[Branch, ...]) -> dict[str, str]:
    """The arm of each enclosing `if`, keyed by the text of its test. Two `if`s that test the
    same expression take the same arm in one step: `if scaler is not None:` around the scaled
    update and again around the next one makes their `else:` arms the unscaled path."""
    return {
        cst.Module([]).code_for_node(branch.owner.test): branch.arm
        for branch in branches
        if isinstance(branch.owner, cst.If)
    }


class _Tracer:
    """Orders the scaler-related calls of a function as they run, inlining calls to the
    functions and methods of the same file, so one class's methods read as one step."""

    MAX_DEPTH = 3

    def __init__(self, ctx: CheckContext) -> None:
        self.model: TrainingModel = ctx.model
        self.facts: Facts = ctx.facts

    def trace(self, calls: list[CallSite]) -> list[Event]:
        events: list[Event] = []
        self._walk(calls, (), (), 0, events, [])
        return events

    def _walk(self, calls, branches, loops, depth, events, stack) -> None:
        for site in sorted(calls, key=lambda s: s.order):
            kind = self.classify(site)
            where = branches + site.branches
            within = loops + site.loops
            if kind is not None:
                scaler = self.scaler_key(site) if kind != "optimizer-step" and kind != "clip" else None
                events.append(Event(kind, site, where, len(events), depth, within, scaler))
            callee = self.model.callee(site.node, site.scope)
            if isinstance(callee, FunctionInfo) and depth < self.MAX_DEPTH and callee not in stack:
                self._walk(callee.calls, where, within, depth + 1, events, stack + [callee])

    def scaler_key(self, site: CallSite) -> object:
        """The GradScaler constructions a scaler call may act on, or its spelling where none is seen."""
        receiver = site.receiver
        if site.method == "backward" and isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Attribute):
            receiver = receiver.func.value
        if receiver is None:
            return None
        built = frozenset(
            id(o.expr) for o in self.model.origins(receiver, site.scope) if isinstance(o.expr, cst.Call)
        )
        return built or (dotted(receiver), id(site.function))

    def classify(self, site: CallSite) -> Optional[str]:
        method = site.method
        receiver = site.receiver
        if method == "backward" and receiver is not None:
            if self.model.callee(site.node, site.scope) is not None:
                return None  # `self.backward(loss)`: a method of this file, read by inlining it
            if self._is_scaled(receiver, site.scope):
                return "scaled-backward"
            return None if self._foreign(receiver, site.scope) else "backward"
        if method in ("step", "update", "unscale_", "scale") and receiver is not None and self.is_scaler(receiver, site.scope):
            return {"step": "scaler-step", "update": "scaler-update", "unscale_": "unscale", "scale": None}[method]
        if method == "step" and receiver is not None and self.facts.is_optimizer(receiver, site.scope):
            return "optimizer-step"
        if self.model.call_name(site) in CLIPS:
            return "clip"
        return None

    def is_scaler(self, receiver: cst.BaseExpression, scope: Scope) -> bool:
        if self.facts.is_scaler(receiver, scope):
            return True
        text = dotted(receiver)
        return text is not None and text.lower().endswith("scaler") and not self._known_elsewhere(receiver, scope)

    def _is_scaled(self, receiver: cst.BaseExpression, scope: Scope) -> bool:
        candidates = [receiver] + [o.expr for o in self.model.origins(receiver, scope)]
        for node in candidates:
            if (
                isinstance(node, cst.Call)
                and isinstance(node.func, cst.Attribute)
                and node.func.attr.value == "scale"
                and self.is_scaler(node.func.value, scope)
            ):
                return True
        return False

    def _known_elsewhere(self, receiver: cst.BaseExpression, scope: Scope) -> bool:
        """A value built by a call to something other than a GradScaler."""
        return any(isinstance(o.expr, cst.Call) for o in self.model.origins(receiver, scope))

    def _foreign(self, receiver: cst.BaseExpression, scope: Scope) -> bool:
        """`accelerator.backward(loss)`: a library object that handles scaling itself."""
        for origin in self.model.origins(receiver, scope):
            if isinstance(origin.expr, cst.Call):
                name = self.model.qualname(origin.expr.func, origin.scope)
                if name is not None and not name.startswith("torch"):
                    return True
        return False


def _traces(ctx: CheckContext) -> list[list[Event]]:
    if not any(site.method in ("scale", "step", "update", "unscale_") for site in ctx.model.calls):
        return []
    tracer = _Tracer(ctx)
    traces = [tracer.trace(function.calls) for function in ctx.model.functions]
    traces.append(tracer.trace([site for site in ctx.model.calls if site.function is None]))
    return [trace for trace in traces if any(e.kind.startswith("scale") or e.kind == "unscale" for e in trace)]


def _statement_pairs(node: cst.CSTNode) -> set[tuple[int, int]]:
    """Consecutive statements of every block under `node`, by node identity."""
    return {
        (id(first), id(second))
        for block in descendants(node, (cst.Module, cst.IndentedBlock))
        for first, second in zip(block.body, block.body[1:])
    }


def _nearest(
    trace: list[Event], event: Event, kinds: set[str], after: bool, same_scaler: bool = False
) -> Optional[Event]:
    """The closest event of `kinds` that runs with `event` (and acts on its GradScaler, with
    `same_scaler`), before it or after it.

    Each check asks only about the step `event` belongs to, so a helper inlined twice (one
    whole step after another) never pairs the end of one step with the start of the next.
    """
    candidates = trace[event.position + 1 :] if after else reversed(trace[: event.position])
    return next(
        (
            e for e in candidates
            if e.kind in kinds and e.compatible(event) and (not same_scaler or e.scaler == event.scaler)
        ),
        None,
    )


def _between(trace: list[Event], first: Event, last: Event, kind: str) -> bool:
    return any(e.kind == kind and e.compatible(last) for e in trace[first.position + 1 : last.position])


BACKWARDS = {"scaled-backward", "backward"}
STEPS = {"scaler-step", "optimizer-step"}


@check("AMP004")
def grad_scaler_call_order(ctx: CheckContext) -> Iterator[Violation]:
    seen: set[int] = set()
    for trace in _traces(ctx):
        for event in trace:
            if id(event.site.node) in seen:
                continue
            if event.kind == "scaler-update":
                step = _nearest(trace, event, {"scaler-step"}, after=True, same_scaler=True)
                done = _nearest(trace, event, {"scaler-step", "scaled-backward"}, after=False, same_scaler=True)
                if step is None or (done is not None and done.kind == "scaler-step"):
                    continue
                edits: tuple = ()
                if step.depth == event.depth == 0 and isinstance(event.site.statement, cst.SimpleStatementLine):
                    function = event.site.function
                    pairs = _statement_pairs(function.node if function is not None else ctx.model.module)
                    if (id(event.site.statement), id(step.site.statement)) in pairs:
                        edits = (SwapStatements(event.site.statement, step.site.statement),)
                seen.add(id(event.site.node))
                yield Violation(
                    "AMP004",
                    event.site.node,
                    "scaler.update() runs before scaler.step(optimizer): the step finds no inf checks "
                    "and raises AssertionError; call scaler.step(optimizer) first, then scaler.update()",
                    edits,
                )
            elif event.kind == "optimizer-step":
                backward = _nearest(trace, event, BACKWARDS, after=False)
                stepped = _stepped_before(trace, event)
                if stepped is not None and _steps_same_optimizer(ctx, stepped, event):
                    seen.add(id(event.site.node))
                    yield Violation(
                        "AMP004",
                        event.site.node,
                        "optimizer.step() runs again after scaler.step(optimizer) already stepped it for "
                        "this backward: the parameters move twice per batch, the second time with "
                        "unchecked gradients; step once, through the scaler when it is in use",
                    )
                elif backward is not None and backward.kind == "scaled-backward" and not _between(
                    trace, backward, event, "scaler-step"
                ):
                    seen.add(id(event.site.node))
                    yield Violation(
                        "AMP004",
                        event.site.node,
                        "optimizer.step() is called directly after scaler.scale(loss).backward(): it steps "
                        "with gradients still scaled and skips the inf checks; use scaler.step(optimizer)",
                    )
            elif event.kind == "backward":
                step = _nearest(trace, event, STEPS, after=True)
                if step is not None and step.kind == "scaler-step":
                    seen.add(id(event.site.node))
                    yield Violation(
                        "AMP004",
                        event.site.node,
                        "backward() runs on the unscaled loss while scaler.step() is used: "
                        "call scaler.scale(loss).backward()",
                    )


def _stepped_before(trace: list[Event], event: Event) -> Optional[Event]:
    """A scaler.step() that runs with `event` with no backward in between on its own path: the
    `if amp:` arm steps through the scaler, and a step after the `if` runs on both paths."""
    for stepped in reversed(trace[: event.position]):
        if stepped.kind != "scaler-step" or not stepped.compatible(event):
            continue
        between = trace[stepped.position + 1 : event.position]
        if not any(e.kind in BACKWARDS and e.compatible(stepped) and e.compatible(event) for e in between):
            return stepped
    return None


def _steps_same_optimizer(ctx: CheckContext, scaler_step: Event, optimizer_step: Event) -> bool:
    """`scaler.step(opt)` and `opt.step()` name the same optimizer."""
    arguments = positional_args(scaler_step.site.node)[:1] or [keyword_args(scaler_step.site.node).get("optimizer")]
    receiver = optimizer_step.site.receiver
    if arguments[0] is None or receiver is None:
        return False
    code = ctx.model.module.code_for_node
    return code(arguments[0]) == code(receiver)


@check("AMP005")
def clip_before_unscale(ctx: CheckContext) -> Iterator[Violation]:
    seen: set[int] = set()
    for trace in _traces(ctx):
        for clip in (e for e in trace if e.kind == "clip"):
            if id(clip.site.node) in seen:
                continue
            backward = _nearest(trace, clip, BACKWARDS, after=False)
            step = _nearest(trace, clip, STEPS, after=True)
            if backward is None or backward.kind != "scaled-backward" or step is None or step.kind != "scaler-step":
                continue
            if _between(trace, backward, clip, "unscale"):
                continue
            seen.add(id(clip.site.node))
            yield Violation(
                "AMP005",
                clip.site.node,
                "gradients are clipped while still multiplied by the GradScaler's scale (65536 at first), "
                "so the clip does nothing useful: call scaler.unscale_(optimizer) before clipping",
                _unscale_fix(ctx, clip, [e for e in trace[clip.position + 1 :] if e.kind == "scaler-step" and e.compatible(clip)]),
            )


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
