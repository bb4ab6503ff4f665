"""The proof that a rewritten call means what the old call meant.

A fix that turns `old(...)` into `new(...)` is safe only if, for whatever the call's starred
arguments hold, the new call gives every parameter of `new` the value the old call would have
passed on to it (torch_api.Forwarding), or both calls raise TypeError when their arguments are
bound. Arguments are tokens, not values: an argument of the original call is the same token in
both calls, so the proof holds for any value it may have at run time.

`*args` and `**kwargs` hold anything: every length of the sequence up to one more than the
positional parameters either callable has, and every set of names drawn from both callables'
parameters plus a name neither takes. Past those bounds nothing new can happen: a longer
sequence and another foreign name fail to bind the same way. The check is exhaustive within
them, so it is a proof, not a sample.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import chain, combinations, product
from typing import Optional

from torch_advise.lint.analysis.torch_api import (
    CURRIED,
    POSITIONAL_ONLY,
    POSITIONAL_OR_KEYWORD,
    Parameter,
    canonical,
    forwarding,
    signature,
)
from torch_advise.records import dataclass

POSITIONAL = "positional"
KEYWORD = "keyword"
STAR = "star"
DOUBLE_STAR = "double_star"

# A name no parameter of either callable has, standing for all such names.
FOREIGN = "__foreign__"
# More starred arguments than this multiply the cases past what a lint should spend.
MAX_STARRED = 2


@dataclass(frozen=True)
class Argument:
    """One argument of a call: `value` is a token, the same in the old and the new call for an
    argument the fix keeps, or `constant(...)` for a value the fix writes."""

    kind: str
    value: str
    name: Optional[str] = None  # a keyword argument's name


def constant(expression: str) -> str:
    return "=" + canonical(expression)


def _parameters(qualname: str) -> tuple[Parameter, ...]:
    return signature(qualname)


@cache
def _inspect_signature(qualname: str) -> inspect.Signature:
    return inspect.Signature(
        [
            inspect.Parameter(
                p.name,
                getattr(inspect.Parameter, p.kind),
                default=inspect.Parameter.empty if p.default is None else constant(p.default),
            )
            for p in _parameters(qualname)
        ]
    )


_TYPE_ERROR = None  # what binding gives when Python would raise TypeError at the call


def _bind(qualname: str, positional: Sequence[object], keywords: Sequence[tuple[str, object]]) -> Optional[dict]:
    given: dict[str, object] = {}
    for name, value in keywords:
        if name in given:
            return _TYPE_ERROR  # "got multiple values for keyword argument"
        given[name] = value
    try:
        bound = _inspect_signature(qualname).bind(*positional, **given)
    except TypeError:
        return _TYPE_ERROR
    bound.apply_defaults()
    return dict(bound.arguments)


def _expand(arguments: Sequence[Argument], lengths: dict[str, int], keys: dict[str, tuple[str, ...]]):
    positional: list[object] = []
    keywords: list[tuple[str, object]] = []
    for argument in arguments:
        if argument.kind == POSITIONAL:
            positional.append(argument.value)
        elif argument.kind == STAR:
            positional.extend(f"{argument.value}[{index}]" for index in range(lengths[argument.value]))
        elif argument.kind == KEYWORD:
            assert argument.name is not None
            keywords.append((argument.name, argument.value))
        else:
            keywords.extend((key, f"{argument.value}[{key!r}]") for key in keys[argument.value])
    return positional, keywords


def _cases(arguments: Sequence[Argument], names: Sequence[str], longest: int) -> Iterator[tuple[dict, dict]]:
    """Every length each `*x` may have and every set of names each `**x` may hold."""
    stars = sorted({a.value for a in arguments if a.kind == STAR})
    double_stars = sorted({a.value for a in arguments if a.kind == DOUBLE_STAR})
    name_sets = [tuple(chosen) for size in range(len(names) + 1) for chosen in combinations(names, size)]
    for lengths in product(range(longest + 1), repeat=len(stars)):
        for key_sets in product(name_sets, repeat=len(double_stars)):
            yield dict(zip(stars, lengths)), dict(zip(double_stars, key_sets))


def _passed_on(old: str, bound: dict) -> dict:
    """What the old callable, bound as `bound`, passes to its successor."""
    parameters = {p.name for p in _parameters(old)}
    return {
        name: bound[source] if source in parameters else "=" + source
        for name, source in forwarding(old).arguments
    }


def _applied(new: str, bound: Optional[dict], function: str) -> Optional[dict]:
    """A decorator built by calling `new`, applied to `function`: the call the curried callable
    makes in the end. None where the decorator is not one that curry describes."""
    curried = CURRIED.get(new)
    if bound is None or curried is None or bound[curried] != constant("None"):
        return None
    return _bind(new, [function], [(name, value) for name, value in bound.items() if name != curried])


def equivalent(old: str, old_arguments: Sequence[Argument], new_arguments: Sequence[Argument], *, decorates: Optional[str] = None) -> bool:
    """Whether `new(new_arguments)` always means `old(old_arguments)`, where `new` is the
    callable `old` forwards to. With `decorates`, both are decorators of that function: the old
    one applied to it, the new one a call whose result is applied to it."""
    new = forwarding(old).successor
    every = [*old_arguments, *new_arguments]
    if len({a.value for a in every if a.kind in (STAR, DOUBLE_STAR)}) > MAX_STARRED:
        return False
    names = sorted({p.name for p in chain(_parameters(old), _parameters(new))} | {FOREIGN})
    longest = 1 + max(sum(p.kind in (POSITIONAL_ONLY, POSITIONAL_OR_KEYWORD) for p in _parameters(c)) for c in (old, new))
    for lengths, keys in _cases(every, names, longest):
        old_bound = _bind(old, *_expand(old_arguments, lengths, keys))
        new_bound = _bind(new, *_expand(new_arguments, lengths, keys))
        if decorates is not None:
            new_bound = _applied(new, new_bound, decorates)
            if new_bound is None:
                return False
        expected = None if old_bound is None else _passed_on(old, old_bound)
        if expected != new_bound:
            return False
    return True
