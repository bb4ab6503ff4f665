"""A project's own DataLoader subclass (`class LTRLoader(torch.utils.data.DataLoader)`), read with
the stdlib ast: which of its constructor's arguments reach torch's DataLoader unchanged, so that a
call of it can be read as a DataLoader call (`LTRLoader("train", dataset, num_workers=8)`).

Only a class that changes nothing torch does with the arguments counts: a direct subclass of
torch's DataLoader that defines neither `__iter__` nor `__next__` (a loader that prefetches or
moves batches itself behaves otherwise) and calls torch's constructor once, with no `*args` (unless it hands
`*args, **kwargs` on whole and nothing else), and with `**kwargs` only when it hands them on untouched.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Optional, Union

from torch_advise.lint.analysis.importers import dotted_name
from torch_advise.lint.analysis.syntax import NOT_LITERAL
from torch_advise.records import dataclass

TORCH_DATALOADERS = frozenset({"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"})
# DataLoader's positional parameters, in order, so `DataLoader(ds, 32, True)` is understood.
DATALOADER_PARAMS = (
    "dataset",
    "batch_size",
    "shuffle",
    "sampler",
    "batch_sampler",
    "num_workers",
    "collate_fn",
    "pin_memory",
    "drop_last",
    "timeout",
    "worker_init_fn",
    "multiprocessing_context",
    "generator",
)
# What the rules read of how a loader's workers run, with torch's defaults: their count, the
# memory they hand batches in, whether they persist, how far they prefetch, what they collate with.
WORKER_SETTINGS = {"num_workers": 0, "pin_memory": False, "persistent_workers": False, "prefetch_factor": None, "collate_fn": None}


@dataclass(frozen=True)
class LoaderForwarding:
    """How a DataLoader subclass's constructor hands its arguments to torch's."""

    params: tuple[str, ...]  # the subclass constructor's, without the instance
    defaults: dict[str, object]  # parameter -> its default's literal value (NOT_LITERAL if computed)
    forwarded: dict[str, str]  # torch's parameter -> the subclass parameter handed to it unchanged
    set_here: frozenset[str]  # torch's parameters the subclass gives a value of its own
    rest: bool  # `**kwargs` handed on: torch's parameters the subclass does not name pass through


IDENTITY = LoaderForwarding(DATALOADER_PARAMS, {}, {p: p for p in DATALOADER_PARAMS}, frozenset(), True)


def loader_forwarding(node: ast.ClassDef, qualified: Callable[[str], str]) -> Optional[LoaderForwarding]:
    """The forwarding of a class whose base, spelled from its module (`qualified`), is torch's
    DataLoader alone; None for any other class, or one not understood."""
    bases = [qualified(name) for base in node.bases if (name := dotted_name(base)) is not None]
    if len(node.bases) != 1 or not bases or bases[0] not in TORCH_DATALOADERS or node.keywords:
        return None
    methods = {m.name: m for m in node.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))}
    if "__iter__" in methods or "__next__" in methods:
        return None
    init = methods.get("__init__")
    return IDENTITY if init is None else _forwarding(init, node.bases[0])


def _forwarding(init: Union[ast.FunctionDef, ast.AsyncFunctionDef], base: ast.expr) -> Optional[LoaderForwarding]:
    calls = [node for node in ast.walk(init) if isinstance(node, ast.Call) and _calls_base_init(node, base)]
    if len(calls) != 1:
        return None
    call = calls[0]
    # What the call hands torch's constructor after the instance (`DataLoader.__init__(self, ...)`
    # names it, `super().__init__(...)` does not).
    handed = call.args[1:] if isinstance(call.func, ast.Attribute) and dotted_name(call.func.value) == dotted_name(base) else call.args
    arguments = init.args
    if arguments.vararg is not None:
        return _reset_on_the_instance(IDENTITY, init) if _passes_everything_on(init, call, handed) else None
    positional = [*arguments.posonlyargs, *arguments.args][1:]
    params = tuple(a.arg for a in [*positional, *arguments.kwonlyargs])
    defaults = {a.arg: _literal(d) for a, d in zip(positional[len(positional) - len(arguments.defaults):], arguments.defaults)}
    defaults.update({a.arg: _literal(d) for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None})
    kwargs = arguments.kwarg.arg if arguments.kwarg is not None else None
    if any(isinstance(a, ast.Starred) for a in handed) or len(handed) > len(DATALOADER_PARAMS):
        return None
    passed: dict[str, ast.expr] = dict(zip(DATALOADER_PARAMS, handed))
    rest = False
    for keyword in call.keywords:
        if keyword.arg is not None:
            passed[keyword.arg] = keyword.value
        elif isinstance(keyword.value, ast.Name) and keyword.value.id == kwargs:
            rest = True
        else:
            return None
    changed = _changed_names(init)
    if kwargs is not None and kwargs in changed:
        return None  # `kwargs.pop("pin_memory")`: what reaches torch is not what the call gave
    forwarded: dict[str, str] = {}
    set_here = set()
    for name, value in passed.items():
        if isinstance(value, ast.Name) and value.id in params and value.id not in changed:
            forwarded[name] = value.id
        else:
            set_here.add(name)
    return _reset_on_the_instance(LoaderForwarding(params, defaults, forwarded, frozenset(set_here), rest), init)


def _reset_on_the_instance(forwarding: LoaderForwarding, init: Union[ast.FunctionDef, ast.AsyncFunctionDef]) -> LoaderForwarding:
    """The forwarding, with the loader's settings the constructor assigns on the instance after
    torch's constructor ran (`self.collate_fn = create_batch`) set by the subclass: torch reads
    them from the instance when it starts iterating, whatever the call gave."""
    settings = {*DATALOADER_PARAMS, *WORKER_SETTINGS}
    assigned = {
        target.attr
        for node in ast.walk(init)
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute) and target.attr in settings
    }
    if not assigned:
        return forwarding
    forwarded = {name: param for name, param in forwarding.forwarded.items() if name not in assigned}
    return LoaderForwarding(forwarding.params, forwarding.defaults, forwarded, forwarding.set_here | assigned, forwarding.rest)


def _passes_everything_on(init: Union[ast.FunctionDef, ast.AsyncFunctionDef], call: ast.Call, handed: list[ast.expr]) -> bool:
    """`def __init__(self, *args, **kwargs): super().__init__(*args, **kwargs)`, the one call of
    torch's constructor (`call`, `handed` after the instance): every argument reaches torch as
    given."""
    arguments = init.args
    if arguments.vararg is None or arguments.kwarg is None or arguments.posonlyargs or arguments.args[1:] or arguments.kwonlyargs:
        return False
    if {arguments.vararg.arg, arguments.kwarg.arg} & _changed_names(init):
        return False
    if len(handed) != 1 or not isinstance(handed[0], ast.Starred) or dotted_name(handed[0].value) != arguments.vararg.arg:
        return False
    return len(call.keywords) == 1 and call.keywords[0].arg is None and dotted_name(call.keywords[0].value) == arguments.kwarg.arg


def _calls_base_init(call: ast.Call, base: ast.expr) -> bool:
    """`super().__init__(...)`, `super(Cls, self).__init__(...)` or `DataLoader.__init__(self, ...)`."""
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr != "__init__":
        return False
    owner = func.value
    if isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and owner.func.id == "super":
        return True
    return dotted_name(owner) == dotted_name(base)


def _changed_names(init: Union[ast.FunctionDef, ast.AsyncFunctionDef]) -> set[str]:
    """Names the constructor assigns, or calls a method of (`kwargs.setdefault(...)`), or stores
    into (`kwargs["pin_memory"] = True`): a parameter among them may not reach torch as given."""
    changed = set()
    for node in ast.walk(init):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.NamedExpr)):
            targets = [node.target]
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
            changed.add(node.func.value.id)
        for target in targets:
            for inner in ast.walk(target):
                if isinstance(inner, ast.Name):
                    changed.add(inner.id)
    return changed


def _literal(node: ast.expr) -> object:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return NOT_LITERAL
