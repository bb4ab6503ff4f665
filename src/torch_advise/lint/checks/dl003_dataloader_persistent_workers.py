"""DL003: DataLoader workers started anew at every epoch."""

from __future__ import annotations

from collections.abc import Callable
from typing import Optional

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    SetKeyword,
)
from torch_advise.lint.analysis.facts import (
    DataLoaderCall,
    HandedLoader,
)
from torch_advise.lint.analysis.frameworks import lightning_fit_loaders, lightning_loader_hook, training_arguments
from torch_advise.lint.analysis.inline import MAX_CALL_DEPTH, loops_around
from torch_advise.lint.analysis.model import (
    CallSite,
    FunctionInfo,
    LoopInfo,
    Origin,
    Scope,
    TrainingModel,
)
from torch_advise.lint.analysis.syntax import (
    dotted,
    has_star_args,
    item_key,
    iterator_source,
    keyword_args,
    next_source,
    positional_args,
)
from torch_advise.lint.analysis.values import (
    is_zero,
    known_positive,
    positive,
    positive_test,
    possible_values,
    repeatable,
)
from torch_advise.lint.analysis.walk import descendants
from torch_advise.lint.syntax_tree import nodes as cst
from torch_advise.lint.syntax_tree.source import position

ITERATED_ANEW = (
    "DataLoader workers are started again every time iter() makes a new iterator of it inside the training loop "
    "(0.24-0.38 s each time measured)"
)


def _every_epoch(by: str = "") -> str:
    return f"DataLoader workers are shut down after every epoch and started again for the next{by} (0.24-0.38 s per epoch measured)"


def _handing(ctx: CheckContext, loader: DataLoaderCall) -> Callable[[CallSite], bool]:
    """Whether a call hands the loader over as one of its arguments."""

    def handing(site: CallSite) -> bool:
        return any(loader in ctx.facts.loaders_in(argument.value, site.scope) for argument in site.node.args)

    return handing


def _enclosing_loops(ctx: CheckContext, loop: LoopInfo, loader: DataLoaderCall) -> list[LoopInfo]:
    found = list(loop.parents)
    if loop.function is not None:
        found.extend(loops_around(ctx.model, loop.function, _handing(ctx, loader)))
    return found


def _built_in(model: TrainingModel, loader: DataLoaderCall) -> set[LoopInfo]:
    """Loops in which the DataLoader is constructed again on every iteration."""
    loops = set(loader.site.loops)
    if loader.site.function is not None:
        loops.update(loops_around(model, loader.site.function))
    return loops


def _epoch_loop(ctx: CheckContext, loader: DataLoaderCall) -> Optional[tuple[LoopInfo, LoopInfo]]:
    """A training loop around a loop over `loader`, with the loader built outside it: each of
    its iterations starts the loader's iteration, and so its workers, again. With the loop over
    the loader."""
    model = ctx.model
    rebuilt = _built_in(model, loader)
    for entry in ctx.facts.loader_loops.get(loader, []):
        for outer in _enclosing_loops(ctx, entry.loop, loader):
            if outer not in rebuilt and outer is not entry.loop and model.loop_trains(outer) and not _runs_once(ctx, outer):
                return outer, entry.loop
    return None


def _iterated_under_a_condition(model: TrainingModel, inner: LoopInfo, outer: LoopInfo) -> bool:
    """An `if` inside the training loop decides which of its passes run the loop over the
    loader: around it, or around every call in the training loop of the function holding it
    (`if nr_eval % 5 == 0: evaluate(model, val_data)`)."""
    if any(isinstance(branch.owner, cst.If) and branch not in outer.branches for branch in inner.branches):
        return True
    if outer in inner.parents or inner.function is None:
        return False
    callers = model.calls_to(inner.function)
    within = [caller for caller in callers if outer in caller.loops] or callers
    return bool(within) and all(_called_under_a_condition(model, caller, outer) for caller in within)


def _runs_once(ctx: CheckContext, loop: LoopInfo) -> bool:
    """`for epoch in range(epochs)` with `epochs = 1` written in the code: every value the count
    may hold is a literal of at most one, so the loader inside is iterated once. A command-line
    option's default of 1 is not: the run that matters may pass more. Nor does a loop whose body
    ends in a `break` of its own, outside any `if`, go round a second time."""
    node = loop.node
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    last = body[-1] if body else None
    if isinstance(last, cst.SimpleStatementLine) and any(isinstance(small, cst.Break) for small in last.body):
        return True
    if not isinstance(node, cst.For) or not isinstance(node.iter, cst.Call) or dotted(node.iter.func) != "range":
        return False
    arguments = positional_args(node.iter)
    if len(arguments) != 1:
        return False
    count = arguments[0]
    counts = [count] if isinstance(count, cst.Integer) else [origin.expr for origin in ctx.model.origins(count, loop.scope)]
    return bool(counts) and all(isinstance(count, cst.Integer) and int(count.value, 0) <= 1 for count in counts)


def _iterated_within_its_own_loop(ctx: CheckContext, loader: DataLoaderCall) -> bool:
    """A loop over the loader whose body iterates the same loader again (an evaluation on the
    training loader, cut short with `break`). Persistent workers share one iterator, which the
    inner loop resets: the outer loop's epoch would start over part-way."""
    outer_loops = [entry.loop for entry in ctx.facts.loader_loops.get(loader, [])]
    for loop in ctx.model.loops:
        if not isinstance(loop.node, cst.For) or loader not in ctx.facts.loaders_in(loop.node.iter, loop.scope):
            continue
        enclosing = _enclosing_loops(ctx, loop, loader)
        if any(outer is not loop and outer in enclosing for outer in outer_loops):
            return True
    return False


def _iterated_anew_while_training(ctx: CheckContext, loader: DataLoaderCall) -> bool:
    """`batches = iter(loader)` inside a loop that trains, the loader built outside it: the
    `except StopIteration:` of a step loop that draws batches with next(), or a validation batch
    drawn with next(iter(loader)) every few steps. Each new iterator starts the workers again."""
    rebuilt = _built_in(ctx.model, loader)
    for site in ctx.model.calls:
        source = iterator_source(site.node)
        if source is None or loader not in ctx.facts.loaders_in(source, site.scope):
            continue
        if any(loop not in rebuilt and ctx.model.loop_trains(loop) for loop in site.loops):
            return True
    return False


def _cycled_while_training(ctx: CheckContext, loader: DataLoaderCall) -> Optional[str]:
    """The generator that cycles the loader, when a training step draws batches from it:
    `batches = cycle(loader)` with `def cycle(loader): while True: for batch in loader: yield
    batch`, then `next(batches)` in a loop that trains or a function every step runs. Each pass
    through the data makes a new iterator of the loader, and starts its workers again."""
    rebuilt = _built_in(ctx.model, loader)
    each_step = ctx.steps.functions_each_step_runs
    for site in ctx.model.calls:
        source = next_source(site.node)
        if source is None:
            continue
        in_a_step = any(loop not in rebuilt and _trains(ctx, loop) for loop in site.loops) or (
            not site.loops and site.function is not None and site.function in each_step
        )
        if not in_a_step:
            continue
        for origin in ctx.model.origins(source, site.scope):
            if isinstance(origin.expr, cst.Call):
                name = _cycling_generator(ctx, origin.expr, origin.scope, loader)
                if name is not None:
                    return name
    return None


def _cycling_generator(ctx: CheckContext, call: cst.Call, scope: Scope, loader: DataLoaderCall) -> Optional[str]:
    """The name of the generator `call` runs, when it is one of the project's that cycles
    what the call hands it as the loader."""
    if has_star_args(call):
        return None
    callee = ctx.model.callee(call, scope)
    if isinstance(callee, FunctionInfo):
        own = ctx.project.own_summary
        module_level = callee.cls is None and callee.scope.parent is ctx.model.module_scope
        facts = own.functions.get(callee.name) if own is not None and module_level else None
        name = callee.name
    else:
        qualname = ctx.model.qualname(call.func, scope)
        facts = ctx.project.function_facts(qualname) if qualname is not None and "." in qualname else None
        name = (qualname or "").rpartition(".")[2]
    if facts is None or not facts.cycled:
        return None
    arguments = positional_args(call)
    keywords = keyword_args(call)
    for index, param in enumerate(facts.params):
        if param not in facts.cycled:
            continue
        handed = arguments[index] if index < len(arguments) else keywords.get(param)
        if handed is not None and loader in ctx.facts.loaders_in(handed, scope):
            return name
    return None


def _iterated_every_epoch_elsewhere(ctx: CheckContext, loader: DataLoaderCall, known: bool) -> Optional[str]:
    """Where another module of the project iterates the loader on every pass of its training
    loop, having got it from this module's function (`train, val = build_loaders(cfg)`) with
    workers: a count this module knows to be positive (`known`), or one the caller passes as a
    literal."""
    returned = ctx.facts.returned_from(loader)
    if returned is None:
        return None
    workers = loader.argument("num_workers")
    function = loader.site.function
    for use in ctx.project.epoch_uses(*returned):
        if known or (function is not None and _passed_positive(function, workers, use.literals)):
            if use.through is not None:
                return f"by {use.through}(), called at {use.site}, whose training loop iterates it on every pass"
            return f"by the training loop at {use.site} that iterates it"
    return None


def _passed_positive(function: FunctionInfo, workers: Optional[cst.BaseExpression], literals: dict) -> bool:
    """`build_loaders(batch_size=64, workers=4)` for `def build_loaders(batch_size, workers)`:
    the caller's literal for the parameter the worker count is."""
    if not isinstance(workers, cst.Name):
        return False
    names = [param.name.value for param in function.params]
    if workers.value not in names:
        return False
    value = literals.get(workers.value, literals.get(names.index(workers.value)))
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _iterated_every_epoch_by_lightning(ctx: CheckContext, loader: DataLoaderCall) -> Optional[str]:
    """How Lightning iterates the loader again and again: a hook of a LightningModule or
    LightningDataModule returns it, or it is handed to a Trainer's `fit`. Not where the file
    asks Lightning to build its loaders anew (`reload_dataloaders_every_n_epochs`)."""
    if "reload_dataloaders_every_n_epochs" in ctx.facts.identifiers:
        return None
    function = loader.site.function
    hook = lightning_loader_hook(ctx.model, function)
    if hook is not None and function is not None and any(loader in ctx.facts.loaders_in(r, function.scope) for r in function.returns):
        return hook
    for site, handed in lightning_fit_loaders(ctx.model):
        if loader in ctx.facts.loaders_in(handed, site.scope):
            return "Lightning's fit loop iterates it every epoch"
    return ctx.facts.handed_to_a_lightning_class(loader)


def _how_restarted(ctx: CheckContext, loader: DataLoaderCall, workers: cst.BaseExpression) -> Optional[str]:
    """What starts the loader's workers again and again, said for the message; None if nothing
    does, or if nothing shows that it has workers."""
    has_workers = known_positive(ctx.model, workers, loader.site.scope) or _configured_workers(ctx, workers, loader.site.scope)
    epoch = _epoch_loop(ctx, loader)
    if epoch is not None:
        if not has_workers or _iterated_within_its_own_loop(ctx, loader):
            return None
        if _iterated_under_a_condition(ctx.model, epoch[1], epoch[0]):
            return (
                "DataLoader workers are shut down after each pass over it and started again for the next, "
                "on the passes of the training loop that iterate it (0.24-0.38 s each time measured)"
            )
        return _every_epoch()
    if has_workers and _iterated_anew_while_training(ctx, loader):
        return ITERATED_ANEW
    cycling = _cycled_while_training(ctx, loader) if has_workers else None
    if cycling is not None:
        return (
            f"DataLoader workers are started again every time {cycling}() begins a new pass over the loader "
            "for the training steps that draw from it (0.24-0.38 s each time measured)"
        )
    lightning = _iterated_every_epoch_by_lightning(ctx, loader)
    if lightning is not None:
        return _every_epoch(f", as {lightning}") if has_workers else None
    elsewhere = _iterated_every_epoch_elsewhere(ctx, loader, has_workers)
    if elsewhere is not None:
        return _every_epoch(f", {elsewhere}")
    handed = _handed_every_epoch(ctx, loader) if has_workers else None
    if handed is None:
        return None
    name, conditional = handed
    when = "on the passes of the training loop that call it" if conditional else "on every pass of the training loop"
    return _every_epoch(f", by {name}() that iterates it {when}")


def _configured_workers(ctx: CheckContext, workers: cst.BaseExpression, scope: Scope) -> bool:
    """`num_workers=cfg["workers"]` or `config.train.num_workers` (or a name assigned it) on
    settings a call returned (`cfg = yaml.safe_load(f)`, a project's `load_config(path)` that
    wraps them in an EasyDict), where every YAML configuration file beside the module that sets
    the key sets it to a positive integer. Parsed command-line options are not such settings:
    their defaults decide."""
    for origin in [*ctx.model.origins(workers, scope), Origin(workers, scope)]:
        node = origin.expr
        if isinstance(node, cst.Subscript):
            key = item_key(node)
        elif isinstance(node, cst.Attribute):
            key = node.attr.value
        else:
            continue
        if key is None:
            continue
        root = node.value
        while isinstance(root, (cst.Subscript, cst.Attribute)):
            root = root.value
        loaded = any(
            isinstance(o.expr, cst.Call) and (dotted(o.expr.func) or "").rpartition(".")[2] not in PARSED_OPTIONS
            for o in ctx.model.origins(root, origin.scope)
        )
        if loaded and ctx.project.configured_positive(key):
            return True
    return False


# What returns parsed command-line options, whose attributes are not read from a YAML file.
PARSED_OPTIONS = {"parse_args", "parse_known_args", "parse_intermixed_args"}


def _handed_every_epoch(ctx: CheckContext, loader: DataLoaderCall) -> Optional[tuple[str, bool]]:
    """The function of another module that iterates the loader when a loop that trains, built
    around the loader rather than rebuilding it, calls it on every pass: `for epoch in ...:
    train_one_epoch(model, loader, device)`, or that iterates it on every pass of a loop of its
    own that trains (`trainer.fit(loader, epochs)`); with whether a condition in that loop
    decides which passes call it (`if epoch % 5 == 0: evaluate(model, loader)`)."""
    rebuilt = _built_in(ctx.model, loader)
    for handed in ctx.facts.handed_to_iteration(loader):
        if handed.param in handed.facts.iterated_each_pass and _hands_only(ctx, handed, loader):
            # `trainer.fit(loader, epochs)`: the function's own epoch loop iterates it anew.
            return handed.function.rsplit(".", 1)[-1], False
        loops = list(handed.site.loops)
        if handed.site.function is not None:
            # `evaluate(model, test_loader)` once after training is not `evaluate(model,
            # val_loader)` every epoch: only the calls that hand this loader on count.
            loops.extend(loops_around(ctx.model, handed.site.function, _handing(ctx, loader)))
        for loop in loops:
            if loop not in rebuilt and not _runs_once(ctx, loop) and (handed.facts.trains or _trains(ctx, loop)):
                return handed.function.rsplit(".", 1)[-1], _called_under_a_condition(ctx.model, handed.site, loop)
    return None


def _hands_only(ctx: CheckContext, handed: HandedLoader, loader: DataLoaderCall) -> bool:
    """The call hands this loader and no other as the parameter (not a name bound to another
    loader on another path), so the message names what iterates this one."""
    return ctx.facts.loaders_in(handed.argument, handed.site.scope) == [loader]


def _called_under_a_condition(model: TrainingModel, site: CallSite, loop: LoopInfo, depth: int = 0) -> bool:
    """An `if` inside the loop holds the call: around it, or around every call in the loop of
    the function that makes it (`if it % 1000 == 0: validate(it)`), or in that function."""
    if any(isinstance(branch.owner, cst.If) and branch not in loop.branches for branch in site.branches):
        return True
    if loop in site.loops or site.function is None or depth >= MAX_CALL_DEPTH:
        return False
    callers = model.calls_to(site.function)
    within = [caller for caller in callers if loop in caller.loops] or callers
    return bool(within) and all(_called_under_a_condition(model, caller, loop, depth + 1) for caller in within)


def _trains(ctx: CheckContext, loop: LoopInfo) -> bool:
    """The loop runs a backward in this file, or calls a function or a method of a class of
    another module that trains."""
    return ctx.model.loop_trains(loop) or any(ctx.facts.trains_elsewhere(site) for site in loop.calls)


def _persistent_setting(ctx: CheckContext, workers: cst.BaseExpression, scope: Scope) -> Optional[str]:
    # An attribute (`CFG.num_workers`) is one any module may set to 0 before the loader is built.
    if positive(ctx.model, workers, scope) and not isinstance(workers, cst.Attribute):
        return "True"
    if repeatable(ctx.model, workers, scope):
        # persistent_workers=True with no workers raises ValueError, so tie it to the count.
        return positive_test(ctx.model, workers)
    return None


def _trainer_arguments(ctx: CheckContext) -> None:
    """The Hugging Face Trainer builds its loaders from TrainingArguments and iterates them for
    num_train_epochs, 3 by default: workers without dataloader_persistent_workers restart each."""
    for arguments in training_arguments(ctx.model):
        if arguments.opaque or "dataloader_persistent_workers" in arguments.keywords:
            continue
        workers = arguments.keywords.get("dataloader_num_workers")
        scope = arguments.site.scope
        # A count read from a configuration this file cannot see may well be 0, and then there
        # is nothing to restart: it must be known positive where it comes from.
        if workers is None or not known_positive(ctx.model, workers, scope):
            continue
        if not _more_than_one_epoch(ctx, arguments.keywords.get("num_train_epochs"), scope) or "max_steps" in arguments.keywords:
            continue  # epochs not known to be several, or as many as max_steps makes of the data
        setting = _persistent_setting(ctx, workers, scope)
        default = "; num_train_epochs is 3 by default" if "num_train_epochs" not in arguments.keywords else ""
        ctx.report(
            arguments.site.node,
            "the Trainer shuts its DataLoader workers down after every epoch and starts them again for the next "
            f"(0.24-0.38 s per epoch measured{default}): "
            f"set dataloader_persistent_workers={setting or 'True when there are workers'} (transformers 4.34 or newer)",
            (SetKeyword(arguments.site.node, "dataloader_persistent_workers", setting),) if setting else (),
        )


def _more_than_one_epoch(ctx: CheckContext, epochs: Optional[cst.BaseExpression], scope: Scope) -> bool:
    """`num_train_epochs` left at its default of 3, or every value it may hold known to be more
    than 1 (`epochs = 4`, an argparse default of 10): one from a configuration this file cannot
    read may be 1, and then no worker is started twice."""
    if epochs is None:
        return True
    values = possible_values(ctx.model, epochs, scope)
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) and v > 1 for v in values)


def _dataset_changed_by_the_main_process(ctx: CheckContext, loader: DataLoaderCall) -> bool:
    """The code calls a method of the loader's dataset, or sets one of its attributes, after
    building the loader (`dataset_train.load_next_buffer()` at each epoch): workers started anew
    copy the dataset as it is then, persistent ones would keep the first copy and train on stale
    data. A read of an attribute changes nothing, nor does a call after the last loop that trains
    in the scope that builds the loader (`val_set.rescale(prediction)` in a final evaluation):
    training is over by then."""
    dataset = loader.argument("dataset")
    if not isinstance(dataset, cst.Name):
        return False
    model = ctx.model
    held = {id(origin.expr) for origin in model.origins(dataset, loader.site.scope)}
    built = position(loader.node)[0][0]
    trained_until = max(
        (position(loop.node)[1][0] for loop in model.loops if loop.scope is loader.site.scope and _trains(ctx, loop)), default=None
    )

    def same_object(expr: cst.BaseExpression, scope: Scope, at: cst.CSTNode) -> bool:
        line = position(at)[0][0]
        return (
            isinstance(expr, cst.Name) and expr.value == dataset.value and line > built
            and not (scope is loader.site.scope and trained_until is not None and line > trained_until)
            and any(id(origin.expr) in held for origin in model.origins(expr, scope))
        )

    if any(site.receiver is not None and same_object(site.receiver, site.scope, site.node) for site in model.calls):
        return True
    for scope in [model.module_scope, *(function.scope for function in model.functions)]:
        for target in descendants(scope.node, cst.AssignTarget):
            stored = target.target
            if isinstance(stored, cst.Attribute) and same_object(stored.value, scope, target):
                return True
    return False


def check(ctx: CheckContext) -> None:
    _trainer_arguments(ctx)
    for loader in ctx.facts.dataloaders:
        # A persistent_workers written out, False included, is the author's choice: workers that
        # must see the main process's dataset change between epochs have to be started anew.
        if not loader.settable("persistent_workers", "num_workers") or loader.argument("persistent_workers") is not None:
            continue
        workers = loader.argument("num_workers")
        if workers is None or all(is_zero(v) for v in possible_values(ctx.model, workers, loader.site.scope)):
            continue
        restarted = _how_restarted(ctx, loader, workers)
        if restarted is None or _dataset_changed_by_the_main_process(ctx, loader):
            continue
        setting = _persistent_setting(ctx, workers, loader.site.scope)
        if all(argument.value is not workers for argument in loader.node.args):
            # Spread from a dict of settings (`**kwargs`), which may hold workers only on the GPU:
            # the setting belongs beside them there, and a keyword here could be given twice.
            ctx.report(loader.node, f'{restarted}: add "persistent_workers": {setting or "True"} to the settings it spreads beside num_workers')
            continue
        ctx.report(
            loader.node,
            f"{restarted}: set persistent_workers={setting or 'True when there are workers'}",
            (SetKeyword(loader.node, "persistent_workers", setting),) if setting else (),
        )
