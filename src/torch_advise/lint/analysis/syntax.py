"""Questions about syntax alone: a call's arguments, a literal's value, a chain of names."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Optional, Union

from torch_advise.lint.analysis.walk import descendants
from torch_advise.lint.syntax_tree import nodes as cst

Expr = cst.BaseExpression
Loop = Union[cst.For, cst.While]

def dotted(expr: cst.CSTNode) -> Optional[str]:
    """`a.b.c` as text for a chain of names; None for anything else."""
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):
        head = dotted(expr.value)
        return f"{head}.{expr.attr.value}" if head else None
    return None


def keyword_args(call: cst.Call) -> dict[str, Expr]:
    return {a.keyword.value: a.value for a in call.args if a.keyword is not None}


def positional_args(call: cst.Call) -> list[Expr]:
    return [a.value for a in call.args if a.keyword is None and not a.star]


def next_source(call: cst.Call) -> Optional[Expr]:
    """The iterator an item is taken from: `it` of `next(it)`, of `it.__next__()`, and of
    `it.next()`, Python 2's spelling, which DataLoader iterators kept through torch 1.x."""
    if dotted(call.func) == "next":
        arguments = positional_args(call)
        return arguments[0] if arguments else None
    if isinstance(call.func, cst.Attribute) and call.func.attr.value in ("__next__", "next") and not call.args:
        return call.func.value
    return None


def iterator_source(call: cst.Call) -> Optional[Expr]:
    """What a new iterator is made of: `loader` of `iter(loader)` and of `loader.__iter__()`."""
    if dotted(call.func) == "iter":
        arguments = positional_args(call)
        return arguments[0] if len(arguments) == 1 else None
    if isinstance(call.func, cst.Attribute) and call.func.attr.value == "__iter__" and not call.args:
        return call.func.value
    return None


def device_argument(call: cst.Call) -> Optional[Expr]:
    """The device a `.to(...)` call names: its `device=` keyword, else its first positional
    argument (which may be a dtype); None for `.to(dtype=...)`."""
    device = keyword_args(call).get("device")
    if device is None:
        positional = positional_args(call)
        device = positional[0] if positional else None
    return device


def has_star_args(call: cst.Call) -> bool:
    return any(a.star for a in call.args)


def string_value(expr: cst.CSTNode) -> Optional[str]:
    if isinstance(expr, cst.SimpleString):
        return expr.evaluated_value if isinstance(expr.evaluated_value, str) else None
    if isinstance(expr, cst.ConcatenatedString):
        parts = [string_value(expr.left), string_value(expr.right)]
        return None if None in parts else "".join(parts)  # type: ignore[arg-type]
    return None


def item_key(expr: cst.CSTNode) -> Optional[str]:
    """`"device"` of `args["device"]`: a subscript by one string."""
    if not isinstance(expr, cst.Subscript) or len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Index):
        return None
    return string_value(expr.slice[0].slice.value)


def literal_value(expr: cst.CSTNode) -> object:
    """The value of a literal (True, 0, "x", None, -1); NOT_LITERAL for anything else."""
    if isinstance(expr, cst.Name) and expr.value in ("True", "False", "None"):
        return {"True": True, "False": False, "None": None}[expr.value]
    if isinstance(expr, cst.Integer):
        return int(expr.value.replace("_", ""), 0)
    if isinstance(expr, cst.Float):
        return float(expr.value.replace("_", ""))
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        inner = literal_value(expr.expression)
        return -inner if isinstance(inner, (int, float)) and not isinstance(inner, bool) else NOT_LITERAL
    text = string_value(expr)
    return text if text is not None else NOT_LITERAL


NOT_LITERAL = object()


def literal_node(value: object) -> cst.BaseExpression:
    """The expression writing a literal value out (`4`, `-1`, `"cuda"`, `True`); for any other
    value (NOT_LITERAL), `...`, which holds nothing the checks can read."""
    if value is None or isinstance(value, bool):
        return cst.Name(str(value))
    if isinstance(value, (int, float)):
        number: cst.BaseExpression = cst.Integer(str(abs(value))) if isinstance(value, int) else cst.Float(repr(abs(value)))
        return cst.UnaryOperation(cst.Minus(), number) if value < 0 else number
    if isinstance(value, str):
        return cst.SimpleString(repr(value))
    return cst.Ellipsis()


def root_name(expr: cst.CSTNode) -> Optional[str]:
    """`batch` for `batch`, `batch[0]`, `batch.x`, `batch["x"].float()`."""
    while True:
        if isinstance(expr, cst.Name):
            return expr.value
        if isinstance(expr, (cst.Attribute, cst.Subscript)):
            expr = expr.value
        elif isinstance(expr, cst.Call):
            expr = expr.func
        else:
            return None


def calls_in(node: cst.CSTNode) -> list[cst.Call]:
    """Every call under `node`, in source order."""
    return descendants(node, cst.Call)


def target_names(target: cst.CSTNode) -> Iterator[str]:
    if isinstance(target, cst.Name):
        yield target.value
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from target_names(element.value)
    elif isinstance(target, cst.StarredElement):
        yield from target_names(target.value)



def scale_arguments(expr: cst.CSTNode) -> Optional[list[Expr]]:
    """The positional arguments of `scaler.scale(loss)`, a loss multiplied by a GradScaler's
    factor before backward; None for any other expression."""
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "scale":
        return positional_args(expr)
    return None


def is_parse_args_call(expr: cst.CSTNode) -> bool:
    """`parser.parse_args()`: what holds the command line's options."""
    return isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "parse_args"


def argparse_dest(call: cst.Call) -> Optional[str]:
    dest = keyword_args(call).get("dest")
    if dest is not None:
        return string_value(dest)
    return option_dest([flag for flag in (string_value(arg) for arg in positional_args(call)) if flag])


def option_dest(flags: Sequence[str]) -> Optional[str]:
    """The attribute an option's flags set without a `dest=`: the first long flag's, else the
    first flag's (`--batch-size` sets `batch_size`)."""
    chosen = next((f for f in flags if f.startswith("--")), flags[0] if flags else None)
    return chosen.lstrip("-").replace("-", "_") if chosen else None


def called_name(call: cst.Call) -> Optional[str]:
    if isinstance(call.func, cst.Name):
        return call.func.value
    if isinstance(call.func, cst.Attribute):
        return call.func.attr.value
    return None


def argument_for(call: cst.Call, name: str, position: int) -> Optional[Expr]:
    # A keyword or a position written out is the value even beside `**kwargs` (Python refuses a
    # second value for it); a position means nothing once a `*args` may have filled it.
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    if any(arg.star == "*" for arg in call.args):
        return None
    positional = positional_args(call)
    return positional[position] if 0 <= position < len(positional) else None



# nn.Module methods that return the module itself, so `model.train().to(device)` moves `model`.
MODULE_METHODS_RETURNING_SELF = frozenset(
    {"train", "eval", "to", "cuda", "cpu", "float", "half", "bfloat16", "double", "type", "requires_grad_", "apply", "share_memory"}
)


def module_chain(expr: cst.CSTNode) -> tuple[list[cst.Call], cst.CSTNode]:
    """The calls of `Net().to(device).train()` that return the module they are called on,
    outermost first, and what they are called on (`Net()`)."""
    chain: list[cst.Call] = []
    while (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value in MODULE_METHODS_RETURNING_SELF
    ):
        chain.append(expr)
        expr = expr.func.value
    return chain, expr
