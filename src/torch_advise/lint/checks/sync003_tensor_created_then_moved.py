"""SYNC003: a tensor built on the CPU and moved to the GPU at once."""

from __future__ import annotations

from typing import Optional

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    Deferred,
    ReplaceNode,
    Resolve,
)
from torch_advise.lint.analysis.facts import SAME_DEVICE_METHODS
from torch_advise.lint.analysis.model import (
    CallSite,
    LoopInfo,
    Scope,
)
from torch_advise.lint.analysis.syntax import (
    keyword_args,
    positional_args,
    string_value,
    target_names,
)
from torch_advise.lint.analysis.walk import descendants
from torch_advise.lint.syntax_tree import nodes as cst

# Factories that take `device=` and give the same values wherever they build the tensor. Not
# torch.tensor or torch.as_tensor: from Python or numpy data they build on the host and copy
# either way, so `device=` there saves nothing.
DETERMINISTIC_FACTORIES = {
    "torch.zeros",
    "torch.ones",
    "torch.empty",
    "torch.full",
    "torch.arange",
    "torch.linspace",
    "torch.logspace",
    "torch.eye",
}

INTEGER_DTYPES = {f"torch.{name}" for name in ("int8", "int16", "int32", "int64", "long", "int", "uint8", "short")}

# Random factories draw from the CPU generator or the CUDA one depending on the device, so
# moving them changes the numbers a seeded run produces: reported, not rewritten.
RANDOM_FACTORIES = {"torch.rand", "torch.randn", "torch.randint", "torch.randperm"}


# Torch functions whose result stays on the device of the tensor they are given, as
# SAME_DEVICE_METHODS: `torch.unsqueeze(torch.zeros(n), 0).to(device)` builds all of it on the CPU.
SAME_DEVICE_FUNCTIONS = {
    "torch.squeeze", "torch.unsqueeze", "torch.tril", "torch.triu", "torch.diag", "torch.normal", "torch.bernoulli",
    # Old code's autograd wrapper: since torch 0.4 it returns the tensor it is given.
    "torch.autograd.Variable", "torch.autograd.variable.Variable",
}


def _moved_factory(ctx: CheckContext, site: CallSite) -> Optional[tuple[cst.Call, bool]]:
    """The factory call whose tensor `site` moves, with whether calls that keep the tensor on the
    CPU stand between them: `torch.zeros(3).cuda()` (False), `torch.normal(torch.zeros(n),
    std).clamp(-c, c).to(device)` (True)."""
    node = site.receiver
    while isinstance(node, cst.Call) and not any(a.star for a in node.args):
        factory = _factory_call(ctx, node, site.scope)
        if factory is not None:
            return factory, node is not site.receiver
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in SAME_DEVICE_METHODS:
            node = node.func.value
        elif ctx.model.qualname(node.func, site.scope) in SAME_DEVICE_FUNCTIONS and positional_args(node):
            node = positional_args(node)[0]
        else:
            return None
    return None


def _factory_call(ctx: CheckContext, receiver: cst.Call, scope: Scope) -> Optional[cst.Call]:
    """`receiver` itself, when it is a factory call that builds on the CPU (star arguments
    already refused by the caller)."""
    if {"device", "pin_memory"} & set(keyword_args(receiver)):
        return None  # already placed, or pinned on purpose for a copy that overlaps
    name = ctx.model.qualname(receiver.func, scope)
    return receiver if name in DETERMINISTIC_FACTORIES | RANDOM_FACTORIES else None


def _device_source(ctx: CheckContext, site: CallSite) -> Optional[str]:
    """What to pass as `device=`, when the move says nothing but where to go and the factory
    may take it in its place."""
    call = site.node
    if any(a.star for a in call.args):
        return None
    keywords = keyword_args(call)
    positional = positional_args(call)
    if set(keywords) - {"device", "non_blocking"} or site.method == "type":
        return None
    if site.method == "cuda":
        return '"cuda"' if not positional and "device" not in keywords else None
    device = keywords.get("device")
    if device is None and len(positional) == 1:
        device = positional[0]
    if device is None or len(positional) > (0 if "device" in keywords else 1):
        return None
    return ctx.model.module.code_for_node(device) if _plain_device(ctx, device, site.scope) else None


def _plain_device(ctx: CheckContext, device: cst.BaseExpression, scope: Scope) -> bool:
    """Whether `device=` means what `.to()` meant with this argument: every value it may hold is
    a device (a string, an index, a torch.device; `.to(tensor)` or `.to(dtype)` would mean other
    things), and reading it calls nothing, since the fixed call reads it before the factory
    runs instead of after."""
    if descendants(device, cst.Call):
        return False
    for origin in ctx.model.origins(device, scope):
        node = origin.expr
        if isinstance(node, cst.Call):
            if ctx.model.qualname(node.func, origin.scope) != "torch.device":
                return False
        elif string_value(node) is None and not isinstance(node, (cst.FormattedString, cst.Integer)):
            return False
    return True


def _with_device(module: cst.Module, factory: cst.Call, device: str) -> Deferred:
    """The factory call with `device=` added, laid out like its other arguments: written on
    libcst's node when the fix is."""

    def written(resolve: Resolve) -> str:
        import libcst

        call = resolve(factory)
        assert isinstance(call, libcst.Call)
        args = list(call.args)
        no_space = libcst.SimpleWhitespace("")
        equal = libcst.AssignEqual(whitespace_before=no_space, whitespace_after=no_space)
        keyword = libcst.Arg(keyword=libcst.Name("device"), value=libcst.parse_expression(device), equal=equal)
        if args:
            last = args[-1]
            if isinstance(last.comma, libcst.Comma):
                # One argument per line: the new one takes the place of the closing line, which moves down.
                previous = args[-2].comma if len(args) > 1 else None
                before = previous.whitespace_after if isinstance(previous, libcst.Comma) else call.whitespace_before_args
                keyword = keyword.with_changes(comma=last.comma)
                args[-1] = last.with_changes(comma=last.comma.with_changes(whitespace_after=before))
            else:
                args[-1] = last.with_changes(comma=libcst.Comma(whitespace_after=libcst.SimpleWhitespace(" ")))
        written_module = resolve(module)
        assert isinstance(written_module, libcst.Module)
        return written_module.code_for_node(call.with_changes(args=[*args, keyword]))

    return written


def _every_step(ctx: CheckContext, site: CallSite) -> bool:
    """Runs on every training step: in a loop that trains, or in a function a step runs. A
    tensor built once, before the loop, costs one copy for the whole run; one built in an epoch
    loop, around the loop of steps, one copy an epoch."""
    if any((ctx.steps.may_train(loop) and not _around_steps(ctx, loop)) or _yields(loop.node) for loop in site.loops):
        return True
    return site.function in ctx.steps.functions_each_step_runs


def _around_steps(ctx: CheckContext, loop: LoopInfo) -> bool:
    """An epoch: a loop that trains only through loops inside it, in its body or a function it
    calls. A loop over batches that runs a generator's backward itself after a loop of
    discriminator steps is a loop of steps too."""
    return ctx.steps.trains_in_inner_loops(loop) and not any(
        call.at_loop_level and ctx.model.site_runs_backward(call.site) for call in ctx.steps.iteration(loop)
    )


def _yields(loop: cst.CSTNode) -> bool:
    """A generator's loop that yields batches: it runs once for every batch a step takes."""
    return bool(descendants(loop, cst.Yield))


def _same_tensor_on_the_gpu(ctx: CheckContext, factory: cst.Call, name: Optional[str], scope: Scope) -> bool:
    """Whether building it with device= gives the very tensor the move gave: not for a tensor
    that records autograd (`requires_grad=True` made the moved copy a non-leaf, the factory's
    own output a leaf), one written into `out=`, or float ranges, whose GPU kernels may round
    the last bit differently from the CPU's."""
    keywords = keyword_args(factory)
    if {"requires_grad", "out"} & set(keywords):
        return False
    if name in ("torch.linspace", "torch.logspace"):
        return False
    if name == "torch.arange":
        dtype = ctx.model.qualname(keywords["dtype"], scope) if "dtype" in keywords else None
        floats = any(isinstance(arg.value, cst.Float) for arg in factory.args)
        return not floats and (dtype is None or dtype in INTEGER_DTYPES)
    return True


def _built_once_on_demand(ctx: CheckContext, site: CallSite) -> bool:
    """`if not len(self.q): self.q = torch.ones(n).to(device)`, `if self.w is None: ...`: a value
    made the first time a step needs it, under a test of the very name it is stored in, which
    keeps it for the steps after."""
    statement = site.statement
    if not isinstance(statement, cst.SimpleStatementLine) or not isinstance(statement.body[0], cst.Assign):
        return False
    code = ctx.model.module.code_for_node
    targets = [target.target for target in statement.body[0].targets]
    local = site.function is not None and all(isinstance(t, cst.Name) and t.value not in ctx.model.rebound_names for t in targets)
    if local and not site.loops:
        # A local name outlives no call: `if state is None: state = ...` in a forward builds
        # it again on every call.
        return False
    stored = {code(target) for target in targets}
    return any(code(node) in stored for test in _tests_in_the_step(site) for node in descendants(test, (cst.Name, cst.Attribute)))


def _tests_in_the_step(site: CallSite) -> list[cst.BaseExpression]:
    """The tests of the `if`s around the call inside the step: a test around the whole loop is
    passed once, and decides nothing about each step."""
    around_the_loop = set(site.loops[-1].branches) if site.loops else set()
    return [branch.owner.test for branch in site.branches if isinstance(branch.owner, cst.If) and branch not in around_the_loop]


def _counters(ctx: CheckContext) -> set[str]:
    """What the file counts with: names and attributes it adds to (`self.cur_iter += 1`) and the
    targets of its `for` loops (`for step in range(n)`)."""
    code = ctx.model.module.code_for_node
    counted = {code(node.target) for node in descendants(ctx.model.module, cst.AugAssign)}
    for loop in ctx.model.loops:
        if isinstance(loop.node, cst.For):
            counted.update(target_names(loop.node.target))
    return counted


def _some_steps_only(ctx: CheckContext, site: CallSite, counters: set[str]) -> bool:
    """Under an `if` inside the step that passes on some steps only: every k-th (`if step % k ==
    0:`) or when a counter reaches a value (`if self.cur_iter == self.total:`, a reset once a
    period). A test of a setting (`if args.noise:`) passes on every step or none."""
    code = ctx.model.module.code_for_node
    return any(
        ctx.steps.guards.periodic(test, site.scope) or any(code(node) in counters for node in descendants(test, (cst.Name, cst.Attribute)))
        for test in _tests_in_the_step(site)
    )


def check(ctx: CheckContext) -> None:
    counters: Optional[set[str]] = None
    for site in ctx.model.calls:
        if site.method not in ("cuda", "to", "type") or not ctx.facts.moves_to_cuda(site) or not _every_step(ctx, site):
            continue
        moved = _moved_factory(ctx, site)
        if moved is None or _built_once_on_demand(ctx, site):
            continue
        counters = _counters(ctx) if counters is None else counters
        if _some_steps_only(ctx, site, counters):
            continue
        factory, chained = moved
        name = ctx.model.qualname(factory.func, site.scope)
        device = None if chained else _device_source(ctx, site)
        edits: tuple = ()
        if device is not None and name in DETERMINISTIC_FACTORIES and _same_tensor_on_the_gpu(ctx, factory, name, site.scope):
            edits = (ReplaceNode(site.node, _with_device(ctx.model.module, factory, device)),)
        short = ctx.model.module.code_for_node(factory.func)
        if chained:
            built = "builds the tensor on the CPU, the calls after it work on it there, and then it is copied"
        else:
            built = "builds the tensor on the CPU and then copies it"
        ctx.report(
            site.node,
            f"{short}(...) {built} to the GPU: create it there with {short}(..., device=...)",
            edits,
        )
