"""advise's own syntax tree: libcst's node classes and fields, built from Python's `ast`.

The checks read a tree shaped as libcst's (the same class names, the same fields holding the
same values, children visited in the same order) without libcst: importing libcst costs more
than linting a file, and its parse is most of a cold lint. Formatting (whitespace, commas,
parentheses) is left out; a node's place in the file is kept, so its text can be read back
exactly as written (`code_for_node`). Fixes are written on libcst's tree, parsed only for a
file being fixed (lint/fixes.py finds each node an edit names by walking both trees alike).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any, ClassVar, Optional, Union


class MaybeSentinel(enum.Enum):
    DEFAULT = "DEFAULT"


class CSTNode:
    """A node, and where it stands: `_span` is (line, byte column, end line, end byte column)
    as `ast` counts them, None where the place is worked out when asked (source.py)."""

    __slots__ = ("_source", "_span")
    _fields: ClassVar[tuple[str, ...]] = ()
    _source: Any  # the file's source.Source, which imports this module
    _span: Optional[tuple[int, int, int, int]]


class BaseLeaf(CSTNode):
    __slots__ = ()


class BaseExpression(CSTNode):
    __slots__ = ()


class BaseAssignTargetExpression(BaseExpression):
    __slots__ = ()


class BaseDelTargetExpression(BaseExpression):
    __slots__ = ()


class BaseNumber(BaseExpression):
    __slots__ = ()


class BaseString(BaseExpression):
    __slots__ = ()


class _BasePrefixedString(BaseString):
    __slots__ = ()


class _BaseExpressionWithArgs(BaseExpression):
    __slots__ = ()


class BaseList(BaseExpression):
    __slots__ = ()


class _BaseSetOrDict(BaseExpression):
    __slots__ = ()


class BaseDict(_BaseSetOrDict):
    __slots__ = ()


class BaseSet(_BaseSetOrDict):
    __slots__ = ()


class BaseComp(BaseExpression):
    __slots__ = ()


class BaseSimpleComp(BaseComp):
    __slots__ = ()


class BaseStatement(CSTNode):
    __slots__ = ()


class BaseCompoundStatement(BaseStatement):
    __slots__ = ()


class BaseSmallStatement(CSTNode):
    __slots__ = ()


class _BaseSimpleStatement(CSTNode):
    __slots__ = ()


class BaseSuite(CSTNode):
    __slots__ = ()


class BaseSlice(CSTNode):
    __slots__ = ()


class _BaseElementImpl(CSTNode):
    __slots__ = ()


class BaseElement(_BaseElementImpl):
    __slots__ = ()
    value: BaseExpression


class BaseDictElement(_BaseElementImpl):
    __slots__ = ()
    value: BaseExpression


class BaseFormattedStringContent(CSTNode):
    __slots__ = ()


class MatchPattern(CSTNode):
    __slots__ = ()


class MatchSequence(MatchPattern):
    __slots__ = ()


class ImportStar(BaseLeaf):
    __slots__ = ()


class Asynchronous(CSTNode):
    __slots__ = ()


class Dot(CSTNode):
    __slots__ = ()


# Operators: one shared instance of each, since they carry no field a check reads.
class BaseUnaryOp(CSTNode):
    __slots__ = ()


class BaseBinaryOp(CSTNode):
    __slots__ = ()


class BaseBooleanOp(CSTNode):
    __slots__ = ()


class BaseCompOp(CSTNode):
    __slots__ = ()


class BaseAugOp(CSTNode):
    __slots__ = ()


class Plus(BaseUnaryOp):
    __slots__ = ()


class Minus(BaseUnaryOp):
    __slots__ = ()


class BitInvert(BaseUnaryOp):
    __slots__ = ()


class Not(BaseUnaryOp):
    __slots__ = ()


class Add(BaseBinaryOp):
    __slots__ = ()


class Subtract(BaseBinaryOp):
    __slots__ = ()


class Multiply(BaseBinaryOp):
    __slots__ = ()


class Divide(BaseBinaryOp):
    __slots__ = ()


class FloorDivide(BaseBinaryOp):
    __slots__ = ()


class Modulo(BaseBinaryOp):
    __slots__ = ()


class Power(BaseBinaryOp):
    __slots__ = ()


class LeftShift(BaseBinaryOp):
    __slots__ = ()


class RightShift(BaseBinaryOp):
    __slots__ = ()


class BitOr(BaseBinaryOp):
    __slots__ = ()


class BitAnd(BaseBinaryOp):
    __slots__ = ()


class BitXor(BaseBinaryOp):
    __slots__ = ()


class MatrixMultiply(BaseBinaryOp):
    __slots__ = ()


class And(BaseBooleanOp):
    __slots__ = ()


class Or(BaseBooleanOp):
    __slots__ = ()


class LessThan(BaseCompOp):
    __slots__ = ()


class GreaterThan(BaseCompOp):
    __slots__ = ()


class Equal(BaseCompOp):
    __slots__ = ()


class LessThanEqual(BaseCompOp):
    __slots__ = ()


class GreaterThanEqual(BaseCompOp):
    __slots__ = ()


class NotEqual(BaseCompOp):
    __slots__ = ()


class In(BaseCompOp):
    __slots__ = ()


class NotIn(BaseCompOp):
    __slots__ = ()


class Is(BaseCompOp):
    __slots__ = ()


class IsNot(BaseCompOp):
    __slots__ = ()


class AddAssign(BaseAugOp):
    __slots__ = ()


class SubtractAssign(BaseAugOp):
    __slots__ = ()


class MultiplyAssign(BaseAugOp):
    __slots__ = ()


class MatrixMultiplyAssign(BaseAugOp):
    __slots__ = ()


class DivideAssign(BaseAugOp):
    __slots__ = ()


class ModuloAssign(BaseAugOp):
    __slots__ = ()


class BitAndAssign(BaseAugOp):
    __slots__ = ()


class BitOrAssign(BaseAugOp):
    __slots__ = ()


class BitXorAssign(BaseAugOp):
    __slots__ = ()


class LeftShiftAssign(BaseAugOp):
    __slots__ = ()


class RightShiftAssign(BaseAugOp):
    __slots__ = ()


class PowerAssign(BaseAugOp):
    __slots__ = ()


class FloorDivideAssign(BaseAugOp):
    __slots__ = ()


class Annotation(CSTNode):
    __slots__ = ("annotation",)
    _fields = ("annotation",)
    annotation: BaseExpression

    def __init__(self, annotation: BaseExpression) -> None:
        self.annotation = annotation


class ParamStar(CSTNode):
    __slots__ = ()


class ParamSlash(CSTNode):
    __slots__ = ()


class Param(CSTNode):
    __slots__ = (
        "name",
        "annotation",
        "default",
        "star",
    )
    _fields = (
        "name",
        "annotation",
        "default",
    )
    name: Name
    annotation: Optional[Annotation]
    default: Optional[BaseExpression]
    star: Union[str, MaybeSentinel]

    def __init__(self, name: Name, annotation: Optional[Annotation], default: Optional[BaseExpression], star: Union[str, MaybeSentinel]) -> None:
        self.name = name
        self.annotation = annotation
        self.default = default
        self.star = star


class Parameters(CSTNode):
    __slots__ = (
        "posonly_params",
        "posonly_ind",
        "params",
        "star_arg",
        "kwonly_params",
        "star_kwarg",
    )
    _fields = (
        "posonly_params",
        "posonly_ind",
        "params",
        "star_arg",
        "kwonly_params",
        "star_kwarg",
    )
    posonly_params: Sequence[Param]
    posonly_ind: Union[ParamSlash, MaybeSentinel]
    params: Sequence[Param]
    star_arg: Union[Param, ParamStar, MaybeSentinel]
    kwonly_params: Sequence[Param]
    star_kwarg: Optional[Param]

    def __init__(
        self,
        posonly_params: Sequence[Param],
        posonly_ind: Union[ParamSlash, MaybeSentinel],
        params: Sequence[Param],
        star_arg: Union[Param, ParamStar, MaybeSentinel],
        kwonly_params: Sequence[Param],
        star_kwarg: Optional[Param],
    ) -> None:
        self.posonly_params = posonly_params
        self.posonly_ind = posonly_ind
        self.params = params
        self.star_arg = star_arg
        self.kwonly_params = kwonly_params
        self.star_kwarg = star_kwarg


class Arg(CSTNode):
    __slots__ = (
        "keyword",
        "value",
        "star",
    )
    _fields = (
        "keyword",
        "value",
    )
    keyword: Optional[Name]
    value: BaseExpression
    star: str

    def __init__(self, keyword: Optional[Name], value: BaseExpression, star: str) -> None:
        self.keyword = keyword
        self.value = value
        self.star = star


class From(CSTNode):
    __slots__ = ("item",)
    _fields = ("item",)
    item: BaseExpression

    def __init__(self, item: BaseExpression) -> None:
        self.item = item


class CompIf(CSTNode):
    __slots__ = ("test",)
    _fields = ("test",)
    test: BaseExpression

    def __init__(self, test: BaseExpression) -> None:
        self.test = test


class CompFor(CSTNode):
    __slots__ = (
        "asynchronous",
        "target",
        "iter",
        "ifs",
        "inner_for_in",
    )
    _fields = (
        "target",
        "iter",
        "ifs",
        "inner_for_in",
    )
    asynchronous: Optional[Asynchronous]
    target: BaseAssignTargetExpression
    iter: BaseExpression
    ifs: Sequence[CompIf]
    inner_for_in: Optional[CompFor]

    def __init__(
        self,
        asynchronous: Optional[Asynchronous],
        target: BaseAssignTargetExpression,
        iter: BaseExpression,
        ifs: Sequence[CompIf],
        inner_for_in: Optional[CompFor],
    ) -> None:
        self.asynchronous = asynchronous
        self.target = target
        self.iter = iter
        self.ifs = ifs
        self.inner_for_in = inner_for_in


class ComparisonTarget(CSTNode):
    __slots__ = (
        "operator",
        "comparator",
    )
    _fields = ("comparator",)
    operator: BaseCompOp
    comparator: BaseExpression

    def __init__(self, operator: BaseCompOp, comparator: BaseExpression) -> None:
        self.operator = operator
        self.comparator = comparator


class SubscriptElement(CSTNode):
    __slots__ = ("slice",)
    _fields = ("slice",)
    slice: BaseSlice

    def __init__(self, slice: BaseSlice) -> None:
        self.slice = slice


class Else(CSTNode):
    __slots__ = ("body",)
    _fields = ("body",)
    body: BaseSuite

    def __init__(self, body: BaseSuite) -> None:
        self.body = body


class AsName(CSTNode):
    __slots__ = ("name",)
    _fields = ("name",)
    name: Union[Name, Tuple, List]

    def __init__(self, name: Union[Name, Tuple, List]) -> None:
        self.name = name


class ExceptHandler(CSTNode):
    __slots__ = (
        "type",
        "name",
        "body",
    )
    _fields = (
        "type",
        "name",
        "body",
    )
    type: Optional[BaseExpression]
    name: Optional[AsName]
    body: BaseSuite

    def __init__(self, type: Optional[BaseExpression], name: Optional[AsName], body: BaseSuite) -> None:
        self.type = type
        self.name = name
        self.body = body


class ExceptStarHandler(CSTNode):
    __slots__ = (
        "type",
        "name",
        "body",
    )
    _fields = (
        "type",
        "name",
        "body",
    )
    type: BaseExpression
    name: Optional[AsName]
    body: BaseSuite

    def __init__(self, type: BaseExpression, name: Optional[AsName], body: BaseSuite) -> None:
        self.type = type
        self.name = name
        self.body = body


class Finally(CSTNode):
    __slots__ = ("body",)
    _fields = ("body",)
    body: BaseSuite

    def __init__(self, body: BaseSuite) -> None:
        self.body = body


class ImportAlias(CSTNode):
    __slots__ = (
        "name",
        "asname",
    )
    _fields = (
        "name",
        "asname",
    )
    name: Union[Attribute, Name]
    asname: Optional[AsName]

    def __init__(self, name: Union[Attribute, Name], asname: Optional[AsName]) -> None:
        self.name = name
        self.asname = asname


class AssignTarget(CSTNode):
    __slots__ = ("target",)
    _fields = ("target",)
    target: BaseAssignTargetExpression

    def __init__(self, target: BaseAssignTargetExpression) -> None:
        self.target = target


class Decorator(CSTNode):
    __slots__ = ("decorator",)
    _fields = ("decorator",)
    decorator: BaseExpression

    def __init__(self, decorator: BaseExpression) -> None:
        self.decorator = decorator


class WithItem(CSTNode):
    __slots__ = (
        "item",
        "asname",
    )
    _fields = (
        "item",
        "asname",
    )
    item: BaseExpression
    asname: Optional[AsName]

    def __init__(self, item: BaseExpression, asname: Optional[AsName]) -> None:
        self.item = item
        self.asname = asname


class NameItem(CSTNode):
    __slots__ = ("name",)
    _fields = ("name",)
    name: Name

    def __init__(self, name: Name) -> None:
        self.name = name


class MatchCase(CSTNode):
    __slots__ = (
        "pattern",
        "guard",
        "body",
    )
    _fields = (
        "pattern",
        "guard",
        "body",
    )
    pattern: MatchPattern
    guard: Optional[BaseExpression]
    body: BaseSuite

    def __init__(self, pattern: MatchPattern, guard: Optional[BaseExpression], body: BaseSuite) -> None:
        self.pattern = pattern
        self.guard = guard
        self.body = body


class MatchSequenceElement(CSTNode):
    __slots__ = ("value",)
    _fields = ("value",)
    value: MatchPattern

    def __init__(self, value: MatchPattern) -> None:
        self.value = value


class MatchStar(CSTNode):
    __slots__ = ("name",)
    _fields = ("name",)
    name: Optional[Name]

    def __init__(self, name: Optional[Name]) -> None:
        self.name = name


class MatchMappingElement(CSTNode):
    __slots__ = (
        "key",
        "pattern",
    )
    _fields = (
        "key",
        "pattern",
    )
    key: BaseExpression
    pattern: MatchPattern

    def __init__(self, key: BaseExpression, pattern: MatchPattern) -> None:
        self.key = key
        self.pattern = pattern


class MatchKeywordElement(CSTNode):
    __slots__ = (
        "key",
        "pattern",
    )
    _fields = (
        "key",
        "pattern",
    )
    key: Name
    pattern: MatchPattern

    def __init__(self, key: Name, pattern: MatchPattern) -> None:
        self.key = key
        self.pattern = pattern


class MatchOrElement(CSTNode):
    __slots__ = ("pattern",)
    _fields = ("pattern",)
    pattern: MatchPattern

    def __init__(self, pattern: MatchPattern) -> None:
        self.pattern = pattern


class TypeVar(CSTNode):
    __slots__ = (
        "name",
        "bound",
    )
    _fields = (
        "name",
        "bound",
    )
    name: Name
    bound: Optional[BaseExpression]

    def __init__(self, name: Name, bound: Optional[BaseExpression]) -> None:
        self.name = name
        self.bound = bound


class TypeVarTuple(CSTNode):
    __slots__ = ("name",)
    _fields = ("name",)
    name: Name

    def __init__(self, name: Name) -> None:
        self.name = name


class ParamSpec(CSTNode):
    __slots__ = ("name",)
    _fields = ("name",)
    name: Name

    def __init__(self, name: Name) -> None:
        self.name = name


class TypeParam(CSTNode):
    __slots__ = (
        "param",
        "default",
        "star",
    )
    _fields = (
        "param",
        "default",
    )
    param: Union[TypeVar, TypeVarTuple, ParamSpec]
    default: Optional[BaseExpression]
    star: str

    def __init__(self, param: Union[TypeVar, TypeVarTuple, ParamSpec], default: Optional[BaseExpression], star: str) -> None:
        self.param = param
        self.default = default
        self.star = star


class TypeParameters(CSTNode):
    __slots__ = ("params",)
    _fields = ("params",)
    params: Sequence[TypeParam]

    def __init__(self, params: Sequence[TypeParam]) -> None:
        self.params = params


class Module(CSTNode):
    __slots__ = (
        "body",
        "encoding",
        "default_indent",
        "default_newline",
        "has_trailing_newline",
    )
    _fields = ("body",)
    body: Sequence[BaseStatement]
    encoding: str
    default_indent: str
    default_newline: str
    has_trailing_newline: bool

    def __init__(self, body: Sequence[BaseStatement], encoding: str, default_indent: str, default_newline: str, has_trailing_newline: bool) -> None:
        self.body = body
        self.encoding = encoding
        self.default_indent = default_indent
        self.default_newline = default_newline
        self.has_trailing_newline = has_trailing_newline

    @property
    def bytes(self) -> bytes:
        """The file's bytes as read."""
        return self._source.original

    @property
    def code(self) -> str:
        return self._source.text

    def code_for_node(self, node: CSTNode) -> str:
        return self._source.code(node)


class SimpleStatementLine(_BaseSimpleStatement, BaseStatement):
    __slots__ = ("body",)
    _fields = ("body",)
    body: Sequence[BaseSmallStatement]

    def __init__(self, body: Sequence[BaseSmallStatement]) -> None:
        self.body = body


class SimpleStatementSuite(_BaseSimpleStatement, BaseSuite):
    __slots__ = ("body",)
    _fields = ("body",)
    body: Sequence[BaseSmallStatement]

    def __init__(self, body: Sequence[BaseSmallStatement]) -> None:
        self.body = body


class IndentedBlock(BaseSuite):
    __slots__ = (
        "body",
        "indent",
    )
    _fields = ("body",)
    body: Sequence[BaseStatement]
    indent: Optional[str]

    def __init__(self, body: Sequence[BaseStatement], indent: Optional[str]) -> None:
        self.body = body
        self.indent = indent


class Del(BaseSmallStatement):
    __slots__ = ("target",)
    _fields = ("target",)
    target: BaseDelTargetExpression

    def __init__(self, target: BaseDelTargetExpression) -> None:
        self.target = target


class Pass(BaseSmallStatement):
    __slots__ = ()


class Break(BaseSmallStatement):
    __slots__ = ()


class Continue(BaseSmallStatement):
    __slots__ = ()


class Return(BaseSmallStatement):
    __slots__ = ("value",)
    _fields = ("value",)
    value: Optional[BaseExpression]

    def __init__(self, value: Optional[BaseExpression]) -> None:
        self.value = value


class Expr(BaseSmallStatement):
    __slots__ = ("value",)
    _fields = ("value",)
    value: BaseExpression

    def __init__(self, value: BaseExpression) -> None:
        self.value = value


class Import(BaseSmallStatement):
    __slots__ = ("names",)
    _fields = ("names",)
    names: Sequence[ImportAlias]

    def __init__(self, names: Sequence[ImportAlias]) -> None:
        self.names = names


class ImportFrom(BaseSmallStatement):
    __slots__ = (
        "relative",
        "module",
        "names",
    )
    _fields = (
        "module",
        "names",
    )
    relative: Sequence[Dot]
    module: Optional[Union[Attribute, Name]]
    names: Union[Sequence[ImportAlias], ImportStar]

    def __init__(self, relative: Sequence[Dot], module: Optional[Union[Attribute, Name]], names: Union[Sequence[ImportAlias], ImportStar]) -> None:
        self.relative = relative
        self.module = module
        self.names = names


class Assign(BaseSmallStatement):
    __slots__ = (
        "targets",
        "value",
    )
    _fields = (
        "targets",
        "value",
    )
    targets: Sequence[AssignTarget]
    value: BaseExpression

    def __init__(self, targets: Sequence[AssignTarget], value: BaseExpression) -> None:
        self.targets = targets
        self.value = value


class AnnAssign(BaseSmallStatement):
    __slots__ = (
        "target",
        "annotation",
        "value",
    )
    _fields = (
        "target",
        "annotation",
        "value",
    )
    target: BaseAssignTargetExpression
    annotation: Annotation
    value: Optional[BaseExpression]

    def __init__(self, target: BaseAssignTargetExpression, annotation: Annotation, value: Optional[BaseExpression]) -> None:
        self.target = target
        self.annotation = annotation
        self.value = value


class AugAssign(BaseSmallStatement):
    __slots__ = (
        "target",
        "operator",
        "value",
    )
    _fields = (
        "target",
        "value",
    )
    target: BaseAssignTargetExpression
    operator: BaseAugOp
    value: BaseExpression

    def __init__(self, target: BaseAssignTargetExpression, operator: BaseAugOp, value: BaseExpression) -> None:
        self.target = target
        self.operator = operator
        self.value = value


class Raise(BaseSmallStatement):
    __slots__ = (
        "exc",
        "cause",
    )
    _fields = (
        "exc",
        "cause",
    )
    exc: Optional[BaseExpression]
    cause: Optional[From]

    def __init__(self, exc: Optional[BaseExpression], cause: Optional[From]) -> None:
        self.exc = exc
        self.cause = cause


class Assert(BaseSmallStatement):
    __slots__ = (
        "test",
        "msg",
    )
    _fields = (
        "test",
        "msg",
    )
    test: BaseExpression
    msg: Optional[BaseExpression]

    def __init__(self, test: BaseExpression, msg: Optional[BaseExpression]) -> None:
        self.test = test
        self.msg = msg


class Global(BaseSmallStatement):
    __slots__ = ("names",)
    _fields = ("names",)
    names: Sequence[NameItem]

    def __init__(self, names: Sequence[NameItem]) -> None:
        self.names = names


class Nonlocal(BaseSmallStatement):
    __slots__ = ("names",)
    _fields = ("names",)
    names: Sequence[NameItem]

    def __init__(self, names: Sequence[NameItem]) -> None:
        self.names = names


class TypeAlias(BaseSmallStatement):
    __slots__ = (
        "name",
        "type_parameters",
        "value",
    )
    _fields = (
        "name",
        "type_parameters",
        "value",
    )
    name: Name
    type_parameters: Optional[TypeParameters]
    value: BaseExpression

    def __init__(self, name: Name, type_parameters: Optional[TypeParameters], value: BaseExpression) -> None:
        self.name = name
        self.type_parameters = type_parameters
        self.value = value


class If(BaseCompoundStatement):
    __slots__ = (
        "test",
        "body",
        "orelse",
    )
    _fields = (
        "test",
        "body",
        "orelse",
    )
    test: BaseExpression
    body: BaseSuite
    orelse: Union[If, Else, None]

    def __init__(self, test: BaseExpression, body: BaseSuite, orelse: Union[If, Else, None]) -> None:
        self.test = test
        self.body = body
        self.orelse = orelse


class Try(BaseCompoundStatement):
    __slots__ = (
        "body",
        "handlers",
        "orelse",
        "finalbody",
    )
    _fields = (
        "body",
        "handlers",
        "orelse",
        "finalbody",
    )
    body: BaseSuite
    handlers: Sequence[ExceptHandler]
    orelse: Optional[Else]
    finalbody: Optional[Finally]

    def __init__(self, body: BaseSuite, handlers: Sequence[ExceptHandler], orelse: Optional[Else], finalbody: Optional[Finally]) -> None:
        self.body = body
        self.handlers = handlers
        self.orelse = orelse
        self.finalbody = finalbody


class TryStar(BaseCompoundStatement):
    __slots__ = (
        "body",
        "handlers",
        "orelse",
        "finalbody",
    )
    _fields = (
        "body",
        "handlers",
        "orelse",
        "finalbody",
    )
    body: BaseSuite
    handlers: Sequence[ExceptStarHandler]
    orelse: Optional[Else]
    finalbody: Optional[Finally]

    def __init__(self, body: BaseSuite, handlers: Sequence[ExceptStarHandler], orelse: Optional[Else], finalbody: Optional[Finally]) -> None:
        self.body = body
        self.handlers = handlers
        self.orelse = orelse
        self.finalbody = finalbody


class FunctionDef(BaseCompoundStatement):
    __slots__ = (
        "decorators",
        "asynchronous",
        "name",
        "type_parameters",
        "params",
        "returns",
        "body",
    )
    _fields = (
        "decorators",
        "name",
        "type_parameters",
        "params",
        "returns",
        "body",
    )
    decorators: Sequence[Decorator]
    asynchronous: Optional[Asynchronous]
    name: Name
    type_parameters: Optional[TypeParameters]
    params: Parameters
    returns: Optional[Annotation]
    body: BaseSuite

    def __init__(
        self,
        decorators: Sequence[Decorator],
        asynchronous: Optional[Asynchronous],
        name: Name,
        type_parameters: Optional[TypeParameters],
        params: Parameters,
        returns: Optional[Annotation],
        body: BaseSuite,
    ) -> None:
        self.decorators = decorators
        self.asynchronous = asynchronous
        self.name = name
        self.type_parameters = type_parameters
        self.params = params
        self.returns = returns
        self.body = body


class ClassDef(BaseCompoundStatement):
    __slots__ = (
        "decorators",
        "name",
        "type_parameters",
        "bases",
        "keywords",
        "body",
    )
    _fields = (
        "decorators",
        "name",
        "type_parameters",
        "bases",
        "keywords",
        "body",
    )
    decorators: Sequence[Decorator]
    name: Name
    type_parameters: Optional[TypeParameters]
    bases: Sequence[Arg]
    keywords: Sequence[Arg]
    body: BaseSuite

    def __init__(
        self,
        decorators: Sequence[Decorator],
        name: Name,
        type_parameters: Optional[TypeParameters],
        bases: Sequence[Arg],
        keywords: Sequence[Arg],
        body: BaseSuite,
    ) -> None:
        self.decorators = decorators
        self.name = name
        self.type_parameters = type_parameters
        self.bases = bases
        self.keywords = keywords
        self.body = body


class With(BaseCompoundStatement):
    __slots__ = (
        "asynchronous",
        "items",
        "body",
    )
    _fields = (
        "items",
        "body",
    )
    asynchronous: Optional[Asynchronous]
    items: Sequence[WithItem]
    body: BaseSuite

    def __init__(self, asynchronous: Optional[Asynchronous], items: Sequence[WithItem], body: BaseSuite) -> None:
        self.asynchronous = asynchronous
        self.items = items
        self.body = body


class For(BaseCompoundStatement):
    __slots__ = (
        "asynchronous",
        "target",
        "iter",
        "body",
        "orelse",
    )
    _fields = (
        "target",
        "iter",
        "body",
        "orelse",
    )
    asynchronous: Optional[Asynchronous]
    target: BaseAssignTargetExpression
    iter: BaseExpression
    body: BaseSuite
    orelse: Optional[Else]

    def __init__(
        self, asynchronous: Optional[Asynchronous], target: BaseAssignTargetExpression, iter: BaseExpression, body: BaseSuite, orelse: Optional[Else]
    ) -> None:
        self.asynchronous = asynchronous
        self.target = target
        self.iter = iter
        self.body = body
        self.orelse = orelse


class While(BaseCompoundStatement):
    __slots__ = (
        "test",
        "body",
        "orelse",
    )
    _fields = (
        "test",
        "body",
        "orelse",
    )
    test: BaseExpression
    body: BaseSuite
    orelse: Optional[Else]

    def __init__(self, test: BaseExpression, body: BaseSuite, orelse: Optional[Else]) -> None:
        self.test = test
        self.body = body
        self.orelse = orelse


class Match(BaseCompoundStatement):
    __slots__ = (
        "subject",
        "cases",
    )
    _fields = (
        "subject",
        "cases",
    )
    subject: BaseExpression
    cases: Sequence[MatchCase]

    def __init__(self, subject: BaseExpression, cases: Sequence[MatchCase]) -> None:
        self.subject = subject
        self.cases = cases


class DictElement(BaseDictElement):
    __slots__ = (
        "key",
        "value",
    )
    _fields = (
        "key",
        "value",
    )
    key: BaseExpression
    value: BaseExpression

    def __init__(self, key: BaseExpression, value: BaseExpression) -> None:
        self.key = key
        self.value = value


class StarredDictElement(BaseDictElement):
    __slots__ = ("value",)
    _fields = ("value",)
    value: BaseExpression

    def __init__(self, value: BaseExpression) -> None:
        self.value = value


class Element(BaseElement):
    __slots__ = ("value",)
    _fields = ("value",)
    value: BaseExpression

    def __init__(self, value: BaseExpression) -> None:
        self.value = value


class StarredElement(BaseElement, BaseExpression):
    __slots__ = ("value",)
    _fields = ("value",)
    value: BaseExpression

    def __init__(self, value: BaseExpression) -> None:
        self.value = value


class Index(BaseSlice):
    __slots__ = (
        "value",
        "star",
    )
    _fields = ("value",)
    value: BaseExpression
    star: Optional[str]

    def __init__(self, value: BaseExpression, star: Optional[str]) -> None:
        self.value = value
        self.star = star


class Slice(BaseSlice):
    __slots__ = (
        "lower",
        "upper",
        "step",
    )
    _fields = (
        "lower",
        "upper",
        "step",
    )
    lower: Optional[BaseExpression]
    upper: Optional[BaseExpression]
    step: Optional[BaseExpression]

    def __init__(self, lower: Optional[BaseExpression], upper: Optional[BaseExpression], step: Optional[BaseExpression]) -> None:
        self.lower = lower
        self.upper = upper
        self.step = step


class FormattedStringText(BaseFormattedStringContent):
    __slots__ = ("value",)
    value: str

    def __init__(self, value: str) -> None:
        self.value = value


class FormattedStringExpression(BaseFormattedStringContent):
    __slots__ = (
        "expression",
        "conversion",
        "format_spec",
    )
    _fields = (
        "expression",
        "format_spec",
    )
    expression: BaseExpression
    conversion: Optional[str]
    format_spec: Optional[Sequence[BaseFormattedStringContent]]

    def __init__(self, expression: BaseExpression, conversion: Optional[str], format_spec: Optional[Sequence[BaseFormattedStringContent]]) -> None:
        self.expression = expression
        self.conversion = conversion
        self.format_spec = format_spec


class MatchValue(MatchPattern):
    __slots__ = ("value",)
    _fields = ("value",)
    value: BaseExpression

    def __init__(self, value: BaseExpression) -> None:
        self.value = value


class MatchSingleton(MatchPattern):
    __slots__ = ("value",)
    _fields = ("value",)
    value: Name

    def __init__(self, value: Name) -> None:
        self.value = value


class MatchMapping(MatchPattern):
    __slots__ = (
        "elements",
        "rest",
    )
    _fields = (
        "elements",
        "rest",
    )
    elements: Sequence[MatchMappingElement]
    rest: Optional[Name]

    def __init__(self, elements: Sequence[MatchMappingElement], rest: Optional[Name]) -> None:
        self.elements = elements
        self.rest = rest


class MatchClass(MatchPattern):
    __slots__ = (
        "cls",
        "patterns",
        "kwds",
    )
    _fields = (
        "cls",
        "patterns",
        "kwds",
    )
    cls: BaseExpression
    patterns: Sequence[MatchSequenceElement]
    kwds: Sequence[MatchKeywordElement]

    def __init__(self, cls: BaseExpression, patterns: Sequence[MatchSequenceElement], kwds: Sequence[MatchKeywordElement]) -> None:
        self.cls = cls
        self.patterns = patterns
        self.kwds = kwds


class MatchAs(MatchPattern):
    __slots__ = (
        "pattern",
        "name",
    )
    _fields = (
        "pattern",
        "name",
    )
    pattern: Optional[MatchPattern]
    name: Optional[Name]

    def __init__(self, pattern: Optional[MatchPattern], name: Optional[Name]) -> None:
        self.pattern = pattern
        self.name = name


class MatchOr(MatchPattern):
    __slots__ = ("patterns",)
    _fields = ("patterns",)
    patterns: Sequence[MatchOrElement]

    def __init__(self, patterns: Sequence[MatchOrElement]) -> None:
        self.patterns = patterns


class MatchList(MatchSequence):
    __slots__ = ("patterns",)
    _fields = ("patterns",)
    patterns: Sequence[Union[MatchSequenceElement, MatchStar]]

    def __init__(self, patterns: Sequence[Union[MatchSequenceElement, MatchStar]]) -> None:
        self.patterns = patterns


class MatchTuple(MatchSequence):
    __slots__ = ("patterns",)
    _fields = ("patterns",)
    patterns: Sequence[Union[MatchSequenceElement, MatchStar]]

    def __init__(self, patterns: Sequence[Union[MatchSequenceElement, MatchStar]]) -> None:
        self.patterns = patterns


class Ellipsis(BaseExpression):
    __slots__ = ()


class Comparison(BaseExpression):
    __slots__ = (
        "left",
        "comparisons",
    )
    _fields = (
        "left",
        "comparisons",
    )
    left: BaseExpression
    comparisons: Sequence[ComparisonTarget]

    def __init__(self, left: BaseExpression, comparisons: Sequence[ComparisonTarget]) -> None:
        self.left = left
        self.comparisons = comparisons


class UnaryOperation(BaseExpression):
    __slots__ = (
        "operator",
        "expression",
    )
    _fields = ("expression",)
    operator: BaseUnaryOp
    expression: BaseExpression

    def __init__(self, operator: BaseUnaryOp, expression: BaseExpression) -> None:
        self.operator = operator
        self.expression = expression


class BinaryOperation(BaseExpression):
    __slots__ = (
        "left",
        "operator",
        "right",
    )
    _fields = (
        "left",
        "right",
    )
    left: BaseExpression
    operator: BaseBinaryOp
    right: BaseExpression

    def __init__(self, left: BaseExpression, operator: BaseBinaryOp, right: BaseExpression) -> None:
        self.left = left
        self.operator = operator
        self.right = right


class BooleanOperation(BaseExpression):
    __slots__ = (
        "left",
        "operator",
        "right",
    )
    _fields = (
        "left",
        "right",
    )
    left: BaseExpression
    operator: BaseBooleanOp
    right: BaseExpression

    def __init__(self, left: BaseExpression, operator: BaseBooleanOp, right: BaseExpression) -> None:
        self.left = left
        self.operator = operator
        self.right = right


class Lambda(BaseExpression):
    __slots__ = (
        "params",
        "body",
    )
    _fields = (
        "params",
        "body",
    )
    params: Parameters
    body: BaseExpression

    def __init__(self, params: Parameters, body: BaseExpression) -> None:
        self.params = params
        self.body = body


class Await(BaseExpression):
    __slots__ = ("expression",)
    _fields = ("expression",)
    expression: BaseExpression

    def __init__(self, expression: BaseExpression) -> None:
        self.expression = expression


class IfExp(BaseExpression):
    __slots__ = (
        "body",
        "test",
        "orelse",
    )
    _fields = (
        "body",
        "test",
        "orelse",
    )
    body: BaseExpression
    test: BaseExpression
    orelse: BaseExpression

    def __init__(self, body: BaseExpression, test: BaseExpression, orelse: BaseExpression) -> None:
        self.body = body
        self.test = test
        self.orelse = orelse


class Yield(BaseExpression):
    __slots__ = ("value",)
    _fields = ("value",)
    value: Optional[Union[BaseExpression, From]]

    def __init__(self, value: Optional[Union[BaseExpression, From]]) -> None:
        self.value = value


class NamedExpr(BaseExpression):
    __slots__ = (
        "target",
        "value",
    )
    _fields = (
        "target",
        "value",
    )
    target: BaseExpression
    value: BaseExpression

    def __init__(self, target: BaseExpression, value: BaseExpression) -> None:
        self.target = target
        self.value = value


class DictComp(BaseDict, BaseComp):
    __slots__ = (
        "key",
        "value",
        "for_in",
    )
    _fields = (
        "key",
        "value",
        "for_in",
    )
    key: BaseExpression
    value: BaseExpression
    for_in: CompFor

    def __init__(self, key: BaseExpression, value: BaseExpression, for_in: CompFor) -> None:
        self.key = key
        self.value = value
        self.for_in = for_in


class GeneratorExp(BaseSimpleComp):
    __slots__ = (
        "elt",
        "for_in",
    )
    _fields = (
        "elt",
        "for_in",
    )
    elt: BaseExpression
    for_in: CompFor

    def __init__(self, elt: BaseExpression, for_in: CompFor) -> None:
        self.elt = elt
        self.for_in = for_in


class ListComp(BaseList, BaseSimpleComp):
    __slots__ = (
        "elt",
        "for_in",
    )
    _fields = (
        "elt",
        "for_in",
    )
    elt: BaseExpression
    for_in: CompFor

    def __init__(self, elt: BaseExpression, for_in: CompFor) -> None:
        self.elt = elt
        self.for_in = for_in


class SetComp(BaseSet, BaseSimpleComp):
    __slots__ = (
        "elt",
        "for_in",
    )
    _fields = (
        "elt",
        "for_in",
    )
    elt: BaseExpression
    for_in: CompFor

    def __init__(self, elt: BaseExpression, for_in: CompFor) -> None:
        self.elt = elt
        self.for_in = for_in


class Dict(BaseDict):
    __slots__ = ("elements",)
    _fields = ("elements",)
    elements: Sequence[BaseDictElement]

    def __init__(self, elements: Sequence[BaseDictElement]) -> None:
        self.elements = elements


class Set(BaseSet):
    __slots__ = ("elements",)
    _fields = ("elements",)
    elements: Sequence[BaseElement]

    def __init__(self, elements: Sequence[BaseElement]) -> None:
        self.elements = elements


class List(BaseList, BaseAssignTargetExpression, BaseDelTargetExpression):
    __slots__ = ("elements",)
    _fields = ("elements",)
    elements: Sequence[BaseElement]

    def __init__(self, elements: Sequence[BaseElement]) -> None:
        self.elements = elements


class Call(_BaseExpressionWithArgs):
    __slots__ = (
        "func",
        "args",
    )
    _fields = (
        "func",
        "args",
    )
    func: BaseExpression
    args: Sequence[Arg]

    def __init__(self, func: BaseExpression, args: Sequence[Arg]) -> None:
        self.func = func
        self.args = args


class ConcatenatedString(BaseString):
    __slots__ = (
        "left",
        "right",
    )
    _fields = (
        "left",
        "right",
    )
    left: Union[SimpleString, FormattedString]
    right: Union[SimpleString, FormattedString, ConcatenatedString]

    def __init__(self, left: Union[SimpleString, FormattedString], right: Union[SimpleString, FormattedString, ConcatenatedString]) -> None:
        self.left = left
        self.right = right

    @property
    def evaluated_value(self) -> Union[str, bytes, None]:
        left, right = self.left, self.right
        if isinstance(left, FormattedString) or isinstance(right, FormattedString):
            return None
        left_value, right_value = left.evaluated_value, right.evaluated_value
        if left_value is None or right_value is None or type(left_value) is not type(right_value):
            return None
        return left_value + right_value  # type: ignore[operator]


class SimpleString(_BasePrefixedString):
    __slots__ = ("value",)
    value: str

    def __init__(self, value: str) -> None:
        self.value = value

    @property
    def evaluated_value(self) -> Union[str, bytes]:
        return _literal(self.value)


class FormattedString(_BasePrefixedString):
    __slots__ = (
        "parts",
        "start",
        "end",
    )
    _fields = ("parts",)
    parts: Sequence[BaseFormattedStringContent]
    start: str
    end: str

    def __init__(self, parts: Sequence[BaseFormattedStringContent], start: str, end: str) -> None:
        self.parts = parts
        self.start = start
        self.end = end


class Integer(BaseNumber):
    __slots__ = ("value",)
    value: str

    def __init__(self, value: str) -> None:
        self.value = value

    @property
    def evaluated_value(self) -> Any:
        return _literal(self.value)


class Float(BaseNumber):
    __slots__ = ("value",)
    value: str

    def __init__(self, value: str) -> None:
        self.value = value

    @property
    def evaluated_value(self) -> Any:
        return _literal(self.value)


class Imaginary(BaseNumber):
    __slots__ = ("value",)
    value: str

    def __init__(self, value: str) -> None:
        self.value = value

    @property
    def evaluated_value(self) -> Any:
        return _literal(self.value)


class Name(BaseAssignTargetExpression, BaseDelTargetExpression):
    __slots__ = ("value",)
    value: str

    def __init__(self, value: str) -> None:
        self.value = value


class Attribute(BaseAssignTargetExpression, BaseDelTargetExpression):
    __slots__ = (
        "value",
        "attr",
    )
    _fields = (
        "value",
        "attr",
    )
    value: BaseExpression
    attr: Name

    def __init__(self, value: BaseExpression, attr: Name) -> None:
        self.value = value
        self.attr = attr


class Subscript(BaseAssignTargetExpression, BaseDelTargetExpression):
    __slots__ = (
        "value",
        "slice",
    )
    _fields = (
        "value",
        "slice",
    )
    value: BaseExpression
    slice: Sequence[SubscriptElement]

    def __init__(self, value: BaseExpression, slice: Sequence[SubscriptElement]) -> None:
        self.value = value
        self.slice = slice


class Tuple(BaseAssignTargetExpression, BaseDelTargetExpression):
    __slots__ = ("elements",)
    _fields = ("elements",)
    elements: Sequence[BaseElement]

    def __init__(self, elements: Sequence[BaseElement]) -> None:
        self.elements = elements


def _literal(text: str) -> Any:
    import ast

    return ast.literal_eval(text)
