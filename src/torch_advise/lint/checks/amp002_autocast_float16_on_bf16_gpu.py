"""AMP002: float16 autocast, or a pure float16 model, on a GPU that has bfloat16."""

from __future__ import annotations

from typing import Optional

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.edits import (
    Edit,
    EnsureImport,
    ReplaceNode,
    SetKeyword,
)
from torch_advise.lint.analysis.facts import (
    CUDA_AUTOCAST,
    FLOAT16,
)
from torch_advise.lint.analysis.frameworks import is_accelerator, is_lightning, training_arguments
from torch_advise.lint.analysis.model import (
    CallSite,
    Scope,
)
from torch_advise.lint.analysis.purpose import NAMED_FLOAT16, benchmark_of, bfloat16_flag
from torch_advise.lint.analysis.syntax import (
    NOT_LITERAL,
    dotted,
    has_star_args,
    keyword_args,
    literal_value,
)
from torch_advise.lint.analysis.walk import descendants
from torch_advise.lint.syntax_tree import nodes as cst
from torch_advise.lint.syntax_tree.source import code


def _all_float16(ctx: CheckContext, expr: cst.BaseExpression, scope: Scope) -> bool:
    origins = ctx.model.origins(expr, scope)
    return bool(origins) and all(ctx.model.qualname(o.expr, o.scope) in FLOAT16 for o in origins)


def _half_models(ctx: CheckContext, gpu: str) -> None:
    """`model.half()` on a model whose parameters an optimizer trains."""
    trained = ctx.steps.optimized_models
    for site in ctx.model.calls:
        if site.method != "half" or site.node.args:
            continue
        assert site.receiver is not None  # a call with a method name has a receiver
        names = {ctx.model.module.code_for_node(site.receiver)} | _assigned_names(site)
        if names & trained:
            ctx.report(
                site.node,
                f"the model is trained in pure float16 on a GPU with bfloat16 ({gpu}): keep float32 "
                "weights and train under torch.autocast('cuda', dtype=torch.bfloat16)",
            )


# Calls under an autocast whose result is thrown away but that may still train.
TRAINING_METHODS = {"backward", "step"}


def _keeps_nothing(ctx: CheckContext, site: CallSite) -> bool:
    """`with autocast(): self.model.update_extra_state()`: the block only calls what this file
    cannot see into and keeps no result, so nothing computed under it reaches a loss this file
    backpropagates (a grid refresh, a sampler run for its side effects)."""
    statement = site.statement
    if not isinstance(statement, cst.With):
        return False
    body = statement.body
    lines = body.body if isinstance(body, cst.IndentedBlock) else [body]
    for line in lines:
        if not isinstance(line, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            return False
        for small in line.body:
            if not isinstance(small, cst.Expr) or not isinstance(small.value, cst.Call):
                return False
            call = small.value
            if ctx.model.callee(call, site.scope) is not None:
                return False  # a function of this file: the steps' analysis sees what it does
            if isinstance(call.func, cst.Attribute) and call.func.attr.value in TRAINING_METHODS:
                return False
    return True


def _assigned_names(site: CallSite) -> set[str]:
    statement = site.statement
    names: set[str] = set()
    if isinstance(statement, cst.SimpleStatementLine):
        for small in statement.body:
            if isinstance(small, cst.Assign) and small.value is site.node:
                names.update(code(t.target) for t in small.targets)
    return names


# Names by which a module builds or loads CUDA extensions of the project's own.
EXTENSION_BUILDERS = frozenset({"cpp_extension", "CUDAExtension", "load_inline", "BuildExtension"})

# Each framework's float16 setting: the value it is written with, and what asks for bfloat16.
LIGHTNING_FLOAT16 = {16, "16", "16-mixed"}
# Trainer settings Lightning 2.0 removed: a Trainer given one is written for Lightning 1.x, which
# spells bfloat16 "bf16", and only from 1.5 on (`pytorch-lightning==1.3.5` has none).
LIGHTNING_1_ONLY = frozenset({
    "gpus", "tpu_cores", "ipus", "amp_level", "amp_backend", "distributed_backend", "progress_bar_refresh_rate",
    "auto_lr_find", "auto_scale_batch_size", "resume_from_checkpoint", "weights_summary", "checkpoint_callback",
    "replace_sampler_ddp", "track_grad_norm", "flush_logs_every_n_steps", "terminate_on_nan",
})


def _framework_float16(ctx: CheckContext, gpu: str) -> None:
    """Float16 mixed precision asked of a framework: `TrainingArguments(fp16=True)`,
    `Trainer(precision="16-mixed")`, `Accelerator(mixed_precision="fp16")`."""
    message = f"{{}} runs float16 mixed precision on a GPU with bfloat16 ({gpu}): use {{}}, as fast and needs no loss scaling"
    for arguments in training_arguments(ctx.model):
        fp16 = arguments.keywords.get("fp16")
        if fp16 is not None and not arguments.opaque and literal_value(fp16) is True and "bf16" not in arguments.keywords:
            argument = next(a for a in arguments.site.node.args if a.keyword is not None and a.keyword.value == "fp16")
            assert argument.keyword is not None  # found by its keyword
            ctx.report(fp16, message.format("the Trainer", "bf16=True"), (ReplaceNode(argument.keyword, "bf16"),))
    for site in ctx.model.calls:
        name = ctx.model.call_name(site)
        keywords = keyword_args(site.node)
        if is_lightning(name, "Trainer") and "precision" in keywords and not LIGHTNING_1_ONLY & keywords.keys():
            value = _float16_setting(keywords["precision"], LIGHTNING_FLOAT16)
            if value is not None:
                ctx.report(value, message.format("Lightning", 'precision="bf16-mixed"'), (ReplaceNode(value, '"bf16-mixed"'),))
        elif is_accelerator(name) and "mixed_precision" in keywords:
            value = _float16_setting(keywords["mixed_precision"], {"fp16"})
            if value is not None:
                ctx.report(value, message.format("accelerate", 'mixed_precision="bf16"'), (ReplaceNode(value, '"bf16"'),))


def _float16_setting(value: cst.BaseExpression, float16: set) -> Optional[cst.BaseExpression]:
    """The literal that asks for float16: the value, or the arm of a choice between literals
    that does (`precision=16 if torch.cuda.is_available() else 32`, float16 on every GPU)."""
    if isinstance(value, cst.IfExp):
        arms = [arm for arm in (value.body, value.orelse) if literal_value(arm) in float16]
        others = [arm for arm in (value.body, value.orelse) if arm not in arms]
        # Both arms literals: a choice between float16 and a precision named outright.
        if len(arms) == 1 and literal_value(others[0]) is not NOT_LITERAL:
            return arms[0]
        return None
    return value if literal_value(value) in float16 else None


def _float16_by_design(ctx: CheckContext) -> bool:
    """The project keeps weights in float16 (a frozen model built or loaded that way here or in a
    neighbouring module: every step would cast it to bfloat16), or has CUDA kernels of its own
    that take no bfloat16 (the advice would make them raise)."""
    own = ctx.project.own_summary
    nearby = [summary for summary in (own, *ctx.project.neighbours()) if summary is not None]
    if any(summary.float16_weights for summary in nearby):
        return True
    # The project's kernels matter where this file or a neighbour builds or loads extensions.
    builds_kernels = any(
        summary.identifiers & EXTENSION_BUILDERS or any(EXTENSION_BUILDERS & set(reference.parts) for reference, _ in summary.imports.values())
        for summary in nearby
    )
    return builds_kernels and bool(ctx.project.kernels_without_bfloat16())


def check(ctx: CheckContext) -> None:
    if not ctx.target.supports_bf16 or ctx.facts.float16_weights or benchmark_of(ctx.path, NAMED_FLOAT16):
        return
    found = CheckContext(ctx.code, ctx.analysis)
    _autocasts(found)
    # The project is read only for a file with something to report.
    if found.violations and not _float16_by_design(ctx):
        ctx.violations.extend(found.violations)


def _offered_beside_bfloat16(ctx: CheckContext) -> set[int]:
    """The calls that are one value of a table, or one arm of a conditional expression, another
    of which is a bfloat16 autocast (`{"bf16": autocast(dtype=torch.bfloat16), "fp16":
    autocast(dtype=torch.float16)}[args.precision]`): the precision is picked at run time, and
    bfloat16 is already on offer."""
    found: set[int] = set()
    for node in descendants(ctx.model.module, (cst.Dict, cst.IfExp)):
        if isinstance(node, cst.IfExp):
            values = [node.body, node.orelse]
        else:
            assert isinstance(node, cst.Dict)
            values = [element.value for element in node.elements if isinstance(element, cst.DictElement)]
        calls = [value for value in values if isinstance(value, cst.Call)]
        if any(attribute.attr.value == "bfloat16" for call in calls for attribute in descendants(call, cst.Attribute)):
            found.update(id(call) for call in calls)
    return found


def _autocasts(ctx: CheckContext) -> None:
    model = ctx.model
    offered: Optional[set[int]] = None
    inner = ctx.project.float16_autocast_imported() if ctx.facts.autocasts else None
    if inner is not None:
        # The model's own float16 autocast keeps needing the scaler until it changes too.
        scaler_note = f"; {inner} enters a float16 autocast of its own: change it too"
    else:
        scaler_note = "; the GradScaler then becomes unnecessary" if ctx.facts.grad_scalers else ""
    gpu = f"sm_{ctx.target.compute_capability[0]}{ctx.target.compute_capability[1]}"
    for site in ctx.facts.autocasts:
        if ctx.model.call_name(site) == "torch.cpu.amp.autocast":
            continue
        if ctx.steps.runs_inference_only(site) or _keeps_nothing(ctx, site):
            continue  # nothing to scale there, and float16 keeps more mantissa than bfloat16
        call = site.node
        arguments = ctx.facts.autocast_arguments(site)
        if has_star_args(call) or arguments.switched_off:
            continue  # a dtype or switch hidden in **kwargs may well be right
        if site.discarded:
            continue  # `torch.cuda.amp.autocast(enabled=True)` as a statement: never entered
        offered = _offered_beside_bfloat16(ctx) if offered is None else offered
        if id(call) in offered:
            continue
        device, dtype, cuda_only = arguments.device, arguments.dtype, arguments.cuda_only
        if dtype is not None and bfloat16_flag(call):
            continue  # AMP011 reports a float16 dtype under a flag that asks for bfloat16
        if not cuda_only and (device is None or not ctx.facts.can_be_cuda(device, site.scope)):
            continue
        message = (
            f"autocast runs in float16 on a GPU with bfloat16 ({gpu}): use dtype=torch.bfloat16, "
            f"as fast and needs no loss scaling{scaler_note}"
        )
        if dtype is None:
            torch_name = model.module_alias("torch")
            edits: tuple[Edit, ...] = (SetKeyword(call, "dtype", f"{torch_name or 'torch'}.bfloat16"),)
            if torch_name is None:
                edits += (EnsureImport("torch"),)
            ctx.report(call, message, edits)
        elif _all_float16(ctx, dtype, site.scope):
            direct = model.qualname(dtype, site.scope) in FLOAT16
            edits = (ReplaceNode(dtype, f"{dotted(dtype.value)}.bfloat16"),) if direct and isinstance(dtype, cst.Attribute) else ()
            ctx.report(dtype, message, edits)
    _bound_autocasts(ctx, gpu, scaler_note)
    _half_models(ctx, gpu)
    _framework_float16(ctx, gpu)


def _bound_autocasts(ctx: CheckContext, gpu: str, scaler_note: str) -> None:
    """`amp_autocast = torch.cuda.amp.autocast`, entered by a training step as `with
    amp_autocast():`, the name handed down as an argument or not: reported where the name is
    bound, the one place to change, once for every step that enters it. The entering call gets
    no dtype from a fix, for the name may also hold `contextlib.suppress`."""
    reported: set[int] = set()
    for site in ctx.model.calls:
        call = site.node
        entered = isinstance(site.statement, cst.With) and any(item.item is call for item in site.statement.items)
        if not entered or not isinstance(call.func, cst.Name) or call.args or ctx.model.call_name(site) == CUDA_AUTOCAST:
            continue
        bound = [
            origin for origin in ctx.model.origins(call.func, site.scope)
            if isinstance(origin.expr, (cst.Name, cst.Attribute)) and ctx.model.qualname(origin.expr, origin.scope) == CUDA_AUTOCAST
        ]
        if not bound or ctx.steps.runs_inference_only(site):
            continue
        for origin in bound:
            if id(origin.expr) not in reported:
                reported.add(id(origin.expr))
                ctx.report(
                    origin.expr,
                    f"the autocast bound here, which a training step enters as `with {code(call.func)}():`, runs in "
                    f'float16 on a GPU with bfloat16 ({gpu}): bind functools.partial(torch.autocast, "cuda", '
                    f"dtype=torch.bfloat16), as fast and needs no loss scaling{scaler_note}",
                )
