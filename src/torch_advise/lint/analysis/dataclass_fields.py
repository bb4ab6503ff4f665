"""The fields of a dataclass of the file, each with its default: what an attribute of an instance
holds when its constructor is not given one (`cfg = Config(); cfg.workers` is `workers: int = 8`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Optional

from torch_advise.lint.analysis.syntax import keyword_args, literal_value
from torch_advise.lint.syntax_tree import nodes as cst

# A class's definition, with what names mean where it is defined (the file's qualified names).
Definition = tuple[cst.ClassDef, Callable[[cst.CSTNode], Optional[str]]]

DATACLASS = "dataclasses.dataclass"
FIELD = "dataclasses.field"


class Field:
    """A field: its default (None where it has none, or one made by a factory), and whether the
    constructor takes it by position."""

    def __init__(self, default: Optional[cst.BaseExpression], positional: bool) -> None:
        self.default = default
        self.positional = positional


def dataclass_fields(lineage: list[Definition]) -> Optional[dict[str, Field]]:
    """The fields of a class whose lineage (the class first, then the classes it derives from,
    every one of them known) this is, those of its bases first, in the order the constructor
    takes them; None unless every class of it is a dataclass."""
    if not all(_is_dataclass(node, qualname) for node, qualname in lineage):
        return None
    fields: dict[str, Field] = {}
    for node, qualname in reversed(lineage):
        fields.update(_own_fields(node, qualname))
    return fields


def field_argument(call: cst.Call, name: str, fields: dict[str, Field]) -> Optional[cst.BaseExpression]:
    """What the constructor call gives the field: by keyword, or by its position."""
    given = keyword_args(call).get(name)
    if given is not None:
        return given
    positional = [argument.value for argument in call.args if argument.keyword is None and not argument.star]
    order = [field for field, facts in fields.items() if facts.positional]
    if name in order and order.index(name) < len(positional):
        if not any(argument.star for argument in call.args[: order.index(name) + 1]):
            return positional[order.index(name)]
    return None


def _is_dataclass(node: cst.ClassDef, qualname: Callable[[cst.CSTNode], Optional[str]]) -> bool:
    for decorator in node.decorators:
        target = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
        if qualname(target) == DATACLASS:
            return True
    return False


def _own_fields(node: cst.ClassDef, qualname: Callable[[cst.CSTNode], Optional[str]]) -> dict[str, Field]:
    fields = {}
    body = node.body
    for statement in body.body if isinstance(body, cst.IndentedBlock) else ():
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if not isinstance(small, cst.AnnAssign) or not isinstance(small.target, cst.Name):
                continue
            annotation = small.annotation.annotation
            if isinstance(annotation, cst.Subscript):
                annotation = annotation.value
            if (qualname(annotation) or "").rpartition(".")[2] == "ClassVar":
                continue
            value = small.value
            positional = True
            if isinstance(value, cst.Call) and qualname(value.func) == FIELD:
                keywords = keyword_args(value)
                positional = literal_value(keywords.get("init", cst.Name("True"))) is not False
                value = keywords.get("default")
            fields[small.target.value] = Field(value, positional)
    return fields
