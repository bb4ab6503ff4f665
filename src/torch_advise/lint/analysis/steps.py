"""What a training step is: the calls one iteration of a loop runs, the conditions it runs them
under, which loops train, where autograd is off, and how gradients accumulate.

Accumulation is read in the two forms training scripts use:
- a loop whose optimizer step runs every k iterations (`if (i + 1) % k == 0: optimizer.step()`,
  or after `if (i + 1) % k != 0: continue`) while backward runs on every one;
- an inner `for _ in range(k)` loop that runs backward, inside a loop that steps the optimizer.

Every answer is computed once per file: a Steps object lives as long as the file's model.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cached_property
from typing import Optional

from torch_advise.lint.analysis.constants import arm_dead
from torch_advise.lint.analysis.facts import DataLoaderCall, Facts
from torch_advise.lint.analysis.frameworks import lightning_class
from torch_advise.lint.analysis.inline import MAX_CALL_DEPTH, header_calls, run_order
from torch_advise.lint.analysis.model import Branch, CallSite, FunctionInfo, LoopInfo, Scope, TrainingModel
from torch_advise.lint.analysis.scaler_trace import Event, traces
from torch_advise.lint.analysis.syntax import NOT_LITERAL, calls_in, dotted, keyword_args, literal_value, positional_args
from torch_advise.lint.analysis.walk import TableVisitor, descendants, statements_after
from torch_advise.lint.syntax_tree import nodes as cst
from torch_advise.records import dataclass

GRAD_OFF = {
    "torch.no_grad",
    "torch.inference_mode",
    "torch.autograd.no_grad",
    "torch.autograd.grad_mode.no_grad",
    "torch.autograd.grad_mode.inference_mode",
}
# Module methods that return the module itself, so a call chained after them acts on it.
MODULE_RETURNING = frozenset({"eval", "train", "to", "cuda", "cpu", "float", "half", "bfloat16", "requires_grad_"})
GRAD_OFF_NAME = re.compile(r"inference_mode|no_grad")
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

    def guarded(self, guards: Guards) -> bool:
        """Runs only on some iterations: under an `if` (other than a rank check) or an `except`."""
        return self.periodic or any(guards.filters_iterations(b) for b in self.branches)


class Guards:
    """Reads `if` conditions: periodic (`% k`), or a rank check that runs on every step."""

    def __init__(self, model: TrainingModel) -> None:
        self.model = model
        self._periodic: dict[tuple[int, int], bool] = {}

    def filters_iterations(self, branch: Branch) -> bool:
        owner = branch.owner
        if isinstance(owner, cst.Try):
            return False
        if isinstance(owner, cst.If):
            return not _rank_only(owner.test)
        return True

    def periodic(self, test: cst.BaseExpression, scope: Scope) -> bool:
        """`step % k == 0`, or a name assigned such a test (`sync = (i + 1) % k == 0`)."""
        key = (id(test), id(scope))
        if key not in self._periodic:
            self._periodic[key] = self._is_periodic(test, scope)
        return self._periodic[key]

    def _is_periodic(self, test: cst.BaseExpression, scope: Scope) -> bool:
        if _has_modulo(test):
            return True
        for name in _names_in(test):
            for binding in self.model.lookup(name, scope):
                if binding.kind == "assign" and binding.value is not None and _has_modulo(binding.value):
                    return True
        return False


def every_iteration(calls: list[IterationCall], guards: Guards) -> list[IterationCall]:
    """Calls of which one runs on every iteration: one no condition filters, else one in each arm
    of an `if`/`else` (`if fp16: scaled.backward()` / `else: loss.backward()`), in their order;
    empty when some iteration may run none of them."""
    chains = [
        (call, [b for b in call.branches if guards.filters_iterations(b)]) for call in calls if not call.periodic
    ]
    unfiltered = [call for call, chain in chains if not chain]
    if unfiltered:
        return unfiltered
    return _covering(chains)


def _covering(chains: list[tuple[IterationCall, list[Branch]]]) -> list[IterationCall]:
    """The calls of the first `if` whose every arm holds a call that runs whenever the arm does."""
    owners: dict[int, list[tuple[IterationCall, list[Branch]]]] = {}
    for call, chain in chains:
        if chain and isinstance(chain[0].owner, cst.If):
            owners.setdefault(id(chain[0].owner), []).append((call, chain))
    for group in owners.values():
        arms: dict[str, list[tuple[IterationCall, list[Branch]]]] = {}
        for call, chain in group:
            arms.setdefault(chain[0].arm, []).append((call, chain[1:]))
        if set(arms) != {"body", "orelse"}:
            continue
        covered = [every for arm in arms.values() if (every := [c for c, rest in arm if not rest] or _covering(arm))]
        if len(covered) == 2:
            return sorted((c for found in covered for c in found), key=lambda c: c.site.order)
    return []


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



class GradMode:
    """Where autograd is off: `with torch.no_grad()`/`inference_mode()` blocks, functions
    decorated with them, and functions that are only ever called from such places."""

    def __init__(self, model: TrainingModel) -> None:
        self.model = model
        self.off_calls: set[int] = set()
        # Those decorated with no_grad: off in every line, whoever calls them.
        self.off_functions: set[FunctionInfo] = set()
        self._collect()
        self._memo: dict[FunctionInfo, bool] = {}

    def _collect(self) -> None:
        model = self.model
        for function in model.functions:
            if any(self._decorator_disables(d.decorator, function) for d in function.node.decorators):
                self.off_functions.add(function)
        for site in model.calls:
            name = model.call_name(site) or self._torch_by_spelling(site)
            if not disables_autograd(name, site.node):
                continue
            statement = site.statement
            items = [item.item for item in statement.items] if isinstance(statement, cst.With) else []
            if isinstance(statement, cst.With) and any(item is site.node for item in items):
                # `with torch.no_grad(), torch.autocast(...):` enters the later items with it off too.
                later = items[[id(item) for item in items].index(id(site.node)) + 1 :]
                self.off_calls.update(id(c) for node in (*later, statement.body) for c in calls_in(node))
            elif name in SET_GRAD_ENABLED and isinstance(statement, cst.SimpleStatementLine):
                # `torch.set_grad_enabled(False)` as a statement: the statements after it in its
                # block, up to one that turns autograd back on (`torch.set_grad_enabled(True)` at
                # the top of the next epoch's training half).
                holder = site.function.node if site.function is not None else model.module
                for following in statements_after(holder, statement):
                    if self._turns_autograd_on(following):
                        break
                    self.off_calls.update(id(call) for call in calls_in(following))

    def _turns_autograd_on(self, statement: cst.CSTNode) -> bool:
        if not isinstance(statement, cst.SimpleStatementLine):
            return False
        calls = [small.value for small in statement.body if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call)]
        return any(
            self.model.qualname(call.func, self.model.module_scope) in SET_GRAD_ENABLED and _first_argument_is(call, True)
            for call in calls
        )

    def _torch_by_spelling(self, site: CallSite) -> Optional[str]:
        """`torch.no_grad()` where `torch` is no import of the file's: one it gets through `from
        utils import *` (a helper module that imports torch), or a name a lazy import assigns
        (`torch, nn = _torch_deps()`). The spelling names torch's."""
        text = dotted(site.node.func) or ""
        if not text.startswith("torch."):
            return None
        bindings = self.model.lookup("torch", site.scope)
        if not bindings:
            return text if self.model.star_imports else None
        return text if all(binding.kind == "assign" for binding in bindings) else None

    def _decorator_disables(self, decorator: cst.BaseExpression, function: FunctionInfo) -> bool:
        target = decorator.func if isinstance(decorator, cst.Call) else decorator
        if self.model.qualname(target, function.scope.parent or function.scope) in GRAD_OFF:
            return True
        # A project's own wrapper (YOLOv5's `@smart_inference_mode()`, which picks
        # inference_mode or no_grad by torch version) is named for what it does.
        name = (dotted(target) or "").rsplit(".", 1)[-1]
        return GRAD_OFF_NAME.search(name) is not None

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
        result = depth < MAX_CALL_DEPTH and bool(callers) and all(self.site_off(c, depth + 1) for c in callers)
        self._memo[function] = result
        return result

    def site_off(self, site: CallSite, depth: int = 0) -> bool:
        return self.switched_off_at(site) or self.function_off(site.function, depth)

    def switched_off_at(self, site: CallSite) -> bool:
        """Autograd is off at `site` by a block around it or its function's decorator, whoever
        calls that function; not because every caller this file has switches it off."""
        return id(site.node) in self.off_calls or site.function in self.off_functions


def disables_autograd(name: Optional[str], call: cst.Call) -> bool:
    """`torch.no_grad()`, `torch.inference_mode()` or `torch.set_grad_enabled(False)`, by the
    call's qualified name."""
    return name in GRAD_OFF or (name in SET_GRAD_ENABLED and _first_argument_is(call, False))


def _first_argument_is(call: cst.Call, value: object) -> bool:
    arguments = positional_args(call) or list(keyword_args(call).values())
    return bool(arguments) and literal_value(arguments[0]) is value





def _text(model: TrainingModel, node: cst.CSTNode) -> str:
    return model.module.code_for_node(node)


def _receivers(model: TrainingModel, function: Optional[FunctionInfo], before: int, method: str) -> list[CallSite]:
    """Calls of `.method(...)` in `function` (or at module level) before source position `before`."""
    return [s for s in model.calls_of(function) if s.method == method and s.receiver is not None and s.order < before]


def eval_texts(model: TrainingModel, function: Optional[FunctionInfo], before: int) -> set[str]:
    """Receivers of `.eval()` called in `function` before source position `before`."""
    return {_text(model, s.receiver) for s in _receivers(model, function, before, "eval") if not s.node.args}  # type: ignore[arg-type]


def frozen_texts(model: TrainingModel, function: Optional[FunctionInfo], before: int) -> set[str]:
    """Receivers of `.requires_grad_(False)` called in `function` before source position `before`,
    through the calls that hand the module on (`sampler.eval().requires_grad_(False)`)."""
    frozen = set()
    for site in _receivers(model, function, before, "requires_grad_"):
        if not _first_argument_is(site.node, False):
            continue
        receiver = site.receiver
        while (
            isinstance(receiver, cst.Call)
            and isinstance(receiver.func, cst.Attribute)
            and receiver.func.attr.value in MODULE_RETURNING
        ):
            receiver = receiver.func.value
        frozen.add(_text(model, receiver))  # type: ignore[arg-type]
    return frozen


def forward_text(model: TrainingModel, site: CallSite) -> Optional[str]:
    """`model` for `model(x)` and `model.forward(x)`; None for anything else."""
    func = site.node.func
    if site.method == "forward" and site.receiver is not None:
        return _text(model, site.receiver)
    if isinstance(func, (cst.Name, cst.Attribute)) and dotted(func) is not None and model.callee(site.node, site.scope) is None:
        return _text(model, func)
    return None


def runs_backward_outside_loops(site: CallSite) -> bool:
    return site.method == "backward" and not site.loops


@dataclass(eq=False)
class Accumulation:
    """Gradients accumulated over the iterations (micro-steps) of `loop`."""

    loop: LoopInfo
    backwards: list[IterationCall]  # backward on every micro-step
    count: Optional[cst.BaseExpression]  # k: the modulus or the range() bound, when visible
    steps: list[CallSite]  # the optimizer (or scaler) steps that apply the accumulated gradients

    def count_text(self, module: cst.Module) -> str:
        return module.code_for_node(self.count) if self.count is not None else "the accumulation count"



def _modulus(guards: Guards, loop: LoopInfo, step: IterationCall) -> Optional[cst.BaseExpression]:
    """The `k` of `i % k` in the condition the step runs under."""
    tests = [b.owner.test for b in step.branches if isinstance(b.owner, cst.If)]
    body = loop.node.body
    if isinstance(body, cst.IndentedBlock):
        tests += [s.test for s in body.body if isinstance(s, cst.If)]
    for test in tests:
        if not guards.periodic(test, step.site.scope):
            continue
        for expr in [test, *_assigned_values(guards, test, step.site.scope)]:
            modulus = _modulo_right(expr)
            if modulus is not None:
                return modulus
    return None


def _assigned_values(guards: Guards, test: cst.BaseExpression, scope: Scope) -> list[cst.BaseExpression]:
    values = []
    if isinstance(test, cst.Name):
        for binding in guards.model.lookup(test.value, scope):
            if binding.value is not None:
                values.append(binding.value)
    return values


def _modulo_right(expr: cst.CSTNode) -> Optional[cst.BaseExpression]:
    for operation in descendants(expr, cst.BinaryOperation):
        if isinstance(operation.operator, cst.Modulo):
            return operation.right
    return None


# ---- OPT003 -------------------------------------------------------------------------------




class Steps:
    """The training steps of one file, read once and shared by every check."""

    def __init__(self, model: TrainingModel, facts: Facts) -> None:
        self.model = model
        self.facts = facts
        self.guards = Guards(model)
        self._iterations: dict[LoopInfo, list[IterationCall]] = {}
        self._trains_in: dict[Optional[FunctionInfo], bool] = {}

    # ---- one iteration of a loop ------------------------------------------------------------

    def iteration(self, loop: LoopInfo) -> list[IterationCall]:
        """The calls one iteration of `loop` runs, in order, with this file's functions inlined."""
        if loop not in self._iterations:
            self._iterations[loop] = self._iteration(loop)
        return self._iterations[loop]

    def _iteration(self, loop: LoopInfo) -> list[IterationCall]:
        after_continue = _after_periodic_continue(self.guards, loop)
        return self._running(
            sorted(loop.calls, key=lambda s: s.order),
            lambda site: (site.branches[len(loop.branches):], site.loops[site.loops.index(loop) + 1:]),
            after_continue,
        )

    def hook_iteration(self, function: FunctionInfo) -> list[IterationCall]:
        """The calls one run of a framework's step hook makes (Lightning's `training_step`, which
        its loop calls once a batch), as `iteration` gives a loop's."""
        header = header_calls(function)
        body = [site for site in sorted(function.calls, key=lambda s: s.order) if id(site.node) not in header]
        return self._running(body, lambda site: (site.branches, site.loops), set())

    @cached_property
    def lightning_training_steps(self) -> list[FunctionInfo]:
        """`training_step` of the file's Lightning classes that a Trainer built for CUDA fits."""
        return [
            function
            for function in self.model.functions
            if function.name == "training_step"
            and function.cls is not None
            and lightning_class(self.model, function.cls)
            and self.facts.lightning_fitted_on_gpu(function.cls)
        ]

    def _running(
        self, sites: list[CallSite], inside: Callable[[CallSite], tuple[tuple[Branch, ...], tuple[LoopInfo, ...]]], after_continue: set[int]
    ) -> list[IterationCall]:
        guards = self.guards
        result: list[IterationCall] = []
        for site in sites:
            outer_branches, outer_loops = inside(site)
            periodic = id(site.node) in after_continue or _periodic_branches(guards, outer_branches, site.scope)
            for reached in run_order(self.model, [site]):
                inlined = [*reached.via[1:], reached.site] if reached.via else []
                branches = outer_branches + tuple(b for s in inlined for b in s.branches)
                loops = outer_loops + tuple(inner for s in inlined for inner in s.loops)
                result.append(
                    IterationCall(
                        reached.site, branches, loops, reached.via,
                        periodic or any(_periodic_branches(guards, s.branches, s.scope) for s in inlined),
                    )
                )
        return result

    # ---- which loops train, and at which level -------------------------------------------

    def is_step_loop(self, loop: LoopInfo) -> bool:
        """A training loop whose every iteration is one training step: it runs backward and no
        loop inside it (in its body or a function it calls) does, or its iteration steps an
        optimizer itself, outside those loops (adversarial training, whose attack runs backward
        for its perturbation in loops of its own before the step)."""
        if not self.model.loop_trains(loop):
            return False
        if not self.trains_in_inner_loops(loop):
            return True
        return any(call.at_loop_level and self._steps_an_optimizer(call.site) for call in self.iteration(loop))

    def trains_in_inner_loops(self, loop: LoopInfo) -> bool:
        """A loop inside it, in its body or a function it calls, runs backward."""
        return any(self.model.loop_trains(inner) for call in self.iteration(loop) for inner in call.loops)

    def _steps_an_optimizer(self, site: CallSite) -> bool:
        receiver = site.receiver
        return site.method == "step" and receiver is not None and self.facts.is_optimizer(receiver, site.scope)

    @cached_property
    def step_loops(self) -> list[LoopInfo]:
        return [loop for loop in self.model.loops if self.is_step_loop(loop)]

    @cached_property
    def functions_run_by_steps(self) -> set[FunctionInfo]:
        """Functions that training steps run: their forward passes may feed a backward."""
        found: set[FunctionInfo] = set()
        for loop in self.step_loops:
            for call in self.iteration(loop):
                callee = self.model.callee(call.site.node, call.site.scope)
                if isinstance(callee, FunctionInfo):
                    found.add(callee)
        for function in self.model.functions:
            if any(runs_backward_outside_loops(site) for site in function.calls):
                found.add(function)
        return found

    @cached_property
    def functions_each_step_runs(self) -> set[FunctionInfo]:
        """functions_run_by_steps and the `forward` of every module class (a model runs it on
        every batch, whichever file holds the loop), and the functions those call whatever the
        step does (not under an `if`), to the inliner's depth: `_cal_td_target(batch)` called by
        a `_critic_learn` that runs backward runs on every step too."""
        forwards = {f for f in self.model.functions if f.name == "forward" and f.cls is not None and f.cls.bases}
        found = set(self.functions_run_by_steps) | forwards
        frontier = list(found)
        for _ in range(MAX_CALL_DEPTH):
            reached = []
            for function in frontier:
                for site in function.calls:
                    callee = self.model.callee(site.node, site.scope)
                    if isinstance(callee, FunctionInfo) and callee not in found and not site.branches:
                        found.add(callee)
                        reached.append(callee)
            frontier = reached
        return found

    def may_train(self, loop: LoopInfo) -> bool:
        """A loop that runs backward, or whose iteration makes a call only training makes."""
        return self.model.loop_trains(loop) or any(self.trains(call.site) for call in self.iteration(loop))

    def trains(self, site: CallSite) -> bool:
        """A call only a training step makes: one that needs gradients, resets them, or is handed
        the optimizer (timm's `loss_scaler(loss, optimizer)` runs backward and step itself)."""
        name = self.model.call_name(site) or ""
        if name in ("torch.autograd.grad", "torch.autograd.backward"):
            return True
        if site.method in ("requires_grad_", "backward", "zero_grad"):
            return True
        arguments = [*positional_args(site.node), *keyword_args(site.node).values()]
        return any(
            isinstance(argument, (cst.Name, cst.Attribute))
            and self.facts.may_be_optimizer(argument)
            and self.facts.is_optimizer(argument, site.scope)
            for argument in arguments
        )

    def trains_in(self, function: Optional[FunctionInfo]) -> bool:
        """Whether running `function` (None: the module's top level) runs a training step's
        work itself or through the functions it calls: a backward, or a call only training makes."""
        if function not in self._trains_in:
            self._trains_in[function] = any(
                self.model.site_runs_backward(reached.site) or self.trains(reached.site)
                for reached in run_order(self.model, self.model.calls_of(function))
            )
        return self._trains_in[function]

    def loader_trains(self, loader: DataLoaderCall) -> bool:
        """The loader's batches feed a training step: a loop that trains iterates it, or takes
        batches from it with `next()` where autograd is on (a validation batch drawn under
        torch.no_grad() inside the training loop is not training data)."""
        for entry in self.facts.loader_loops.get(loader, []):
            if not self.model.loop_trains(entry.loop):
                continue
            if not (entry.iterated or any(not self.grad_mode.site_off(site) for site in entry.nexts)):
                continue
            if not self._trains_only_when_handed_other_values(loader, entry.loop):
                return True
        return False

    def _trains_only_when_handed_other_values(self, loader: DataLoaderCall, loop: LoopInfo) -> bool:
        """`run_epoch(valid_loader, mode="valid")` into a loop that trains only `if mode == "train":`:
        every call that hands the function this loader fixes a parameter so that no backward
        of the loop runs."""
        function = loop.function
        if function is None:
            return False
        backwards = [site for site in loop.calls if self.model.site_runs_backward(site)]
        handing = 0
        for call in self.model.calls_to(function):
            arguments = function.arguments(call.node)
            if not any(a is not None and loader in self.facts.loaders_in(a, call.scope) for _, a in arguments):
                continue
            handing += 1
            bound: dict[str, object] = {}
            for param, argument in arguments:
                given = argument if argument is not None else param.default
                value = literal_value(given) if given is not None else NOT_LITERAL
                if value is not NOT_LITERAL:
                    bound[param.name.value] = value
            if any(not any(arm_dead(self.model, b, site.scope, bound) for b in site.branches) for site in backwards):
                return False
        return handing > 0

    def runs_inference_only(self, site: CallSite) -> bool:
        """An autocast (or any region that starts at `site`) only inference runs under: autograd is off there; or it sits in loops none of
        which trains, in a function no training step runs (a validation or sampling loop); or the
        code around it trains nowhere (a `log_validation` that runs a pipeline, a script whose
        training is a library's `trainer.train()`), unless it hands a value computed under it back
        to a training step (`def compute_loss(...): with autocast(): return model(x)`)."""
        if self._off_wherever_it_runs(site) or self._body_grad_off(site):
            return True
        if site.loops and site.function not in self.functions_run_by_steps and not any(self.may_train(loop) for loop in site.loops):
            return True
        if self.trains_in(site.function):
            return False
        return not (site.function in self.functions_run_by_steps and _returns_from_region(site))

    def _off_wherever_it_runs(self, site: CallSite) -> bool:
        """Autograd is off at `site` for every caller, those of other modules included: a method
        overriding one that a project base class of another module defines (`_do_iteration`,
        which the base's training loop calls) may run there with autograd on, whatever the calls
        of this file (an `evaluate` under `torch.no_grad()`) do."""
        if self.grad_mode.switched_off_at(site):
            return True
        function = site.function
        return self.grad_mode.site_off(site) and not (function is not None and self.facts.overrides_project_method(function))

    def _body_grad_off(self, site: CallSite) -> bool:
        """`with autocast(): with torch.no_grad(): ...`: every statement the region opened by
        `site` holds turns autograd off itself (a teacher's forward in distillation)."""
        statement = site.statement
        if not isinstance(statement, cst.With) or not any(item.item is site.node for item in statement.items):
            return False
        body = statement.body.body if isinstance(statement.body, cst.IndentedBlock) else ()
        return bool(body) and all(
            isinstance(inner, cst.With) and any(
                isinstance(item.item, cst.Call) and disables_autograd(self.model.qualname(item.item.func, site.scope), item.item)
                for item in inner.items
            )
            for inner in body
        )

    @cached_property
    def scaler_traces(self) -> list[list[Event]]:
        """Each function's GradScaler calls in the order a step runs them (AMP004, AMP005)."""
        return traces(self.facts)

    @cached_property
    def grad_mode(self) -> GradMode:
        return GradMode(self.model)

    # ---- the models that train -------------------------------------------------------------

    @cached_property
    def optimized_models(self) -> set[str]:
        """`model`, `self.model`: the text of what `X.parameters()`, handed to an optimizer, names."""
        texts: set[str] = set()
        for site in self.model.calls:
            if self.facts.is_optimizer_call(site.node, site.scope):
                for argument in positional_args(site.node)[:1]:
                    if (
                        isinstance(argument, cst.Call)
                        and isinstance(argument.func, cst.Attribute)
                        and argument.func.attr.value == "parameters"
                    ):
                        texts.add(_text(self.model, argument.func.value))
        return texts

    @cached_property
    def trained_models(self) -> set[str]:
        """The optimized models and the receivers of `X.train()`."""
        trained = {
            _text(self.model, site.receiver)
            for site in self.model.calls
            if site.method == "train" and site.receiver is not None and not site.node.args
        }
        return trained | self.optimized_models

    # ---- optimizer steps and accumulation ------------------------------------------------

    def is_optimizer_step(self, site: CallSite) -> bool:
        """`optimizer.step()` or `scaler.step(optimizer)`; never a scheduler's step."""
        receiver = site.receiver
        if site.method != "step" or receiver is None:
            return False
        text = (dotted(receiver) or "").split(".")[-1].lower()
        if "sched" in text:
            return False
        if self._steps_a_scaler(receiver, site.scope):
            return True
        origins = self.model.origins(receiver, site.scope)
        if any(isinstance(o.expr, cst.Call) and self.facts.builds_optimizer(o.expr, o.scope) for o in origins):
            return True
        if any(isinstance(o.expr, cst.Call) for o in origins):
            return False
        return "optim" in text or text == "opt" or text.endswith("_opt") or text.startswith("opt_")

    def _steps_a_scaler(self, receiver: cst.BaseExpression, scope: Scope) -> bool:
        return self.facts.is_scaler(receiver, scope) or (dotted(receiver) or "").lower().endswith("scaler")

    def stepped_optimizer(self, site: CallSite) -> Optional[cst.BaseExpression]:
        """The optimizer an optimizer step applies: `optimizer` in `optimizer.step()` and in
        `scaler.step(optimizer)`; None for a scaler's step that names none."""
        receiver = site.receiver
        if receiver is not None and self._steps_a_scaler(receiver, site.scope):
            arguments = positional_args(site.node)
            return arguments[0] if arguments else None
        return receiver

    @cached_property
    def accumulations(self) -> list[Accumulation]:
        found: list[Accumulation] = []
        for loop in self.model.training_loops():
            level = [c for c in self.iteration(loop) if c.at_loop_level]
            steps = [c for c in level if self.is_optimizer_step(c.site)]
            backwards = [c for c in level if c.site.method == "backward" and not c.periodic]
            if steps and backwards and all(c.periodic for c in steps):
                count = _modulus(self.guards, loop, steps[0])
                # `n_accumulate = 1` then `if (i + 1) % n_accumulate == 0:` steps every time.
                if count is not None and self._only_one(count, steps[0].site.scope):
                    continue
                found.append(Accumulation(loop, backwards, count, [c.site for c in steps]))
            else:
                micro = self._micro_step_loop(loop)
                if micro is not None:
                    found.append(micro)
        return found

    def _only_one(self, count: cst.BaseExpression, scope: Scope) -> bool:
        """The accumulation count is the literal 1, or a name only ever assigned it: nothing
        accumulates. A parameter defaulting to 1 is a setting a caller may raise, and the
        accumulation it would then run is still checked."""
        if isinstance(count, cst.Integer):
            return count.evaluated_value == 1
        if not isinstance(count, cst.Name):
            return False
        bindings = self.model.lookup(count.value, scope)
        return bool(bindings) and all(
            b.kind == "assign" and isinstance(b.value, cst.Integer) and b.value.evaluated_value == 1 for b in bindings
        )

    def _micro_step_loop(self, loop: LoopInfo) -> Optional[Accumulation]:
        """`for _ in range(k):` running backward without stepping, followed by an optimizer step
        at the level the loop sits at."""
        model = self.model
        if not isinstance(loop.node, cst.For):
            return None
        bound = self._range_bound(loop)
        if bound is None:
            return None
        calls = self.iteration(loop)
        if any(self.is_optimizer_step(c.site) for c in calls):
            return None
        after = [s for s in model.calls_of(loop.function) if s.order > loop.order and s.loops == loop.parents]
        steps = [s for s in after if self.is_optimizer_step(s)]
        if not steps:
            return None
        # Gradients cleared between the loop and the step never reach it: the loop's backward
        # served something else (an adversarial attack's input gradient), not accumulation.
        if any(s.method == "zero_grad" and s.order < steps[0].order for s in after):
            return None
        backwards = [c for c in calls if c.at_loop_level and c.site.method == "backward" and not c.periodic]
        return Accumulation(loop, backwards, bound, steps) if backwards else None

    def _range_bound(self, loop: LoopInfo) -> Optional[cst.BaseExpression]:
        iterable = loop.node.iter  # type: ignore[union-attr]
        if not isinstance(iterable, cst.Call) or self.model.qualname(iterable.func, loop.scope) is not None:
            return None
        if dotted(iterable.func) != "range" or len(positional_args(iterable)) != 1:
            return None
        bound = positional_args(iterable)[0]
        value = literal_value(bound)
        return None if isinstance(value, int) and value <= 1 else bound


def _returns_from_region(site: CallSite) -> bool:
    """`with autocast(...): ... return value`, also where the autocast is kept in a name first
    (`ctx = torch.autocast("cuda")`, later `with ctx:`); a function that returns anything when
    the regions cannot be found."""
    statement = site.statement
    regions = [statement] if isinstance(statement, cst.With) else _regions_entered(site)
    if regions:
        return any(
            isinstance(node.value, cst.BaseExpression) for region in regions for node in descendants(region.body, cst.Return)
        )
    return site.function is not None and bool(site.function.returns)


def _regions_entered(site: CallSite) -> list[cst.With]:
    """The `with NAME:` blocks of the same function that enter the autocast assigned to NAME
    (`NAME = torch.autocast(...)`, or one arm of `NAME = nullcontext() if final else autocast(...)`)."""
    names = site.assigned_names
    if not names or site.function is None:
        return []
    return [
        block
        for block in descendants(site.function.node, cst.With)
        if any(isinstance(item.item, cst.Name) and item.item.value in names for item in block.items)
    ]
