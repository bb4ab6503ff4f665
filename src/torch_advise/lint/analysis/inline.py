"""The one call-inliner: the calls that running some calls runs, through this file's functions.

Every rule that reads "what does a step do" reads it through here, so a helper, a method or a
wrapper is seen through by all of them alike, to the same depth.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Optional

from torch_advise.lint.analysis.model import CallSite, FunctionInfo, LoopInfo, TrainingModel
from torch_advise.lint.analysis.syntax import calls_in
from torch_advise.records import dataclass

# How many calls deep a step is read: deep enough for a train loop that calls train_step()
# that calls self.backward(loss); deeper nesting costs time and rarely changes an answer.
MAX_CALL_DEPTH = 3


@dataclass(frozen=True)
class Reached:
    """A call as running the given calls reaches it."""

    site: CallSite
    via: tuple[CallSite, ...]  # the calls of this file's functions that lead to it, outermost first

    @property
    def depth(self) -> int:
        return len(self.via)


def loops_around(
    model: TrainingModel, function: FunctionInfo, handing: Optional[Callable[[CallSite], bool]] = None, depth: int = 0
) -> list[LoopInfo]:
    """Loops that a call to `function` sits in, in its callers and their callers, up to
    MAX_CALL_DEPTH. With `handing`, only the calls it accepts count where some do: `run(model, a)`
    once before the epoch loop does not iterate `a` every epoch because `run(model, b)` sits in it."""
    found: list[LoopInfo] = []
    if depth >= MAX_CALL_DEPTH:
        return found
    sites = model.calls_to(function)
    if handing is not None:
        sites = [site for site in sites if handing(site)] or sites
    for site in sites:
        found.extend(site.loops)
        if site.function is not None and site.function is not function:
            found.extend(loops_around(model, site.function, handing, depth + 1))
    return found


def run_order(model: TrainingModel, sites: Iterable[CallSite]) -> Iterator[Reached]:
    """Each call in source order, followed by the calls of the function it calls (inlined, to
    MAX_CALL_DEPTH), as they run. Recursion is read once; a function's decorators and default
    values are not part of a call to it (they ran when it was defined)."""
    yield from _run(model, sorted(sites, key=lambda s: s.order), (), ())


def _run(
    model: TrainingModel, sites: list[CallSite], via: tuple[CallSite, ...], stack: tuple[FunctionInfo, ...]
) -> Iterator[Reached]:
    for site in sites:
        yield Reached(site, via)
        callee = model.callee(site.node, site.scope)
        if not isinstance(callee, FunctionInfo) or callee in stack or len(stack) >= MAX_CALL_DEPTH:
            continue
        yield from _run(model, _body(model, callee), via + (site,), stack + (callee,))


def _body(model: TrainingModel, function: FunctionInfo) -> list[CallSite]:
    """The calls running `function` makes, in source order: the same for every call to it."""
    body = model.run_bodies.get(function)
    if body is None:
        header = header_calls(function)
        body = model.run_bodies[function] = [
            inner for inner in sorted(function.calls, key=lambda s: s.order) if id(inner.node) not in header
        ]
    return body


def header_calls(function: FunctionInfo) -> frozenset[int]:
    """Calls in a function's decorators and default values: they run once, when it is defined."""
    ids: set[int] = set()
    for decorator in function.node.decorators:
        ids.update(id(c) for c in calls_in(decorator))
    ids.update(id(c) for c in calls_in(function.node.params))
    return frozenset(ids)

