"""Host-device synchronisation rules: syncs on every training step, and wall-clock timing of
CUDA work that does not wait for the work to finish."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Optional

import libcst as cst

from torch_advise.lint.checks import CheckContext, Violation, check
from torch_advise.lint.checks.accumulation import is_optimizer_step
from torch_advise.lint.checks.loops import Guards, iteration, step_loops
from torch_advise.lint.model import (
    CallSite,
    FunctionInfo,
    LoopInfo,
    NOT_LITERAL,
    Scope,
    TrainingModel,
    dotted,
    keyword_args,
    literal_value,
    positional_args,
    root_name,
    string_value,
)
from torch_advise.lint.patterns import non_blocking_flag
from torch_advise.lint.walk import descendants

SYNC_METHODS = {"item", "cpu", "numpy", "tolist", "nonzero"}
SCALAR_BUILTINS = {"float", "int", "bool"}
CLOCKS = {
    "time.time",
    "time.perf_counter",
    "time.monotonic",
    "time.time_ns",
    "time.perf_counter_ns",
    "time.monotonic_ns",
    "timeit.default_timer",
}
SYNCHRONIZE = "torch.cuda.synchronize"
# Line breaks inside a call, with any comment before them.
_LINE_BREAK = re.compile(r"\s*(?:#[^\n]*)?\n\s*")
SYNCHRONIZERS = {SYNCHRONIZE, "torch.accelerator.synchronize"}
# Tensor factories allocate; timing them is not timing GPU work.
FACTORIES = {
    "empty", "empty_strided", "zeros", "ones", "full", "tensor", "as_tensor", "from_numpy", "arange",
    "linspace", "eye", "rand", "randn", "randint", "randperm", "empty_like", "zeros_like", "ones_like",
    "full_like", "rand_like", "randn_like", "manual_seed", "seed", "device", "dtype", "Size", "Generator",
}
# Factories that build on the CPU unless given a device (the *_like ones follow their input).
HOST_FACTORIES = {
    f"torch.{name}"
    for name in (
        "tensor", "as_tensor", "from_numpy", "zeros", "ones", "empty", "full", "arange", "linspace",
        "logspace", "eye", "rand", "randn", "randint", "randperm",
    )
}
# Namespaces whose functions compute on tensors, besides torch's own top level.
TENSOR_NAMESPACES = ("torch.nn.functional.", "torch.linalg.", "torch.fft.", "torch.special.")
DDP = {"torch.nn.parallel.DistributedDataParallel", "torch.nn.parallel.distributed.DistributedDataParallel"}
# torch calls that set things up or read state rather than queue GPU work.
NOT_WORK = (
    "torch.cuda.",
    "torch.no_grad",
    "torch.inference_mode",
    "torch.enable_grad",
    "torch.set_grad_enabled",
    "torch.autocast",
    "torch.amp.",
    "torch.device",
    "torch.manual_seed",
    "torch.save",
    "torch.load",
    "torch.utils.",
    "torch.backends.",
)
MODEL_WORDS = ("model", "net", "encoder", "decoder")


def uses_cuda(ctx: CheckContext) -> bool:
    """The script puts work on a CUDA device somewhere: without that a sync costs nothing."""
    model = ctx.model
    for site in model.calls:
        name = model.call_name(site) or ""
        if name.startswith("torch.cuda.") or site.method == "cuda" or name in DDP:
            return True
    for node in model.cuda_strings:
        if isinstance(node, cst.FormattedStringText):
            if node.value.startswith("cuda"):
                return True
        else:
            text = string_value(node) or ""
            if text.startswith("cuda") or text == "nccl":
                return True
    return False


# ---- SYNC001 ------------------------------------------------------------------------------


def _host_data(model: TrainingModel, name: str, scope: Scope, before: int, depth: int = 0) -> bool:
    """A batch as the loop yields it (`for x, y in loader`, `labels = batch["y"]`): host memory
    unless something moved it, so reading it does not wait for the GPU. A move later in the loop
    body (`x = x.to(device)` after the read) does not count: the loop rebinds the name first."""
    bindings = model.lookup(name, scope)
    if not bindings or depth > 4:
        return False
    loop_bound = any(b.kind == "loop" for b in bindings)
    for binding in bindings:
        if binding.kind == "loop":
            continue
        if binding.kind == "assign" and isinstance(binding.value, (cst.Name, cst.Subscript, cst.Attribute)):
            root = root_name(binding.value)
            if root is not None and root != name and _host_data(model, root, binding.scope, before, depth + 1):
                continue
        if loop_bound and binding.kind == "assign" and isinstance(binding.value, cst.Call):
            later = model.call_site(binding.value)
            if later is not None and later.order > before:
                continue
        if binding.kind == "assign" and isinstance(binding.value, cst.Call) and _host_factory(model, binding.value, binding.scope):
            continue
        return False
    return True


def _host_factory(model: TrainingModel, call: cst.Call, scope: Scope) -> bool:
    """`torch.linspace(...)` without a device: a tensor in host memory, unless the file moves
    where factories build (set_default_device, `with torch.device(...)`)."""
    name = model.qualname(call.func, scope) or ""
    if name not in HOST_FACTORIES or "device" in keyword_args(call):
        return False
    if model.identifiers & {"set_default_device", "set_default_tensor_type"}:
        return False
    return not any(
        model.call_name(site) == "torch.device" and isinstance(site.statement, cst.With) for site in model.calls
    )


def _loss_names(model: TrainingModel, scope: Scope) -> set[str]:
    """Names that `.backward()` is called on in this scope and that stay tensors."""
    names = set()
    for site in model.calls:
        if site.scope is not scope or site.method != "backward" or site.receiver is None:
            continue
        receiver = site.receiver
        if isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Attribute) and receiver.func.attr.value == "scale":
            receiver = positional_args(receiver)[0] if positional_args(receiver) else receiver
        if isinstance(receiver, cst.Name):
            names.add(receiver.value)
    return {n for n in names if not any(_is_host_read(b.value) for b in model.lookup(n, scope) if b.value is not None)}


def _is_host_read(value: cst.BaseExpression) -> bool:
    if not isinstance(value, cst.Call):
        return False
    func = value.func
    return (isinstance(func, cst.Attribute) and func.attr.value in SYNC_METHODS) or (
        isinstance(func, cst.Name) and func.value in SCALAR_BUILTINS
    )


def _is_sync_method(site: CallSite) -> bool:
    if site.method not in SYNC_METHODS:
        return False
    if site.method == "nonzero":
        return True
    return not site.node.args


@dataclass(frozen=True)
class SyncRead:
    node: cst.CSTNode
    text: str
    synchronize: bool = False


def _sync_reads(ctx: CheckContext, site: CallSite, clock_after: set[int]) -> Iterator[SyncRead]:
    """The host-device syncs a call makes, at the node that makes each."""
    model = ctx.model
    name = model.call_name(site)
    if name == SYNCHRONIZE:
        if id(site.node) not in clock_after:
            yield SyncRead(site.node, "torch.cuda.synchronize()", synchronize=True)
        return
    if name == "torch.nonzero" or _is_sync_method(site):
        receiver = site.receiver
        if receiver is not None:
            if _inner_sync(receiver):
                return  # `x.cpu().numpy()`: the first call already waited
            root = root_name(receiver)
            if root is not None and _host_data(model, root, site.scope, site.order):
                return
        yield SyncRead(site.node, _short(model, site.node))
        return
    func = site.node.func
    if not isinstance(func, cst.Name) or model.qualname(func, site.scope) is not None:
        return
    if func.value in SCALAR_BUILTINS and len(site.node.args) == 1:
        argument = site.node.args[0].value
        if _inner_sync(argument):
            return  # `float(loss.item())`: the .item() waited, and is reported itself
        losses = _loss_names(model, site.scope)
        if _is_tensor(model, argument, site.scope, losses):
            yield SyncRead(site.node, _short(model, site.node))
    elif func.value == "print":
        losses = _loss_names(model, site.scope)
        for argument in site.node.args:
            value = argument.value
            if isinstance(value, cst.Name) and value.value in losses:
                yield SyncRead(value, f"print({value.value})")
            elif isinstance(value, cst.FormattedString):
                for part in value.parts:
                    if isinstance(part, cst.FormattedStringExpression) and isinstance(part.expression, cst.Name) and part.expression.value in losses:
                        yield SyncRead(part.expression, f"formatting {part.expression.value} in an f-string")


def _inner_sync(receiver: cst.BaseExpression) -> bool:
    expr: cst.CSTNode = receiver
    while isinstance(expr, (cst.Call, cst.Attribute, cst.Subscript)):
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value in SYNC_METHODS:
            return True
        expr = expr.func if isinstance(expr, cst.Call) else expr.value
    return False


def _is_tensor(model: TrainingModel, expr: cst.BaseExpression, scope: Scope, losses: set[str]) -> bool:
    if isinstance(expr, cst.Name):
        return expr.value in losses
    if isinstance(expr, cst.Call):
        name = model.qualname(expr.func, scope) or ""
        if name.startswith("torch.") and not name.startswith(NOT_WORK):
            return True
        if isinstance(expr.func, cst.Attribute) and root_name(expr.func.value) in losses:
            return True
    return False


def _short(model: TrainingModel, call: cst.Call) -> str:
    """The call as written when it is short, else its method: `loss.item()`, `.item()`."""
    # A chain split over lines (`preds\n    .eq(y)\n    .sum()\n    .item()`) reads as one.
    bare = call.with_changes(lpar=(), rpar=()) if call.lpar else call
    text = _LINE_BREAK.sub(lambda m: "" if m.string[m.end() : m.end() + 1] in ".)]" else " ", model.module.code_for_node(bare))
    if len(text) <= 60:
        return text
    return f".{call.func.attr.value}()" if isinstance(call.func, cst.Attribute) else "this call"


def _synchronizes_before_clock(ctx: CheckContext) -> set[int]:
    """`torch.cuda.synchronize()` calls that a later clock read in the same function depends on:
    they are there to time the step, which SYNC002 asks for."""
    model = ctx.model
    found = set()
    clocks = [s for s in model.calls if model.call_name(s) in CLOCKS]
    for site in model.calls:
        if model.call_name(site) == SYNCHRONIZE and any(
            c.function is site.function and c.order > site.order for c in clocks
        ):
            found.add(id(site.node))
    return found


@check("SYNC001")
def sync_every_step(ctx: CheckContext) -> Iterator[Violation]:
    model = ctx.model
    loops = step_loops(model)
    if not loops or not uses_cuda(ctx):
        return
    guards = Guards(model)
    clock_after = _synchronizes_before_clock(ctx)
    seen: set[int] = set()
    for loop in loops:
        # After one read has drained the queue, further reads before any new GPU work wait for
        # next to nothing: one sync point, one finding (`loss.item()` then `acc.item()`).
        drained_in: Optional[tuple] = None
        for call in iteration(model, loop):
            # Calls are numbered as they open, so the work inside a read's own expression
            # (`torch.stack(norms).cpu()`) is checked with the read.
            if any(_is_work(ctx, site) for site in _calls_within(model, call.site)):
                drained_in = None
            if call.guarded(guards):
                continue
            reads = list(_sync_reads(ctx, call.site, clock_after))
            for read in reads:
                if id(read.node) in seen or (drained_in == call.loops and not read.synchronize):
                    continue
                seen.add(id(read.node))
                yield Violation("SYNC001", read.node, _sync_message(read))
            if reads:
                drained_in = call.loops


def _calls_within(model: TrainingModel, site: CallSite) -> Iterator[CallSite]:
    """The call and every call in its arguments and receiver."""
    for node in descendants(site.node, cst.Call):
        inner = model.call_site(node)
        if inner is not None:
            yield inner


def _sync_message(read: SyncRead) -> str:
    if read.synchronize:
        return (
            "torch.cuda.synchronize() on every training step makes the CPU wait for the GPU, so it "
            "can no longer queue the next step ahead: remove it, or run it only every N steps"
        )
    return (
        f"{read.text} waits for the GPU on every training step, so the CPU cannot queue work ahead "
        "(a per-step loss.item() left the GPU idle 35.8 % of the time, measured): keep running values "
        "on the device (total += loss.detach()) and read them every N steps (`if step % N == 0:`)"
    )


# ---- SYNC002 ------------------------------------------------------------------------------


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
    calls = function.calls if function is not None else [s for s in model.calls if s.function is None]
    loops = function.loops if function is not None else [l for l in model.loops if l.function is None]
    body = function.node if function is not None else model.module
    scope = function.scope if function is not None else model.module_scope
    for binop in _subtractions(body):
        opening = {id(c) for c in _clock_assigned(model, binop.right.value, scope)}  # type: ignore[attr-defined]
        if not opening:
            continue
        left = binop.left
        closing_nodes = (
            [left] if isinstance(left, cst.Call) else _clock_assigned(model, left.value, scope) if isinstance(left, cst.Name) else []
        )
        for node in closing_nodes:
            stop = model.call_site(node)  # type: ignore[arg-type]
            if stop is None or model.call_name(stop) not in CLOCKS:
                continue
            starts = [s for s in calls if id(s.node) in opening and s.order < stop.order]
            if not starts:
                continue
            start = max(starts, key=lambda s: s.order)
            between = sorted((s for s in calls if start.order < s.order < stop.order), key=lambda s: s.order)
            inside = [l for l in loops if start.order < l.order < stop.order]
            yield Timed(start, stop, between, inside)


def _executed(model: TrainingModel, sites: list[CallSite], depth: int = 0) -> Iterator[CallSite]:
    """Calls in the order they run, with calls to this file's functions inlined."""
    for site in sites:
        yield site
        callee = model.callee(site.node, site.scope)
        if isinstance(callee, FunctionInfo) and depth < 3:
            yield from _executed(model, sorted(callee.calls, key=lambda s: s.order), depth + 1)


def _is_work(ctx: CheckContext, site: CallSite) -> bool:
    model = ctx.model
    if site.method == "backward" or is_optimizer_step(ctx, site) or ctx.facts.moves_to_cuda(site):
        return True
    name = model.call_name(site) or ""
    if _computes_on_tensors(name):
        return True
    if name or model.callee(site.node, site.scope) is not None:
        return False
    func = site.node.func
    if isinstance(func, cst.Name):
        called = func.value
    elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
        called = func.attr.value
    else:
        return False
    # `model(x)`, `self.net(x)`: a forward pass of the model.
    return any(word in called.lower() for word in MODEL_WORDS)


def _computes_on_tensors(name: str) -> bool:
    """A public torch function that queues work on tensors (`torch.matmul`, `F.conv2d`), not
    torch's internals (`torch._dynamo...`, compile-time bookkeeping) or set-up calls."""
    if not name.startswith("torch.") or name.startswith(NOT_WORK):
        return False
    parts = name.split(".")
    if any(part.startswith("_") for part in parts) or parts[-1] in FACTORIES:
        return False
    return len(parts) == 2 or name.startswith(TENSOR_NAMESPACES)


def _is_sync(model: TrainingModel, site: CallSite) -> bool:
    name = model.call_name(site) or ""
    if name in SYNCHRONIZERS or site.method in ("synchronize", "elapsed_time", "wait") or _is_sync_method(site):
        return True
    if isinstance(site.node.func, cst.Name) and site.node.func.value == "synchronize":
        return True  # `synchronize = torch.cuda.synchronize if ... else nothing`
    if _copies_to_host(model, site):
        return True
    func = site.node.func
    if isinstance(func, cst.Name) and model.qualname(func, site.scope) is None and func.value in SCALAR_BUILTINS | {"print"}:
        return any(literal_value(a.value) is NOT_LITERAL for a in site.node.args)
    return False


def _blocking_copy_to_gpu(ctx: CheckContext, site: CallSite) -> bool:
    """`x = x.to(device)`, `net.to(device)` as a statement of its own: a copy without
    non_blocking=True returns once the stream has drained (the copy is followed by a stream
    synchronize). Nested in another call (`model(x.cuda())`) it is not the last thing to run."""
    if not ctx.facts.moves_to_cuda(site):
        return False
    flag = non_blocking_flag(site.node)
    if flag is not None and literal_value(flag) is not False:
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


def _copies_to_host(model: TrainingModel, site: CallSite) -> bool:
    """`x.to("cpu")`, `x.to(cpu_device)`: a blocking copy into host memory waits for the GPU,
    as `.cpu()` does (one with non_blocking=True does not)."""
    if site.method != "to":
        return False
    flag = non_blocking_flag(site.node)
    if flag is not None and literal_value(flag) is not False:
        return False
    target = (positional_args(site.node)[:1] or [keyword_args(site.node).get("device")])[0]
    if target is None:
        return False
    origins = [(target, site.scope), *((o.expr, o.scope) for o in model.origins(target, site.scope))]
    return any(_names_cpu(model, expr, scope) for expr, scope in origins)


def _names_cpu(model: TrainingModel, expr: cst.CSTNode, scope: Scope) -> bool:
    if string_value(expr) == "cpu":
        return True
    if isinstance(expr, cst.Call) and model.qualname(expr.func, scope) == "torch.device":
        arguments = positional_args(expr) or [keyword_args(expr).get("type")]
        return arguments[0] is not None and string_value(arguments[0]) == "cpu"
    return False


def _epoch_timing(ctx: CheckContext, timed: Timed, executed: list[CallSite]) -> bool:
    """The window holds a training loop over data, whole (epoch timing: at most the last steps
    are unfinished, a small share of an epoch) or up to the closing read (a rolling timer,
    `t0 = t1` each step: once the queue is full it reads the GPU's pace)."""
    model = ctx.model
    loops = list(timed.loops)
    for site in executed:
        callee = model.callee(site.node, site.scope)
        if isinstance(callee, FunctionInfo):
            loops.extend(callee.loops)
    return any(model.loop_trains(loop) and not _over_range(model, loop) for loop in loops)


def _over_range(model: TrainingModel, loop: LoopInfo) -> bool:
    iterable = getattr(loop.node, "iter", None)
    return isinstance(iterable, cst.Call) and dotted(iterable.func) == "range" and model.qualname(iterable.func, loop.scope) is None


@check("SYNC002")
def timing_without_synchronize(ctx: CheckContext) -> Iterator[Violation]:
    model = ctx.model
    if not any(model.call_name(s) in CLOCKS for s in model.calls) or not uses_cuda(ctx):
        return
    seen: set[int] = set()
    for function in [None, *model.functions]:
        for timed in _timings(model, function):
            if id(timed.stop.node) in seen:
                continue
            executed = list(_executed(model, timed.between))
            work = [i for i, s in enumerate(executed) if _is_work(ctx, s)]
            if not work or _epoch_timing(ctx, timed, executed):
                continue
            if any(_is_sync(model, s) or _blocking_copy_to_gpu(ctx, s) for s in executed[work[-1]:]):
                continue
            seen.add(id(timed.stop.node))
            clock = dotted(timed.stop.node.func) or "the clock"
            yield Violation(
                "SYNC002",
                timed.stop.node,
                f"{clock}() is read while the CUDA work it times may still be running (kernels return "
                "before the GPU finishes; 0.28 ms was read for 22.1 ms of work, measured): call "
                "torch.cuda.synchronize() before reading the clock, or time with torch.cuda.Event",
            )
