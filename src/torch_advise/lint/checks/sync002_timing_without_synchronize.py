"""SYNC002: wall-clock timing of CUDA work without synchronising first."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Optional

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.facts import (
    blocking_copy,
)
from torch_advise.lint.analysis.gpu_work import (
    CLOCKS,
    FACTORIES,
    SCALAR_BUILTINS,
    SYNCHRONIZERS,
    computes_on_tensors,
    is_sync_method,
    is_work,
)
from torch_advise.lint.analysis.inline import run_order
from torch_advise.lint.analysis.model import (
    CallSite,
    FunctionInfo,
    LoopInfo,
    Scope,
    TrainingModel,
)
from torch_advise.lint.analysis.syntax import (
    NOT_LITERAL,
    dotted,
    keyword_args,
    literal_value,
    positional_args,
    string_value,
)
from torch_advise.lint.analysis.walk import descendants
from torch_advise.lint.syntax_tree import nodes as cst
from torch_advise.records import dataclass

# Tensors made from host data in pageable memory.
PAGEABLE_SOURCES = {"torch.from_numpy", "torch.tensor", "torch.as_tensor"}


@dataclass(frozen=True)
class Timed:
    """A clock read at `start`, another at `stop`, and what runs between them, in order."""

    start: CallSite
    stop: CallSite
    between: list[CallSite]
    loops: list[LoopInfo]


def _clock_assigned(model: TrainingModel, name: str, scope: Scope) -> list[cst.Call]:
    calls = []
    for binding in model.lookup(name, scope):
        value = binding.value
        if binding.kind == "assign" and binding.index is None and isinstance(value, cst.Call):
            if model.qualname(value.func, scope) in CLOCKS:
                calls.append(value)
    return calls


def _subtractions(node: cst.CSTNode) -> list[cst.BinaryOperation]:
    return [
        operation
        for operation in descendants(node, cst.BinaryOperation)
        if isinstance(operation.operator, cst.Subtract) and isinstance(operation.right, cst.Name)
    ]


def _timings(model: TrainingModel, function: Optional[FunctionInfo]) -> Iterator[Timed]:
    calls = model.calls_of(function)
    loops = function.loops if function is not None else [loop for loop in model.loops if loop.function is None]
    body = function.node if function is not None else model.module
    scope = function.scope if function is not None else model.module_scope
    for binop in _subtractions(body):
        opening = {id(c) for c in _clock_assigned(model, binop.right.value, scope)}  # type: ignore[attr-defined]
        if not opening:
            continue
        left = binop.left
        # `gpu_time = gpu_time + t2 - t1` reads `(gpu_time + t2) - t1`: the window closes at t2.
        if isinstance(left, cst.BinaryOperation) and isinstance(left.operator, cst.Add):
            left = left.right
        closing_nodes = (
            [left] if isinstance(left, cst.Call) else _clock_assigned(model, left.value, scope) if isinstance(left, cst.Name) else []
        )
        for node in closing_nodes:
            stop = model.call_site(node)
            if stop is None or model.call_name(stop) not in CLOCKS:
                continue
            starts = [s for s in calls if id(s.node) in opening and s.order < stop.order]
            if not starts:
                continue
            start = max(starts, key=lambda s: s.order)
            between = sorted((s for s in calls if start.order < s.order < stop.order), key=lambda s: s.order)
            inside = [loop for loop in loops if start.order < loop.order < stop.order]
            yield Timed(start, stop, between, inside)


def _is_sync(model: TrainingModel, site: CallSite) -> bool:
    name = model.call_name(site) or ""
    if name in SYNCHRONIZERS or site.method in ("synchronize", "elapsed_time", "wait") or is_sync_method(site):
        return True
    # torch.distributed.barrier(), or a project's `utils.distributed.barrier()` around it: with
    # NCCL the barrier blocks the host until the collective, queued after the work, is done.
    if (dotted(site.node.func) or "").rsplit(".", 1)[-1] == "barrier":
        return True
    if isinstance(site.node.func, cst.Name) and site.node.func.value == "synchronize":
        return True  # `synchronize = torch.cuda.synchronize if ... else nothing`
    if isinstance(site.node.func, cst.Name) and _names_a_synchronize(model, site):
        return True
    if _copies_to_host(model, site):
        return True
    func = site.node.func
    if isinstance(func, cst.Name) and model.qualname(func, site.scope) is None and func.value in SCALAR_BUILTINS | {"print"}:
        return any(literal_value(a.value) is NOT_LITERAL for a in site.node.args)
    return False


def _names_a_synchronize(model: TrainingModel, site: CallSite) -> bool:
    """`sync = lambda: torch.cuda.synchronize()` or `sync = torch.cuda.synchronize`, called as
    `sync()`: a synchronize under another name."""
    assert isinstance(site.node.func, cst.Name)
    for origin in model.origins(site.node.func, site.scope):
        value = origin.expr
        if isinstance(value, cst.Lambda):
            value = value.body
        # `lambda: torch.cuda.synchronize() if device.type == "cuda" else None`: it synchronizes
        # wherever there is a GPU to wait for.
        for chosen in (value.body, value.orelse) if isinstance(value, cst.IfExp) else (value,):
            if isinstance(chosen, cst.Call):
                chosen = chosen.func
            if isinstance(chosen, (cst.Name, cst.Attribute)) and model.qualname(chosen, origin.scope) in SYNCHRONIZERS:
                return True
    return False


def _blocking_copy_to_gpu(ctx: CheckContext, site: CallSite) -> bool:
    """`x = x.to(device)`, `net.to(device)` as a statement of its own: a copy without
    non_blocking=True returns once the stream has drained (the copy is followed by a stream
    synchronize). Nested in another call (`model(x.cuda())`) it is not the last thing to run."""
    if not ctx.facts.moves_to_cuda(site) or not blocking_copy(site.node):
        return False
    statement = site.statement
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    for small in statement.body:
        value = getattr(small, "value", None)
        # `x, y = x.to(device), y.to(device)`: each copy is a statement-level call too.
        values = [element.value for element in value.elements] if isinstance(value, cst.Tuple) else [value]
        if any(v is site.node for v in values):
            return True
    return False


def _waits(ctx: CheckContext, site: CallSite) -> bool:
    """The host waits here for the GPU work queued before: a sync, or a blocking copy to the GPU."""
    return _is_sync(ctx.model, site) or _blocking_copy_to_gpu(ctx, site)


def _finished_copy(ctx: CheckContext, site: CallSite) -> bool:
    """A copy to the GPU that is done when the call returns: a blocking one, or one from pageable
    memory (`torch.from_numpy(obs).cuda(non_blocking=True)` still stages and waits). A window that
    queues nothing else has no GPU work left to run."""
    if not ctx.facts.moves_to_cuda(site):
        return False
    if blocking_copy(site.node):
        return True
    source = site.receiver
    return isinstance(source, cst.Call) and ctx.model.qualname(source.func, site.scope) in PAGEABLE_SOURCES


def _copies_to_host(model: TrainingModel, site: CallSite) -> bool:
    """`x.to("cpu")`, `x.to(cpu_device)`: a blocking copy into host memory waits for the GPU,
    as `.cpu()` does (one with non_blocking=True does not)."""
    if site.method != "to" or not blocking_copy(site.node):
        return False
    arguments: Sequence[Optional[cst.BaseExpression]] = positional_args(site.node)[:1] or [keyword_args(site.node).get("device")]
    target = arguments[0]
    if target is None:
        return False
    origins = [(target, site.scope), *((o.expr, o.scope) for o in model.origins(target, site.scope))]
    return any(_names_cpu(model, expr, scope) for expr, scope in origins)


def _names_cpu(model: TrainingModel, expr: cst.CSTNode, scope: Scope) -> bool:
    if string_value(expr) == "cpu":
        return True
    if isinstance(expr, cst.Call) and model.qualname(expr.func, scope) == "torch.device":
        arguments: Sequence[Optional[cst.BaseExpression]] = positional_args(expr) or [keyword_args(expr).get("type")]
        return arguments[0] is not None and string_value(arguments[0]) == "cpu"
    return False


def _epoch_timing(ctx: CheckContext, timed: Timed, executed: list[CallSite]) -> bool:
    """The window holds a loop over data that trains or runs GPU work on every pass, whole
    (epoch timing: at most the last passes are unfinished, a small share of an epoch) or up to
    the closing read (a rolling timer, `t0 = t1` each step: once the queue is full it reads the
    GPU's pace). A loop over range() is left out: that is how a benchmark repeats a few steps,
    and there the unfinished steps are a large share."""
    model = ctx.model
    loops = list(timed.loops)
    for site in executed:
        callee = model.callee(site.node, site.scope)
        if isinstance(callee, FunctionInfo):
            loops.extend(callee.loops)
        elif callee is None and any(ctx.project.trains(name) for name in _imported_as(model, site)):
            return True  # `train_epoch(model, loader, optimizer)` from another module of the project
    return any(
        (not _over_range(model, loop) or _epochs_of_training(model, loop))
        and (model.loop_trains(loop) or any(is_work(ctx.steps, site) for site in loop.calls))
        for loop in loops
    )


def _imported_as(model: TrainingModel, site: CallSite) -> list[str]:
    """What a call may run by import: one name, or several where branches import different
    functions under it (`from train import train_epoch_dense as train_epoch` in one, `..._sparse`
    in the other)."""
    if isinstance(site.node.func, cst.Name):
        bindings = model.lookup(site.node.func.value, site.scope)
        return [b.qualname for b in bindings if b.kind == "import" and b.qualname is not None]
    name = model.call_name(site)
    return [name] if name is not None else []


def _epochs_of_training(model: TrainingModel, loop: LoopInfo) -> bool:
    """`for _ in range(epochs): for _ in range(minibatches): ... backward() ...`: a range() loop
    around a loop that trains is a training pass of many steps, not a benchmark of a few."""
    return any(inner.parents and inner.parents[-1] is loop and model.loop_trains(inner) for inner in model.loops)


def _waits_every_pass(ctx: CheckContext, timed: Timed) -> bool:
    """The window ends with a loop (over range() too: a benchmark's few steps) that waits for
    the GPU on every pass, with a synchronize, a read or a blocking copy to the GPU that runs
    whatever the pass does, and nothing runs after the loop but the closing read: at most the
    last pass is unfinished when the clock is read, not the whole window."""
    model = ctx.model
    loops = [*timed.loops, *(loop for loop in timed.start.loops if loop not in timed.stop.loops)]
    for loop in loops:
        after = [site for site in timed.between if site not in loop.calls and site.order > loop.order]
        if any(is_work(ctx.steps, site) or model.callee(site.node, site.scope) is not None for site in after):
            continue
        if any(
            site.loops[-1:] == (loop,)
            and site.branches == loop.branches
            and _waits(ctx, site)
            for site in loop.calls
        ):
            return True
    return False


def _rolling_timer(model: TrainingModel, timed: Timed) -> bool:
    """`elapsed = time.time() - end; end = time.time()` (or `end = now` after `now = time.time()`)
    in one loop, in an evaluation loop as in a training one: each window starts where the last
    one stopped, so the windows add up to the wall time, and the GPU's pace shows in them once
    its queue is full."""
    opened = timed.start.assigned_names
    if not opened or not timed.stop.loops:
        return False
    loop = timed.stop.loops[-1]
    if any(site.order > timed.stop.order and model.call_name(site) in CLOCKS and site.assigned_names & opened for site in loop.calls):
        return True
    # `t1 = time.time(); dt = t1 - t0; t0 = t1`: the next window starts where this one stopped.
    stopped = timed.stop.assigned_names
    return bool(stopped) and any(
        isinstance(node.value, cst.Name)
        and node.value.value in stopped
        and any(isinstance(target.target, cst.Name) and target.target.value in opened for target in node.targets)
        for node in descendants(loop.node.body, cst.Assign)
    )


def _over_range(model: TrainingModel, loop: LoopInfo) -> bool:
    iterable = getattr(loop.node, "iter", None)
    return isinstance(iterable, cst.Call) and dotted(iterable.func) == "range" and model.qualname(iterable.func, loop.scope) is None


def _on_host_tensors(ctx: CheckContext, site: CallSite) -> bool:
    """`torch.matmul(x, x)` where `x` is, when the call runs, a tensor the code made on the host
    (`x = torch.randn(5000, 5000)`, its last assignment before the call) and not moved: work
    the CPU does while the clock runs, which the clock times right."""
    if not computes_on_tensors(ctx.model.call_name(site) or ""):
        return False
    arguments = [*positional_args(site.node), *keyword_args(site.node).values()]
    return bool(arguments) and all(isinstance(a, cst.Name) and _made_on_host(ctx, a, site) for a in arguments)


def _made_on_host(ctx: CheckContext, name: cst.Name, site: CallSite) -> bool:
    model = ctx.model
    made: list[tuple[int, cst.Call]] = []
    for binding in model.lookup(name.value, site.scope):
        value = binding.value
        call = model.call_site(value) if binding.kind == "assign" and binding.index is None and isinstance(value, cst.Call) else None
        if call is None:
            return False  # a parameter, a loop variable, an unpacked value: not known
        if call.order < site.order:
            made.append((call.order, call.node))
    if not made:
        return False
    last = max(made, key=lambda pair: pair[0])[1]
    factory = (model.qualname(last.func, site.scope) or "").split(".")
    device = keyword_args(last).get("device")
    return factory[0] == "torch" and len(factory) == 2 and factory[1] in FACTORIES and (device is None or string_value(device) == "cpu")


def _nothing_on_the_gpu_yet(ctx: CheckContext, timed: Timed) -> bool:
    """A clock read in the script's own top-level code, outside every loop, before anything has
    gone to a CUDA device: the data preparation a script times before it builds its model
    (`t1 = default_timer()`, reading and normalising data, `t2 = default_timer()`, then
    `model = Net().cuda()`). Nothing is queued on the GPU, so the clock reads the CPU's work."""
    if timed.stop.function is not None or timed.stop.loops:
        return False
    before = [site for site in ctx.model.calls_of(None) if site.order < timed.stop.order]
    return not any(_may_use_cuda(ctx, reached.site) for reached in run_order(ctx.model, before))


def _may_use_cuda(ctx: CheckContext, site: CallSite) -> bool:
    """A call that may put work or data on a CUDA device: a move there, a device argument that
    can be CUDA, or an argument that speaks of a GPU (`MatReader(path, to_cuda=True)`,
    `torch.set_default_device(device)`), whatever module it calls."""
    if ctx.facts.moves_to_cuda(site):
        return True
    for argument in site.node.args:
        words = [argument.keyword.value] if argument.keyword is not None else []
        for node in descendants(argument.value, cst.CSTNode):
            text = string_value(node) if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)) else dotted(node)
            if text is not None:
                words.append(text.lower())
        if any(gpu in word for word in words for gpu in ("cuda", "gpu", "device")):
            return True
    return False


def check(ctx: CheckContext) -> None:
    model = ctx.model
    if not any(model.call_name(s) in CLOCKS for s in model.calls) or not ctx.facts.uses_cuda:
        return
    seen: set[int] = set()
    for function in [None, *model.functions]:
        if not any(model.call_name(s) in CLOCKS for s in model.calls_of(function)):
            continue  # no clock read here: nothing to time
        for timed in _timings(model, function):
            if id(timed.stop.node) in seen:
                continue
            executed = [reached.site for reached in run_order(model, timed.between)]
            work = [i for i, s in enumerate(executed) if is_work(ctx.steps, s) and not _on_host_tensors(ctx, s)]
            if not work or _epoch_timing(ctx, timed, executed) or _rolling_timer(model, timed) or _waits_every_pass(ctx, timed):
                continue
            if _nothing_on_the_gpu_yet(ctx, timed):
                continue
            if all(_finished_copy(ctx, executed[i]) for i in work):
                continue
            last = executed[work[-1]]
            # `torch.sum(...).item()`: a sync holding the work in its receiver runs after it.
            if any(_waits(ctx, s) for s in executed[work[-1]:]) or any(
                s is not last and any(n is last.node for n in descendants(s.node, cst.Call)) and _waits(ctx, s) for s in executed
            ):
                continue
            seen.add(id(timed.stop.node))
            clock = dotted(timed.stop.node.func) or "the clock"
            ctx.report(
                timed.stop.node,
                f"{clock}() is read while the CUDA work it times may still be running (kernels return "
                "before the GPU finishes; 0.28 ms was read for 22.1 ms of work, measured): call "
                "torch.cuda.synchronize() before reading the clock, or time with torch.cuda.Event",
            )
