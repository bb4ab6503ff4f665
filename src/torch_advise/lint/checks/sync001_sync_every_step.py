"""SYNC001: a host-device synchronisation on every training step."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Optional

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.facts import LoaderLoop, blocking_copy, non_blocking_flag, unwrapped_iteration
from torch_advise.lint.analysis.gpu_work import (
    CLOCKS,
    NOT_WORK,
    SCALAR_BUILTINS,
    SYNC_METHODS,
    SYNCHRONIZE,
    is_sync_method,
    is_work,
    names_a_model,
)
from torch_advise.lint.analysis.model import (
    CallSite,
    ClassInfo,
    LoopInfo,
    Scope,
    TrainingModel,
)
from torch_advise.lint.analysis.steps import IterationCall
from torch_advise.lint.analysis.syntax import (
    dotted,
    keyword_args,
    literal_value,
    next_source,
    root_name,
    scale_arguments,
    string_value,
    target_names,
)
from torch_advise.lint.analysis.walk import descendants
from torch_advise.lint.syntax_tree import nodes as cst
from torch_advise.lint.syntax_tree.source import bare_code
from torch_advise.records import dataclass

# Factories that build on the CPU unless given a device (the *_like ones follow their input), and
# the legacy typed constructors, which always do (`torch.FloatTensor(target)`; the CUDA ones are
# `torch.cuda.FloatTensor`).
HOST_FACTORIES = {
    f"torch.{name}"
    for name in (
        "tensor", "as_tensor", "from_numpy", "zeros", "ones", "empty", "full", "arange", "linspace",
        "logspace", "eye", "rand", "randn", "randint", "randperm", "Tensor", "FloatTensor", "DoubleTensor",
        "HalfTensor", "BFloat16Tensor", "ByteTensor", "CharTensor", "ShortTensor", "IntTensor", "LongTensor", "BoolTensor",
    )
}

# Leaving this block (apex's dynamic loss scaling) reads the overflow flag with .item(): a wait.
APEX_SCALE_LOSS = "apex.amp.scale_loss"

# Line breaks inside a call, with any comment before them.
_LINE_BREAK = re.compile(r"\s*(?:#[^\n]*)?\n\s*")


def _host_data(model: TrainingModel, name: str, scope: Scope, before: int, depth: int = 0) -> bool:
    """A batch as the loop yields it (`for x, y in loader`, `labels = batch["y"]`): host memory
    unless something moved it, so reading it does not wait for the GPU. A move later in the loop
    body (`x = x.to(device)` after the read) does not count: the loop rebinds the name first."""
    bindings = model.lookup(name, scope)
    if not bindings or depth > 4:
        return False
    # Bound per iteration from the batch: the loop's own target, or unpacked from it
    # (`state, action = batch`); then a name rebound further down the body is not yet rebound.
    loop_bound = any(b.kind == "loop" for b in bindings) or any(
        b.kind == "assign" and isinstance(b.value, cst.Name) and b.value.value != name
        and _host_data(model, b.value.value, b.scope, before, depth + 1)
        for b in bindings
    )
    for binding in bindings:
        if binding.kind == "loop":
            if isinstance(binding.node, cst.For) and _iterates_a_mapping(binding.node.iter):
                return False  # `for key, values in losses.items()`: what the step stored, not a batch
            if isinstance(binding.node, cst.For) and _iterates_parameters(binding.node.iter):
                return False  # `for name, p in model.named_parameters()`: the model's own tensors
            continue
        if binding.kind == "assign" and isinstance(binding.value, (cst.Name, cst.Subscript, cst.Attribute)):
            root = root_name(binding.value)
            if root is not None and root != name and _host_data(model, root, binding.scope, before, depth + 1):
                continue
        if loop_bound and binding.kind == "assign" and isinstance(binding.value, cst.Call):
            if _bound_after(model, binding.value, before):
                continue
        if binding.kind == "assign" and isinstance(binding.value, cst.Call) and _host_factory(model, binding.value, binding.scope):
            continue
        return False
    return True


def _last_read_back(model: TrainingModel, name: str, scope: Scope, before: int) -> bool:
    """The name was last bound, before the read, to what a read copied back to the host:
    `outputs = outputs.cpu().numpy()` then `outputs[i].tolist()`, a list made from a NumPy array
    that waits for nothing (the `.cpu()` is the wait, and is reported itself)."""
    earlier = []
    for binding in model.lookup(name, scope):
        if binding.kind != "assign" or not isinstance(binding.value, cst.Call):
            continue
        site = model.call_site(binding.value)
        if site is None:
            return False
        if site.order < before and not _bound_after(model, binding.value, before):
            earlier.append((site.order, binding.value))
    return bool(earlier) and _inner_sync(max(earlier, key=lambda pair: pair[0])[1])


def _bound_after(model: TrainingModel, value: cst.Call, read: int) -> bool:
    """Whether the assignment of `value` happens after the call numbered `read`: its calls come
    later, or the read is one of them (`x = clean(x.numpy())` binds x once the read is done)."""
    later = model.call_site(value)
    if later is None:
        return False
    if later.order > read:
        return True
    return any((inner := model.call_site(call)) is not None and inner.order == read for call in descendants(value, cst.Call))


def _iterates_a_mapping(iterable: cst.BaseExpression) -> bool:
    return (
        isinstance(iterable, cst.Call)
        and isinstance(iterable.func, cst.Attribute)
        and iterable.func.attr.value in ("items", "values")
        and not iterable.args
    )


PARAMETER_ITERATORS = {"parameters", "named_parameters", "buffers", "named_buffers"}


def _iterates_parameters(iterable: cst.BaseExpression) -> bool:
    """`model.parameters()`, `model.named_parameters()`, or either under `enumerate(...)`."""
    if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) and iterable.func.value == "enumerate" and iterable.args:
        iterable = iterable.args[0].value
    return (
        isinstance(iterable, cst.Call)
        and isinstance(iterable.func, cst.Attribute)
        and iterable.func.attr.value in PARAMETER_ITERATORS
    )


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
    """Names that `.backward()` is called on in this scope and that stay tensors, and the text of
    an entry or attribute it is called on (`output["loss"]`, `out.loss`): that too is a tensor
    wherever the scope reads it."""
    names = set()
    for site in model.calls:
        if site.scope is not scope or site.method != "backward" or site.receiver is None:
            continue
        receiver = site.receiver
        arguments = scale_arguments(receiver)
        if arguments:
            receiver = arguments[0]
        if isinstance(receiver, cst.Name):
            names.add(receiver.value)
        elif isinstance(receiver, (cst.Subscript, cst.Attribute)) and root_name(receiver) is not None:
            names.add(bare_code(receiver))
    return {n for n in names if not any(_is_host_read(b.value) for b in model.lookup(n, scope) if b.value is not None)}


def _is_host_read(value: cst.BaseExpression) -> bool:
    if not isinstance(value, cst.Call):
        return False
    func = value.func
    return (isinstance(func, cst.Attribute) and func.attr.value in SYNC_METHODS) or (
        isinstance(func, cst.Name) and func.value in SCALAR_BUILTINS
    )


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
    if name == "torch.nonzero" or is_sync_method(site):
        receiver = site.receiver
        if receiver is not None:
            if _inner_sync(receiver):
                return  # `x.cpu().numpy()`: the first call already waited
            root = root_name(receiver)
            if root is not None and (_host_data(model, root, site.scope, site.order) or _last_read_back(model, root, site.scope, site.order)):
                return
        yield SyncRead(site.node, _short(model, site.node))
        return
    func = site.node.func
    if not (isinstance(func, cst.Name) and func.value == "print"):
        formatted = list(_formatted_losses(model, site))
        if formatted:
            yield from formatted
            return
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
        for arg in site.node.args:
            value = arg.value
            if isinstance(value, cst.Name) and value.value in losses:
                yield SyncRead(value, f"print({value.value})")
            else:
                yield from _formatting_reads(value, losses)
                yield from _text_formatted_before(model, value, site, losses)


def _formatted_losses(model: TrainingModel, site: CallSite) -> Iterator[SyncRead]:
    """A loss formatted into text handed to a call (`logger.info(f"{loss:.4f}")`,
    `pbar.set_description("%g" % loss)`, `"{}".format(loss)`): formatting a CUDA tensor reads
    its value, which waits for the GPU as `.item()` does."""
    losses = _loss_names(model, site.scope)
    if not losses:
        return
    if site.method == "format" and isinstance(site.receiver, (cst.SimpleString, cst.ConcatenatedString)):
        for arg in site.node.args:
            if isinstance(arg.value, cst.Name) and arg.value.value in losses:
                yield SyncRead(arg.value, f"formatting {arg.value.value} with str.format")
    for arg in site.node.args:
        yield from _formatting_reads(arg.value, losses)
        yield from _text_formatted_before(model, arg.value, site, losses)


def _text_formatted_before(model: TrainingModel, value: cst.BaseExpression, site: CallSite, losses: set[str]) -> Iterator[SyncRead]:
    """`msg = f"loss {loss:.4f}"` then `logger.info(msg)`: the read happened where the text was
    made, in the same function."""
    if not isinstance(value, cst.Name):
        return
    for binding in model.lookup(value.value, site.scope):
        if binding.kind == "assign" and binding.scope is site.scope and binding.value is not None:
            yield from _formatting_reads(binding.value, losses)


def _formatting_reads(value: cst.BaseExpression, losses: set[str]) -> Iterator[SyncRead]:
    """Losses an f-string or a `%` format reads."""
    if isinstance(value, cst.FormattedString):
        for part in value.parts:
            if isinstance(part, cst.FormattedStringExpression) and isinstance(part.expression, cst.Name) and part.expression.value in losses:
                yield SyncRead(part.expression, f"formatting {part.expression.value} in an f-string")
    elif (
        isinstance(value, cst.BinaryOperation)
        and isinstance(value.operator, cst.Modulo)
        and isinstance(value.left, (cst.SimpleString, cst.ConcatenatedString))
    ):
        right = value.right
        operands = [element.value for element in right.elements] if isinstance(right, cst.Tuple) else [right]
        for operand in operands:
            if isinstance(operand, cst.Name) and operand.value in losses:
                yield SyncRead(operand, f"formatting {operand.value} with %")


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
    if isinstance(expr, (cst.Subscript, cst.Attribute)):
        return bare_code(expr) in losses
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
    text = _LINE_BREAK.sub(lambda m: "" if m.string[m.end() : m.end() + 1] in ".)]" else " ", bare_code(call))
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


def _calls_within(model: TrainingModel, site: CallSite) -> Iterator[CallSite]:
    """The call and every call in its arguments and receiver."""
    for node in descendants(site.node, cst.Call):
        inner = model.call_site(node)
        if inner is not None:
            yield inner


def _sync_message(read: SyncRead, read_after: Optional[SyncRead] = None, per_parameter: bool = False, lightning: bool = False) -> str:
    if per_parameter and not read.synchronize:
        return (
            f"{read.text} waits for the GPU once per parameter on every training step (a model's hundreds of "
            "tensors, hundreds of waits a step): compute the values on the device (torch.stack([p.grad.norm() "
            "for p in params])) and read them in one call, every N steps (`if step % N == 0:`)"
        )
    if read_after is not None and read_after.synchronize:
        return (
            f"{read.text} and the torch.cuda.synchronize() right after it make the CPU wait for the GPU on every "
            "training step, so it cannot queue the next step ahead; removing only one of them frees nothing: keep "
            "running values on the device (total += loss.detach()) and read them, and synchronize, only every N "
            "steps (`if step % N == 0:`)"
        )
    if read.synchronize and read_after is not None:
        return (
            f"torch.cuda.synchronize() and the read right after it ({read_after.text}) make the CPU wait for the GPU "
            "on every training step, so it cannot queue the next step ahead; removing only one of them "
            "frees nothing: keep running values on the device (total += loss.detach()) and synchronize "
            "and read them only every N steps (`if step % N == 0:`)"
        )
    if read.synchronize:
        return (
            "torch.cuda.synchronize() on every training step makes the CPU wait for the GPU, so it "
            "can no longer queue the next step ahead: remove it, or run it only every N steps"
        )
    if lightning:
        return (
            f"{read.text} waits for the GPU in every training_step, so the CPU cannot queue work ahead "
            "(a per-step loss.item() left the GPU idle 35.8 % of the time, measured): hand the tensor itself "
            "to self.log (self.log(\"loss\", loss)), which reads it only when it logs, or keep running "
            "values on the device (total += loss.detach())"
        )
    return (
        f"{read.text} waits for the GPU on every training step, so the CPU cannot queue work ahead "
        "(a per-step loss.item() left the GPU idle 35.8 % of the time, measured): keep running values "
        "on the device (total += loss.detach()) and read them every N steps (`if step % N == 0:`)"
    )


def _handed_to_an_environment(model: TrainingModel, site: CallSite) -> bool:
    """`envs.step(action.cpu().numpy())`: an action an environment on the host acts on, so
    the step cannot go on without it (reinforcement learning's per-step read). Not the loss
    backward runs on: `meter.step(loss.item(), n)` keeps a running mean."""
    if isinstance(site.receiver, cst.Name) and site.receiver.value in _loss_names(model, site.scope):
        return False
    outer = site.node
    for call in descendants(site.statement, cst.Call) if site.statement is not None else []:
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "step" and any(
            inner is outer for arg in call.args for inner in descendants(arg.value, cst.Call)
        ):
            return True
    return False


def _decides_the_step(model: TrainingModel, site: CallSite) -> bool:
    """The value read is tested on the host where it is read: the read sits in an `if`/`while`
    test or an assert, or the name it is assigned to is tested so in the same function
    (`loss_value = loss.item()` then `if not math.isfinite(loss_value):`). Reading it every few
    steps would change what the program does, so the read is not a cost to advise away."""
    statement = site.statement
    if _handed_to_an_environment(model, site):
        return True
    tests: list[cst.CSTNode] = []
    body = site.function.node if site.function is not None else model.module
    for node in descendants(body, (cst.If, cst.While, cst.Assert)):
        if isinstance(node, (cst.If, cst.While, cst.Assert)):
            tests.append(node.test)
    if any(call is site.node for test in tests for call in descendants(test, cst.Call)):
        return True
    names: set[str] = set()
    if isinstance(statement, cst.SimpleStatementLine):
        for small in statement.body:
            if isinstance(small, cst.Assign) and any(call is site.node for call in descendants(small.value, cst.Call)):
                names.update(name for target in small.targets for name in target_names(target.target))
    if not names:
        return False
    if any(name.value in names for test in tests for name in descendants(test, cst.Name)):
        return True
    if _sizes_what_follows(model, body, names, site.scope) or _handed_to_the_forward(body, names):
        return True
    # `actions = q.argmax(1).cpu().numpy()` then `envs.step(actions)`.
    return any(
        isinstance(call.func, cst.Attribute) and call.func.attr.value == "step"
        and any(isinstance(arg.value, cst.Name) and arg.value.value in names for arg in call.args)
        for call in descendants(body, cst.Call)
    )


def _handed_to_the_forward(body: cst.CSTNode, names: set[str]) -> bool:
    """A name the read is assigned to is an argument of the model's forward, called before the
    step's backward in the same function (`num_actions = ....tolist()` then
    `self.model(sequences, num_actions=num_actions)`): the forward takes the value on the host,
    this step. Handed to a logger instead, it could wait."""
    calls = descendants(body, cst.Call)
    backward = next((i for i, call in enumerate(calls) if isinstance(call.func, cst.Attribute) and call.func.attr.value == "backward"), None)
    if backward is None:
        return False
    return any(
        names_a_model(call) and isinstance(argument.value, cst.Name) and argument.value.value in names
        for call in calls[:backward]
        for argument in call.args
    )



# What takes a size the host must know: torch's factories, and Python's range.
SIZED_FACTORIES = frozenset(
    f"torch.{name}" for name in ("arange", "zeros", "ones", "empty", "full", "rand", "randn", "randint", "randperm", "linspace", "eye")
) | {"range"}


def _sizes_what_follows(model: TrainingModel, body: cst.CSTNode, names: set[str], scope: Scope) -> bool:
    """A name the read is assigned to sizes a tensor or a loop, or bounds a slice
    (`max_len = lengths.max().item()` then `torch.arange(max_len)`, `x[:, :max_len]`): a
    data-dependent shape, which the step needs now."""
    for call in descendants(body, cst.Call):
        if (model.qualname(call.func, scope) or dotted(call.func)) in SIZED_FACTORIES and any(
            isinstance(arg.value, cst.Name) and arg.value.value in names for arg in call.args
        ):
            return True
    return any(
        isinstance(bound, cst.Name) and bound.value in names
        for piece in descendants(body, cst.Slice) for bound in (piece.lower, piece.upper)
    )


def _ends_a_timed_interval(ctx: CheckContext, iteration: list[IterationCall], index: int) -> bool:
    """The read is the last thing before a clock read that closes an interval opened in every
    iteration, with no GPU work queued between it and the clock: it is what makes the measured
    time the step's. The interval opens earlier in the iteration (`tic = perf_counter()` ...
    `loss.item()` ... `toc = perf_counter()`), or at its end for the next one (`loss.item()`;
    `elapsed = perf_counter() - start`; `start = perf_counter()`)."""
    model = ctx.model
    opened_before = any(model.call_name(earlier.site) in CLOCKS for earlier in iteration[:index])
    inside = {id(site.node) for site in _calls_within(model, iteration[index].site)}
    for position in range(index + 1, len(iteration)):
        later = iteration[position]
        if id(later.site.node) in inside:
            continue
        if model.call_name(later.site) in CLOCKS:
            if later.guarded(ctx.steps.guards) or _value_unused(later.site):
                continue  # a clock read only every N steps times N steps, not this one; one never read times nothing
            return opened_before or any(
                model.call_name(after.site) in CLOCKS and not after.guarded(ctx.steps.guards) for after in iteration[position + 1:]
            )
        if is_work(ctx.steps, later.site) or model.call_name(later.site) == SYNCHRONIZE:
            return False
    return False


def _value_unused(site: CallSite) -> bool:
    """What the call returns is thrown away, or only assigned to names nothing reads:
    `end_time = time.time()` that no line uses closes no interval."""
    if site.discarded:
        return True
    names = site.assigned_names
    if not names:
        return False
    scope = site.scope.node
    targets = {id(name) for target in descendants(scope, cst.AssignTarget) for name in descendants(target.target, cst.Name)}
    return all(id(name) in targets for name in descendants(scope, cst.Name) if name.value in names)


@dataclass(frozen=True)
class NextSync:
    """The next call of the step that waits for the GPU, with no GPU work queued before it."""

    read: Optional[SyncRead]  # the first read; None when the first wait is not one (a timing synchronize, a tensor tested)
    needed: bool  # one of the waits is one the step needs: it decides the step, or times it


def _next_sync(ctx: CheckContext, iteration: list[IterationCall], index: int, clock_after: set[int]) -> Optional[NextSync]:
    """The waits for the GPU that follow in the step before anything queues new GPU work: the
    first read among them, and whether one of them is a wait the step needs. The wait at
    `index` then costs nothing that one would not cost anyway."""
    model = ctx.model
    inside = {id(site.node) for site in _calls_within(model, iteration[index].site)}
    first: Optional[SyncRead] = None
    for later in iteration[index + 1:]:
        site = later.site
        if id(site.node) in inside:
            continue
        if later.guarded(ctx.steps.guards):
            if is_work(ctx.steps, site):
                break
            continue
        if (model.call_name(site) == SYNCHRONIZE and id(site.node) in clock_after) or _tests_a_tensor(site):
            return NextSync(first, needed=True)
        reads = list(_sync_reads(ctx, site, clock_after))
        if reads:
            if _decides_the_step(model, site):
                return NextSync(first or reads[0], needed=True)
            first = first or reads[0]
        elif is_work(ctx.steps, site):
            break
    return NextSync(first, needed=False) if first is not None else None


def _tests_a_tensor(site: CallSite) -> bool:
    """`if (loss != loss).any():`, `assert torch.isfinite(x).all()`: a tensor's truth tested
    on the host, which waits for the GPU as `.item()` does, and which the step needs."""
    statement = site.statement
    if site.method not in ("any", "all"):
        return False
    if isinstance(statement, (cst.If, cst.While)):
        tests = [statement.test]
    elif isinstance(statement, cst.SimpleStatementLine):
        tests = [small.test for small in statement.body if isinstance(small, cst.Assert)]
    else:
        return False
    for test in tests:
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            test = test.expression
        if test is site.node:
            return True
    return False


# Methods only a module has: `model.cpu().parameters()` moves a model, it reads no value.
MODULE_METHODS = {"parameters", "named_parameters", "state_dict", "buffers", "named_buffers", "modules", "children"}


def _moves_a_module(site: CallSite) -> bool:
    """`m.cpu().parameters()`: a model moved to the host on purpose (to hand it to a parameter
    server, to save it), not a value read back that could stay on the device."""
    if site.method != "cpu" or site.statement is None:
        return False
    return any(
        isinstance(call.func, cst.Attribute) and call.func.value is site.node and call.func.attr.value in MODULE_METHODS
        for call in descendants(site.statement, cst.Call)
    )


def _copies_wait_anyway(ctx: CheckContext, loop: LoopInfo) -> bool:
    """Every step copies its batch to the GPU in a way that waits for the GPU's queue to drain:
    a copy without `non_blocking=True`, or one from a DataLoader that does not pin its batches
    (a copy from pageable memory waits all the same). The next step's copy then waits for
    this step's work whether or not the read does, so deferring the read frees next to nothing
    (only the host's work between the read and the copy overlaps again)."""
    in_step = {id(site.node) for site in loop.calls}
    for loader, entries in ctx.facts.loader_loops.items():
        unpinned = loader.settable("pin_memory") and loader.literal("pin_memory", False) is False
        for entry in entries:
            # The loop that takes the batches, or one around the step loop that copies them
            # inside it (`for step in bar: for _ in range(n_dis): real = next(it).to(device)`).
            if (entry.loop is loop or entry.loop in loop.parents) and _copies_that_wait(ctx, entry, loop, in_step, unpinned):
                return True
    return (
        _items_copied_blocking(ctx, loop, in_step)
        or _iterator_copies_blocking(ctx, loop)
        or _drawn_and_copied_blocking(ctx, loop)
        or _host_tensors_copied(ctx, loop)
        or _indexed_with_host_indices(ctx, loop)
    )


def _iterator_copies_blocking(ctx: CheckContext, loop: LoopInfo) -> bool:
    """The same wait where the loop, or one around it, iterates an object of a class of this
    file whose `__iter__` copies each batch to the GPU without `non_blocking=True` before
    handing it out (`return ({"input": x.to(device)} for x, y in self.dataloader)`)."""
    model = ctx.model
    for candidate in (loop, *loop.parents):
        if not isinstance(candidate.node, cst.For):
            continue
        for origin in model.origins(unwrapped_iteration(candidate.node.iter), candidate.scope):
            built = model.callee(origin.expr, origin.scope) if isinstance(origin.expr, cst.Call) else None
            method = model.method(built, "__iter__") if isinstance(built, ClassInfo) else None
            if method is None:
                continue
            for site in method.calls:
                if site.method in ("to", "cuda") and ctx.facts.moves_to_device(site, or_unknown=True) and blocking_copy(site.node):
                    return True
    return False


def _drawn_and_copied_blocking(ctx: CheckContext, loop: LoopInfo) -> bool:
    """The same wait where a function the step calls draws the batch itself and copies it
    without `non_blocking=True`: `def train(it): batch = next(train_iter); x =
    batch["pointcloud"].to(args.device)`, run by the step loop. Moving it says it is on the host."""
    sites = [call.site for call in ctx.steps.iteration(loop) if not call.guarded(ctx.steps.guards) and not call.loops]
    for draw in sites:
        if next_source(draw.node) is None:
            continue
        copies = ctx.facts.copies_of_drawn_batch(draw, [site for site in sites if site.scope is draw.scope], or_unknown=True)
        if any(site.method in ("to", "cuda") and blocking_copy(site.node) for site in copies):
            return True
    return False


# Factories that copy the data they are given to the device they are asked for.
COPYING_FACTORIES = {"torch.tensor", "torch.as_tensor"}


def _host_tensors_copied(ctx: CheckContext, loop: LoopInfo) -> bool:
    """The same wait for a tensor the step itself builds on the host and copies to the GPU on
    every iteration, its own or in a function of this file it calls: `torch.from_numpy(
    negatives).cuda()`, `torch.tensor(labels, device=device)`. A copy from pageable memory
    without `non_blocking=True` waits for the GPU's queue to drain, as a read does."""
    model = ctx.model
    for call in ctx.steps.iteration(loop):
        site = call.site
        if call.guarded(ctx.steps.guards):
            continue
        if model.call_name(site) in COPYING_FACTORIES:
            device = keyword_args(site.node).get("device")
            if device is not None and ctx.facts.can_be_cuda(device, site.scope):
                return True
            continue
        if site.method not in ("cuda", "to") or site.receiver is None or not ctx.facts.moves_to_cuda(site):
            continue
        flag = non_blocking_flag(site.node)
        if flag is not None and literal_value(flag) is not False:
            continue
        built = [site.receiver] if isinstance(site.receiver, cst.Call) else [o.expr for o in model.origins(site.receiver, site.scope)]
        if any(isinstance(node, cst.Call) and _host_factory(model, _host_root(node), site.scope) for node in built):
            return True
    return False


# Tensor methods whose result stays where the tensor is: a new dtype or shape, a copy.
STAYING_METHODS = {
    "float", "double", "half", "long", "int", "bool", "type", "view", "reshape", "unsqueeze", "squeeze",
    "permute", "transpose", "contiguous", "clone", "detach", "flatten",
}


def _host_root(call: cst.Call) -> cst.Call:
    """The call a chain of such methods starts from: `torch.from_numpy(x)` of
    `torch.from_numpy(x).type(torch.float32)`. `.type()` given a CUDA tensor type moves it, and
    ends the chain there."""
    while isinstance(call.func, cst.Attribute) and call.func.attr.value in STAYING_METHODS and isinstance(call.func.value, cst.Call):
        if call.func.attr.value == "type" and any("cuda" in (dotted(a.value) or string_value(a.value) or "") for a in call.args):
            break
        call = call.func.value
    return call


# Draws of indices on the host (a replay buffer's `np.random.randint(0, size, batch_size)`).
HOST_INDEX_DRAWS = {"numpy.random.randint", "numpy.random.choice", "numpy.random.permutation", "random.sample"}


def _indexed_with_host_indices(ctx: CheckContext, loop: LoopInfo) -> bool:
    """The same wait where the step indexes a tensor kept on the GPU with indices drawn on the
    host, its own or in a function of this file it calls: `indices = np.random.randint(0,
    self._size, n)` then `self._states[indices]`, with `self._states = torch.zeros(...,
    device=device)`. Torch copies the indices to the GPU first, from pageable memory, which
    waits for the GPU's queue to drain as a read does."""
    model = ctx.model
    for call in ctx.steps.iteration(loop):
        site = call.site
        if call.guarded(ctx.steps.guards) or model.call_name(site) not in HOST_INDEX_DRAWS or not site.assigned_names:
            continue
        for node in descendants(site.scope.node, cst.Subscript):
            index = node.slice[0].slice if len(node.slice) == 1 else None
            if not (isinstance(index, cst.Index) and isinstance(index.value, cst.Name) and index.value.value in site.assigned_names):
                continue
            if any(_built_on_cuda(ctx, o.expr, o.scope) for o in model.origins(node.value, site.scope)):
                return True
    return False


def _built_on_cuda(ctx: CheckContext, node: cst.CSTNode, scope: Scope) -> bool:
    """`torch.zeros(n, d, device=device)` with a device that is not known to be the CPU: as for
    the copies above, the finding presumes the step's tensors are on the GPU."""
    if not isinstance(node, cst.Call) or (ctx.model.qualname(node.func, scope) or "") not in HOST_FACTORIES:
        return False
    device = keyword_args(node).get("device")
    # The origins answer most buffers at once; can_be_cuda's wider tracing only where each is "cpu".
    return device is not None and (
        any(string_value(o.expr) != "cpu" for o in ctx.model.origins(device, scope)) or ctx.facts.can_be_cuda(device, scope)
    )


def _copies_that_wait(ctx: CheckContext, entry: LoaderLoop, loop: LoopInfo, in_step: set[int], unpinned: bool) -> bool:
    """Whether the step copies a batch `entry` takes to the GPU with a copy that waits for the
    GPU's queue: without `non_blocking=True`, or with it from a loader known not to pin."""
    # A copy to a device the file cannot tell counts: the finding presumes the step's work is
    # on the GPU, so that is where the batch goes.
    for site in ctx.facts.batch_moves_to_cuda(entry, or_unknown=True):
        if entry.loop is not loop and id(site.node) not in in_step:
            continue  # copied once around many steps
        if site.method not in ("to", "cuda"):
            # A helper of another module: its copies wait when none of them passes non_blocking.
            if ctx.facts.copies_wait_in_project(site):
                return True
            continue
        flag = non_blocking_flag(site.node)
        if flag is None or literal_value(flag) is False or (literal_value(flag) is True and unpinned):
            return True
    return False


def _items_copied_blocking(ctx: CheckContext, loop: LoopInfo, in_step: set[int]) -> bool:
    """The same wait where the step's batches come from an iterable the file does not show as a
    DataLoader (one a helper of the project builds, one handed in): a `for` loop, the step's or
    one around it, whose items (or those `next()` takes there) the step copies to the GPU without
    `non_blocking=True`. Moving them there says they are on the host."""
    # Loops over the file's own DataLoaders were decided above, from their settings.
    decided = {id(entry.loop) for entries in ctx.facts.loader_loops.values() for entry in entries}
    for candidate in (loop, *loop.parents):
        if id(candidate) in decided:
            continue
        taken = []
        if isinstance(candidate.node, cst.For):
            taken.append(LoaderLoop(candidate, set(target_names(candidate.node.target)), iterated=True))
        # `(x, _), (y, _) = next(batches)`: items taken one step at a time.
        nexts = [site for site in candidate.calls if next_source(site.node) is not None]
        if nexts:
            taken.append(LoaderLoop(candidate, {name for site in nexts for name in site.assigned_names}, nexts=nexts))
        # Whether such items are pinned is not known: only a copy without non_blocking counts.
        if any(_copies_that_wait(ctx, items, loop, in_step, unpinned=False) for items in taken):
            return True
    return False


def check(ctx: CheckContext) -> None:
    clock_after = _synchronizes_before_clock(ctx)
    seen: set[int] = set()
    if ctx.facts.uses_cuda:
        for loop in ctx.steps.step_loops:
            if _trains_with_autograd(ctx, loop) and not _copies_wait_anyway(ctx, loop):
                _report_step(ctx, ctx.steps.iteration(loop), clock_after, seen)
    # Lightning runs `training_step` once a batch, on batches it has copied to the GPU with
    # non_blocking=True: a read there waits for the step's forward every time.
    for function in ctx.steps.lightning_training_steps:
        _report_step(ctx, ctx.steps.hook_iteration(function), clock_after, seen, lightning=True)


def _trains_with_autograd(ctx: CheckContext, loop: LoopInfo) -> bool:
    """A call of the loop that runs backward runs with autograd on: a validation loop that calls
    the trainer's `update(imgs, gt, training=False)` under torch.no_grad() is no training step,
    whatever that method does when training."""
    # Where the call itself runs with autograd off: not a function every caller of which is off,
    # which says nothing of the call made here.
    return any(ctx.model.site_runs_backward(site) and not ctx.steps.grad_mode.switched_off_at(site) for site in loop.calls)


def _report_step(ctx: CheckContext, iteration: list[IterationCall], clock_after: set[int], seen: set[int], lightning: bool = False) -> None:
    """The reads one training step makes that wait for the GPU without needing to."""
    model = ctx.model
    guards = ctx.steps.guards
    # After one read has drained the queue, further reads before any new GPU work wait for
    # next to nothing: one sync point, one finding (`loss.item()` then `acc.item()`, or a
    # torch.cuda.synchronize() after it).
    drained_in: Optional[tuple] = None
    # Calls are numbered as they open, so the work inside a read's own expression
    # (`torch.stack(norms).cpu()`) is checked with the read, and only there: reached again
    # as a call of its own, it queued nothing new after the read.
    checked: set[int] = set()
    scaling: Optional[tuple[set[int], tuple]] = None  # an apex scale_loss block: its calls, its loops
    for index, call in enumerate(iteration):
        if scaling is not None and id(call.site.node) not in scaling[0]:
            drained_in, scaling = scaling[1], None  # the block's exit read the overflow flag
        if model.call_name(call.site) == APEX_SCALE_LOSS and isinstance(call.site.statement, cst.With):
            scaling = ({id(node) for node in descendants(call.site.statement, cst.Call)}, call.loops)
        within = [site for site in _calls_within(model, call.site) if id(site.node) not in checked]
        checked.update(id(site.node) for site in within)
        if any(is_work(ctx.steps, site) for site in within):
            drained_in = None
        if call.guarded(guards):
            continue
        if model.call_name(call.site) == SYNCHRONIZE and id(call.site.node) in clock_after:
            drained_in = call.loops  # a timing synchronize, not reported, drains the queue all the same
            continue
        reads = list(_sync_reads(ctx, call.site, clock_after))
        for read in reads:
            if id(read.node) in seen or drained_in == call.loops:
                continue
            if _decides_the_step(model, call.site):
                continue  # the step needs the value now: a NaN stop, a curriculum, a clip coefficient
            if not read.synchronize and _ends_a_timed_interval(ctx, iteration, index):
                continue  # the step's own timer needs the GPU finished here, as SYNC002 asks
            if _moves_a_module(call.site):
                continue
            following = _next_sync(ctx, iteration, index, clock_after)
            if following is not None and following.needed:
                continue  # the step waits for the same work right after, and must
            read_after = None
            if following is not None and following.read is not None and (read.synchronize or following.read.synchronize):
                read_after = following.read
            seen.add(id(read.node))
            per_parameter = any(isinstance(loop.node, cst.For) and _iterates_parameters(loop.node.iter) for loop in call.loops)
            ctx.report(read.node, _sync_message(read, read_after, per_parameter, lightning))
        if reads:
            drained_in = call.loops
