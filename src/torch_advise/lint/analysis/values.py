"""The values an expression may hold: literals, argparse defaults, and expressions safe to repeat."""

from __future__ import annotations

from typing import Optional

from torch_advise.lint.analysis.command_line import Option
from torch_advise.lint.analysis.model import (
    CallSite,
    Scope,
    TrainingModel,
)
from torch_advise.lint.analysis.syntax import (
    NOT_LITERAL,
    argparse_dest,
    dotted,
    is_parse_args_call,
    keyword_args,
    literal_node,
    literal_value,
    positional_args,
    string_value,
)
from torch_advise.lint.syntax_tree import nodes as cst

# Calls that may be repeated in a fix without changing what the program does.
CPU_COUNTS = {"os.cpu_count", "multiprocessing.cpu_count"}
PURE_CALLS = {"min", "max", "int", "len", "abs", *CPU_COUNTS}


def argparse_declarations(model: TrainingModel, expr: cst.CSTNode, scope: Scope) -> Optional[list[cst.Call]]:
    """`args.workers` where `args = parser.parse_args()`: the `add_argument` calls that declare
    it, or `FLAGS.workers` of absl: the `flags.DEFINE_integer("workers", 8, ...)` calls; None
    when `expr` is not such a read. A declaration is its own (the origin of a parameter that
    `main(**vars(args))` fills)."""
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "add_argument":
        return [expr]
    if not isinstance(expr, cst.Attribute):
        return None
    declared = _hyperparameter_declarations(model, expr, scope)
    if declared:
        return declared
    origins = model.origins(expr.value, scope)
    if any(model.qualname(o.expr, o.scope) == "absl.flags.FLAGS" for o in origins):
        return [site.node for site in model.calls if _absl_flag_defined(model, site) == expr.attr.value]
    if not any(is_parse_args_call(o.expr) for o in origins):
        return None
    return [site.node for site in model.calls if site.method == "add_argument" and argparse_dest(site.node) == expr.attr.value]


def _hyperparameter_declarations(model: TrainingModel, expr: cst.Attribute, scope: Scope) -> list[cst.Call]:
    """`self.hparams.num_workers` in a method of a class that declares `--num_workers` itself,
    or whose base of this file does (Lightning's `add_model_specific_args(parent_parser)`): the
    hyperparameters the instance saved are the options parsed with that declaration."""
    function = scope.function
    hparams = expr.value
    if function is None or function.cls is None or function.self_name is None:
        return []
    if not (isinstance(hparams, cst.Attribute) and hparams.attr.value == "hparams" and dotted(hparams.value) == function.self_name):
        return []
    lineage = model.class_lineage(function.cls)
    return [
        site.node for site in model.calls
        if site.method == "add_argument" and site.scope.function is not None and site.scope.function.cls in lineage
        and argparse_dest(site.node) == expr.attr.value
    ]


def _absl_flag_defined(model: TrainingModel, site: CallSite) -> Optional[str]:
    """The flag `flags.DEFINE_integer("workers", 8, "...")` defines."""
    if not (site.method or "").startswith("DEFINE_") or not (model.qualname(site.node.func, site.scope) or "").startswith("absl.flags."):
        return None
    given = keyword_args(site.node).get("name")
    positional = positional_args(site.node)
    if given is None and positional:
        given = positional[0]
    return string_value(given) if given is not None else None


def declared_default(call: cst.Call) -> Optional[cst.CSTNode]:
    """The default an option's declaration writes out: `default=`, or absl's second argument."""
    keywords = keyword_args(call)
    if "default" in keywords:
        return keywords["default"]
    if isinstance(call.func, cst.Attribute) and call.func.attr.value.startswith("DEFINE_"):
        positional = positional_args(call)
        return positional[1] if len(positional) > 1 else None
    return None


def holds_parsed_options(model: TrainingModel, expr: cst.BaseExpression, scope: Scope) -> bool:
    """`args` where `args = parser.parse_args()`, or a call of a function that returns options
    parsed here or in another module of the project (`args = parse_command_line_arguments()`):
    an argparse.Namespace."""
    if not isinstance(expr, cst.Name):
        return False
    return any(
        isinstance(origin.expr, cst.Call)
        and (is_parse_args_call(origin.expr) or model.options_elsewhere(origin.expr, origin.scope) is not None)
        for origin in model.origins(expr, scope)
    )


def options_parsed_elsewhere(model: TrainingModel, expr: cst.CSTNode, scope: Scope) -> Optional[list[tuple[Option, str]]]:
    """`args.workers` where `args = parse_args()` returns the options another module of the
    project parses (or `opt = TrainOptions().parse()`): the option it reads, as that module
    declares it, with the module's path; None when `expr` is not such a read."""
    if not isinstance(expr, cst.Attribute):
        return None
    found = []
    for origin in model.origins(expr.value, scope):
        if isinstance(origin.expr, cst.Call):
            options = model.options_elsewhere(origin.expr, origin.scope)
            if options is not None and expr.attr.value in options:
                found.append(options[expr.attr.value])
    return found or None


def argparse_defaults(model: TrainingModel, expr: cst.CSTNode, scope: Scope) -> Optional[list[cst.CSTNode]]:
    """`args.workers` where `args = parser.parse_args()` (or absl's `FLAGS.workers`, or options
    another module of the project parses): the defaults of the declarations (a literal `False`
    for store_true); None when `expr` is not such a read."""
    declared = argparse_declarations(model, expr, scope)
    if not declared:
        # `parser = TrainArgParser(); args = parser.parse_args()` parses what another module declares.
        elsewhere = options_parsed_elsewhere(model, expr, scope)
        if elsewhere is not None:
            return [literal_node(option.default) for option, _ in elsewhere]
    if declared is None:
        return None
    defaults: list[cst.CSTNode] = []
    for call in declared:
        default = declared_default(call)
        if default is not None:
            defaults.append(default)
        elif string_value(keyword_args(call).get("action", cst.Name("None"))) == "store_true":
            defaults.append(cst.Name("False"))
        else:
            defaults.append(cst.Name("None"))
    return defaults or None


def possible_values(model: TrainingModel, expr: cst.BaseExpression, scope: Scope) -> list[object]:
    """The literal values an expression may hold; NOT_LITERAL stands for any value we cannot see."""
    values: list[object] = []
    for origin in model.origins(expr, scope):
        defaults = argparse_defaults(model, origin.expr, origin.scope)
        if defaults is not None:
            values.extend(literal_value(d) for d in defaults)
        else:
            values.append(literal_value(origin.expr))
    return values or [NOT_LITERAL]


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_zero(value: object) -> bool:
    return is_int(value) and value == 0


def positive(model: TrainingModel, expr: cst.BaseExpression, scope: Scope, asked: frozenset[int] = frozenset()) -> bool:
    """Always more than 0: `4`, `os.cpu_count()` (or multiprocessing's), `min(8, os.cpu_count() or 1)`."""
    origins = model.origins(expr, scope)
    return bool(origins) and all(positive_value(model, o.expr, o.scope, asked) for o in origins)


def positive_value(model: TrainingModel, expr: cst.CSTNode, scope: Scope, asked: frozenset[int] = frozenset()) -> bool:
    """`asked`: the values being decided further up. `n = min(n, os.cpu_count())` holds what `n`
    held before or less, so a value met again adds nothing: it is positive if the others are."""
    if id(expr) in asked:
        return True
    asked = asked | {id(expr)}
    value = literal_value(expr)
    if is_int(value):
        return value > 0  # type: ignore[operator]
    if isinstance(expr, cst.BooleanOperation) and isinstance(expr.operator, cst.Or):
        return positive(model, expr.left, scope, asked) and positive(model, expr.right, scope, asked)
    if isinstance(expr, cst.Call):
        name = model.qualname(expr.func, scope) or dotted(expr.func)
        arguments = [a.value for a in expr.args if not a.star]
        if name in CPU_COUNTS:
            # os's is None only where the count is unknown, and then `min`/`or` around it decide;
            # multiprocessing's raises there instead.
            return True
        if name == "min" and arguments and len(arguments) == len(expr.args):
            return all(positive(model, a, scope, asked) for a in arguments)
        if name == "max" and arguments:
            return any(positive(model, a, scope, asked) for a in arguments)
    return False


def known_positive(model: TrainingModel, expr: cst.BaseExpression, scope: Scope, asked: frozenset[int] = frozenset()) -> bool:
    """Some value the expression may hold is known to be more than 0: `4`, a default of the
    function or of argparse, `os.cpu_count()`, `n or 2`, `n if n else 4`. `asked`: the
    expressions being decided further up (`a = x or b`, `b = y or a` lead back to each other)."""
    if id(expr) in asked:
        return False
    asked = asked | {id(expr)}
    if positive(model, expr, scope):
        return True
    for origin in model.origins(expr, scope):
        node = origin.expr
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or) and node.right is not expr:
            if known_positive(model, node.right, origin.scope, asked):
                return True
        elif isinstance(node, cst.IfExp) and expr not in (node.body, node.orelse):
            if known_positive(model, node.body, origin.scope, asked) or known_positive(model, node.orelse, origin.scope, asked):
                return True
        else:
            values = [literal_value(d) for d in argparse_defaults(model, node, origin.scope) or [node]]
            if any(is_int(v) and v > 0 for v in values):  # type: ignore[operator]
                return True
    return False


def repeatable(model: TrainingModel, expr: cst.BaseExpression, scope: Scope) -> bool:
    """An expression a fix may write a second time: names, attributes, literals, arithmetic and
    calls without side effects such as `min(8, os.cpu_count())`."""
    if isinstance(expr, (cst.Name, cst.Integer, cst.SimpleString)):
        return True
    if isinstance(expr, (cst.Attribute, cst.Subscript)):
        return repeatable(model, expr.value, scope)
    if isinstance(expr, cst.BinaryOperation):
        return repeatable(model, expr.left, scope) and repeatable(model, expr.right, scope)
    if isinstance(expr, cst.BooleanOperation):
        return repeatable(model, expr.left, scope) and repeatable(model, expr.right, scope)
    if isinstance(expr, cst.IfExp):
        return all(repeatable(model, part, scope) for part in (expr.test, expr.body, expr.orelse))
    if isinstance(expr, cst.Comparison):
        return repeatable(model, expr.left, scope) and all(repeatable(model, c.comparator, scope) for c in expr.comparisons)
    if isinstance(expr, cst.Call):
        name = model.qualname(expr.func, scope) or dotted(expr.func)
        return name in PURE_CALLS and not any(a.star for a in expr.args) and all(
            repeatable(model, a.value, scope) for a in expr.args
        )
    return False


def positive_test(model: TrainingModel, workers: cst.BaseExpression) -> str:
    """`<workers> > 0` as source, parenthesised where the expression binds more loosely."""
    text = model.module.code_for_node(workers)
    if not isinstance(workers, (cst.Name, cst.Attribute, cst.Subscript, cst.Call, cst.Integer)):
        text = f"({text})"
    return f"{text} > 0"
