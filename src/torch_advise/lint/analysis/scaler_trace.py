"""The GradScaler's calls in the order a step runs them: scaled backward, unscale, clip, step,
update, with the if/else arms and loops around each, through this file's helpers and methods."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Optional

from torch_advise.lint.analysis.facts import (
    Facts,
)
from torch_advise.lint.analysis.inline import MAX_CALL_DEPTH, run_order
from torch_advise.lint.analysis.model import (
    Branch,
    CallSite,
    FunctionInfo,
    LoopInfo,
    Scope,
    TrainingModel,
)
from torch_advise.lint.analysis.syntax import (
    dotted,
    scale_arguments,
)
from torch_advise.lint.analysis.walk import children
from torch_advise.lint.syntax_tree import nodes as cst
from torch_advise.lint.syntax_tree.source import bare_code, code, code_offsets, offsets
from torch_advise.records import dataclass

CLIPS = {"torch.nn.utils.clip_grad_norm_", "torch.nn.utils.clip_grad_value_"}

BACKWARDS = {"scaled-backward", "backward"}

STEPS = {"scaler-step", "optimizer-step"}


@dataclass(frozen=True)
class Event:
    kind: str  # scaled-backward | backward | scaler-step | scaler-update | unscale | optimizer-step | clip
    site: CallSite
    branches: tuple[Branch, ...]
    position: int
    depth: int  # 0: in the function the trace starts from; more: inlined from a call
    loops: tuple[LoopInfo, ...]  # enclosing loops, outermost first, across inlined calls
    scaler: object = None  # which GradScaler a scaler event acts on
    # The arm of each enclosing `if`, keyed by the text of its test as the step's own code
    # spells it. Two `if`s that test the same expression take the same arm in one step:
    # `if scaler is not None:` around the scaled update and again around the next one makes
    # their `else:` arms the unscaled path. A negated test is kept as the test it negates with
    # the other arm (`if scaler is None:` is the `else:` of `if scaler is not None:`), and the
    # parts of an `and` that held are tests of their own (see _facts). A helper's test of its
    # parameter reads as the argument it was handed: `backward(loss, use_amp=args.fp16)` then
    # `if use_amp:` is `if args.fp16:`.
    tests: tuple[tuple[str, str], ...] = ()

    def compatible(self, other: Event) -> bool:
        """Whether the two run in one training step: not in different arms of one `if`/`try`,
        and not in two loops side by side (`pretrain()` then `finetune()`)."""
        arms = {branch.owner: branch.arm for branch in self.branches}
        if not all(arms.get(b.owner, b.arm) == b.arm for b in other.branches):
            return False
        tested = dict(self.tests)
        if not all(tested.get(test, arm) == arm for test, arm in other.tests):
            return False
        shorter, longer = sorted((self.loops, other.loops), key=len)
        return longer[: len(shorter)] == shorter


def _tests_along(model: TrainingModel, path: tuple[CallSite, ...]) -> tuple[tuple[str, str], ...]:
    """The `if` tests around the last call of `path`, each with its arm, written with every
    parameter of an inlined function replaced by the argument the call into it passed."""
    tests: list[tuple[str, str]] = []
    for index, site in enumerate(path):
        bound = _arguments_by_parameter(model, path[index - 1], site.function) if index else {}
        for branch in site.branches:
            if isinstance(branch.owner, cst.If):
                tests.extend(_facts(branch.owner.test, branch.arm, bound))
    return tuple(tests)


def test_key(code: str) -> str:
    """A test's text without its layout or its choice of quotes: a test wrapped over lines in
    parentheses, or `amp == 'apex'` against `amp == "apex"`, is the same test."""
    return re.sub(r"\s+", "", code).replace("'", '"')


Bound = dict[str, cst.BaseExpression]


def _facts(test: cst.BaseExpression, arm: str, bound: Bound) -> Iterator[tuple[str, str]]:
    """What taking `arm` of `if test:` tells: the test itself, each part of an `and` that held
    (or of an `or` that failed), and the value a name equals (`amp == "apex"`), which rules out
    every arm where it equals another. `bound`: the arguments that stand for parameters."""
    test, bound = _unbound(test, bound)
    test, arm, flipped = _positive(test, arm, bound)
    if flipped:
        assert isinstance(test, cst.Comparison)
        left, right = test.left, test.comparisons[0].comparator
        yield test_key(f"{_written(left, bound)} is {_written(right, bound)}"), arm
    else:
        yield test_key(_written(test, bound, bare=True)), arm
    if isinstance(test, cst.BooleanOperation):
        holds_each = (arm == "body" and isinstance(test.operator, cst.And)) or (
            arm == "orelse" and isinstance(test.operator, cst.Or)
        )
        if holds_each:
            yield from _facts(test.left, arm, bound)
            yield from _facts(test.right, arm, bound)
    elif (
        arm == "body"
        and isinstance(test, cst.Comparison)
        and len(test.comparisons) == 1
        and isinstance(test.comparisons[0].operator, cst.Equal)
        and isinstance(test.comparisons[0].comparator, (cst.SimpleString, cst.Integer))
    ):
        # The value, not its spelling: 'apex' and "apex" are one value.
        yield test_key(_written(test.left, bound)) + "==", repr(test.comparisons[0].comparator.evaluated_value)


def _unbound(test: cst.BaseExpression, bound: Bound) -> tuple[cst.BaseExpression, Bound]:
    """A test that is one bound parameter, as the argument it stands for (whose own names are
    the caller's, not to be replaced)."""
    if isinstance(test, cst.Name) and test.value in bound:
        return bound[test.value], {}
    return test, bound


_OTHER_ARM = {"body": "orelse", "orelse": "body"}


def _positive(test: cst.BaseExpression, arm: str, bound: Bound) -> tuple[cst.BaseExpression, str, bool]:
    """`not x` as `x`, and `x is not None` as `x is None`, each with the other arm: the same
    path, spelled so that `if scaler is None:` and `if scaler is not None:` read as one test.
    The flag says that the comparison is to be read with `is` for its `is not`."""
    while True:
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            test, bound = _unbound(test.expression, bound)
            arm = _OTHER_ARM[arm]
        elif (
            isinstance(test, cst.Comparison)
            and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, cst.IsNot)
            and isinstance(test.comparisons[0].comparator, cst.Name)
            and test.comparisons[0].comparator.value == "None"
        ):
            return test, _OTHER_ARM[arm], True
        else:
            return test, arm, False


def _written(node: cst.BaseExpression, bound: Bound, bare: bool = False) -> str:
    """The node's code with each bound name (not an attribute's name) written as its argument."""
    if isinstance(node, cst.Name) and node.value in bound:
        argument = bound[node.value]
        return bare_code(argument) if bare else code(argument)
    start, end = offsets(node) if bare else code_offsets(node)
    source = node._source
    pieces = []
    for name in _bound_names(node, bound):
        name_start, name_end = code_offsets(name)
        pieces.append(source.between(start, name_start))
        pieces.append(code(bound[name.value]))
        start = name_end
    pieces.append(source.between(start, end))
    return "".join(pieces)


def _bound_names(node: cst.CSTNode, bound: Bound) -> Iterator[cst.Name]:
    if not bound:
        return
    if isinstance(node, cst.Name):
        if node.value in bound:
            yield node
        return
    if isinstance(node, cst.Attribute):
        yield from _bound_names(node.value, bound)  # `self.use_amp` keeps its attribute name
        return
    for child in children(node):
        yield from _bound_names(child, bound)


def _arguments_by_parameter(model: TrainingModel, call: CallSite, function: Optional[FunctionInfo]) -> dict[str, cst.BaseExpression]:
    if function is None:
        return {}
    return {
        param.name.value: argument
        for param, argument in function.arguments(call.node)
        if argument is not None and all(b.kind == "param" for b in model.lookup(param.name.value, function.scope))
    }



class Tracer:
    """Orders the scaler-related calls of a function as they run, inlining calls to the
    functions and methods of the same file, so one class's methods read as one step."""

    def __init__(self, facts: Facts) -> None:
        self.model: TrainingModel = facts.model
        self.facts = facts

    def trace(self, calls: list[CallSite]) -> list[Event]:
        events: list[Event] = []
        for reached in run_order(self.model, calls):
            site = reached.site
            kind = self.classify(site)
            if kind is None:
                continue
            path = (*reached.via, site)
            branches = tuple(b for s in path for b in s.branches)
            loops = tuple(inner for s in path for inner in s.loops)
            scaler = self.scaler_key(site) if kind not in ("optimizer-step", "clip") else None
            events.append(Event(kind, site, branches, len(events), reached.depth, loops, scaler, _tests_along(self.model, path)))
        return events

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
        return any(self.is_scaler(scaler, scope) for scaler in scaled_by(self.model, receiver, scope))

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


def scaled_by(model: TrainingModel, receiver: cst.BaseExpression, scope: Scope) -> list[cst.BaseExpression]:
    """The X of each `X.scale(loss)` that a backward's receiver is, or was assigned from: its
    loss was multiplied by X's factor (`scaler.scale(loss).backward()`, `loss = scaler.scale(loss)`)."""
    candidates = [receiver, *(origin.expr for origin in model.origins(receiver, scope))]
    return [
        node.func.value
        for node in candidates
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and scale_arguments(node) is not None
    ]


def traces(facts: Facts) -> list[list[Event]]:
    """The scaler-related calls of each function (and of the module's top level) as they run,
    for the functions that touch a GradScaler."""
    model = facts.model
    if not any(site.method in ("scale", "step", "update", "unscale_") for site in model.calls):
        return []
    tracer = Tracer(facts)
    # Only a trace that reaches a GradScaler call is kept, and a trace reaches only what its
    # function and the functions it calls (to the inliner's depth) hold: the others are not built.
    touching = {
        site.function for site in model.calls
        if site.method in ("step", "update", "unscale_", "backward") and tracer.classify(site) in SCALER_EVENTS
    }
    reaching = _reaching(model, touching)
    traces = [tracer.trace(function.calls) for function in model.functions if function in reaching]
    if None in reaching:
        traces.append(tracer.trace(model.top_level_calls))
    return [trace for trace in traces if any(e.kind in SCALER_EVENTS for e in trace)]


# The events that act on a GradScaler: a trace holding none of them is not a scaler's step.
SCALER_EVENTS = {"scaled-backward", "scaler-step", "scaler-update", "unscale"}


def _reaching(model: TrainingModel, touching: set[Optional[FunctionInfo]]) -> set[Optional[FunctionInfo]]:
    """The functions (None: the top level) that hold one of `touching`'s calls, or call a
    function that does, to MAX_CALL_DEPTH calls deep."""
    reaching = set(touching)
    frontier = {f for f in touching if f is not None}
    for _ in range(MAX_CALL_DEPTH):
        found = {call.function for function in frontier for call in model.calls_to(function)} - reaching
        reaching |= found
        frontier = {f for f in found if f is not None}
    return reaching


def nearest(
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


def between(trace: list[Event], first: Event, last: Event, kind: str) -> bool:
    return any(e.kind == kind and e.compatible(last) for e in trace[first.position + 1 : last.position])
