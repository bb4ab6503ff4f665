"""The fields of a dataclass of the file, each with its default: what an attribute of an instance
holds when its constructor is not given one (`cfg = Config(); cfg.workers` is `workers: int = 8`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from torch_advise.lint.analysis.syntax import keyword_args, literal_value
from torch_advise.lint.syntax_tree import nodes as cst

if TYPE_CHECKING:
    from torch_advise.lint.analysis.model import ClassInfo, TrainingModel

DATACLASS = "dataclasses.dataclass"
FIELD = "dataclasses.field"


class Field:
    """A field: its default (None where it has none, or one made by a factory), and whether the
    constructor takes it by position."""

    def __init__(self, default: Optional[cst.BaseExpression], positional: bool) -> None:
        self.default = default
        self.positional = positional


def dataclass_fields(model: TrainingModel, cls: ClassInfo) -> Optional[dict[str, Field]]:
    """The fields of `cls`, those of its bases first, in the order the constructor takes them;
    None unless it and every class it derives from are dataclasses of this file."""
    lineage = model.class_lineage(cls)
    if sum(len(klass.bases) for klass in lineage) != len(lineage) - 1:
        return None  # a base from elsewhere, or several: its fields are not known here
    if not all(_is_dataclass(model, klass) for klass in lineage):
        return None
    fields: dict[str, Field] = {}
    for klass in reversed(lineage):
        fields.update(_own_fields(model, klass))
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


def _is_dataclass(model: TrainingModel, cls: ClassInfo) -> bool:
    for decorator in cls.node.decorators:
        target = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
        if model.qualname(target, cls.scope.parent or cls.scope) == DATACLASS:
            return True
    return False


def _own_fields(model: TrainingModel, cls: ClassInfo) -> dict[str, Field]:
    fields = {}
    scope = cls.scope.parent or cls.scope
    body = cls.node.body
    for statement in body.body if isinstance(body, cst.IndentedBlock) else ():
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if not isinstance(small, cst.AnnAssign) or not isinstance(small.target, cst.Name):
                continue
            annotation = model.qualname(small.annotation.annotation, scope) or ""
            if annotation.rpartition(".")[2] == "ClassVar" or (isinstance(small.annotation.annotation, cst.Subscript) and (
                model.qualname(small.annotation.annotation.value, scope) or ""
            ).rpartition(".")[2] == "ClassVar"):
                continue
            value = small.value
            positional = True
            if isinstance(value, cst.Call) and model.qualname(value.func, scope) == FIELD:
                keywords = keyword_args(value)
                positional = literal_value(keywords.get("init", cst.Name("True"))) is not False
                value = keywords.get("default")
            fields[small.target.value] = Field(value, positional)
    return fields
