"""Python's `ast` turned into the libcst-shaped tree of nodes.py.

Where the two trees are shaped differently, this builds libcst's shape: simple statements on
one line share a SimpleStatementLine, a body on its header's line is a SimpleStatementSuite,
`elif` is an If in the orelse, `a and b and c` nests to the left, call arguments keep their
written order, numbers and strings keep their spelling (implicitly joined strings as a
ConcatenatedString, f-strings in parts), True, False and None are Names.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Sequence
from typing import Any, Callable, Optional, Union

from torch_advise.lint.syntax_tree import nodes as cst
from torch_advise.lint.syntax_tree.source import Source, code_offsets, literal_end, offsets, replacement_field, span_of

_BINARY = {
    ast.Add: cst.Add(), ast.Sub: cst.Subtract(), ast.Mult: cst.Multiply(), ast.Div: cst.Divide(),
    ast.FloorDiv: cst.FloorDivide(), ast.Mod: cst.Modulo(), ast.Pow: cst.Power(), ast.LShift: cst.LeftShift(),
    ast.RShift: cst.RightShift(), ast.BitOr: cst.BitOr(), ast.BitAnd: cst.BitAnd(), ast.BitXor: cst.BitXor(),
    ast.MatMult: cst.MatrixMultiply(),
}
_AUGMENTED = {
    ast.Add: cst.AddAssign(), ast.Sub: cst.SubtractAssign(), ast.Mult: cst.MultiplyAssign(), ast.Div: cst.DivideAssign(),
    ast.FloorDiv: cst.FloorDivideAssign(), ast.Mod: cst.ModuloAssign(), ast.Pow: cst.PowerAssign(),
    ast.LShift: cst.LeftShiftAssign(), ast.RShift: cst.RightShiftAssign(), ast.BitOr: cst.BitOrAssign(),
    ast.BitAnd: cst.BitAndAssign(), ast.BitXor: cst.BitXorAssign(), ast.MatMult: cst.MatrixMultiplyAssign(),
}
_UNARY = {ast.UAdd: cst.Plus(), ast.USub: cst.Minus(), ast.Invert: cst.BitInvert(), ast.Not: cst.Not()}
_BOOLEAN = {ast.And: cst.And(), ast.Or: cst.Or()}
_COMPARE = {
    ast.Lt: cst.LessThan(), ast.Gt: cst.GreaterThan(), ast.Eq: cst.Equal(), ast.LtE: cst.LessThanEqual(),
    ast.GtE: cst.GreaterThanEqual(), ast.NotEq: cst.NotEqual(), ast.In: cst.In(), ast.NotIn: cst.NotIn(),
    ast.Is: cst.Is(), ast.IsNot: cst.IsNot(),
}
_ASYNC = cst.Asynchronous()
_DOT = cst.Dot()
_NAMES = re.compile(rb"[^\W\d][\w]*|[\x80-\xff]+[\w\x80-\xff]*")
_NAME_AT_END = re.compile(rb"[\w\x80-\xff]+$")
Span = tuple[int, int, int, int]


def build_module(source: Source, tree: ast.Module) -> cst.Module:
    return _Builder(source).module(tree)


def _span(node: ast.AST) -> Span:
    return node.lineno, node.col_offset, node.end_lineno, node.end_col_offset  # type: ignore[attr-defined]


class _Builder:
    def __init__(self, source: Source) -> None:
        self.source = source
        self.expressions: dict[type, Callable[[Any], cst.BaseExpression]] = {
            ast.Name: self._name, ast.Constant: self._constant, ast.Attribute: self._attribute, ast.Call: self._call,
            ast.BinOp: self._binary, ast.BoolOp: self._boolean, ast.Compare: self._compare, ast.UnaryOp: self._unary,
            ast.Lambda: self._lambda, ast.IfExp: self._if_expression, ast.Dict: self._dict, ast.Set: self._set,
            ast.ListComp: self._list_comp, ast.SetComp: self._set_comp, ast.DictComp: self._dict_comp,
            ast.GeneratorExp: self._generator, ast.Await: self._await, ast.Yield: self._yield,
            ast.YieldFrom: self._yield_from, ast.JoinedStr: self._string, ast.NamedExpr: self._named,
            ast.Starred: self._starred, ast.List: self._list, ast.Tuple: self._tuple, ast.Subscript: self._subscript,
            ast.Slice: self._bad_slice,
        }
        self.statements: dict[type, Callable[[Any], cst.CSTNode]] = {
            ast.Expr: self._expr, ast.Assign: self._assign, ast.AugAssign: self._aug_assign,
            ast.AnnAssign: self._ann_assign, ast.Return: self._return, ast.Delete: self._delete,
            ast.Pass: self._pass, ast.Break: self._break, ast.Continue: self._continue, ast.Raise: self._raise,
            ast.Assert: self._assert, ast.Global: self._global, ast.Nonlocal: self._nonlocal,
            ast.Import: self._import, ast.ImportFrom: self._import_from, ast.FunctionDef: self._function,
            ast.AsyncFunctionDef: self._function, ast.ClassDef: self._class, ast.If: self._if, ast.For: self._for,
            ast.AsyncFor: self._for, ast.While: self._while, ast.With: self._with, ast.AsyncWith: self._with,
            ast.Try: self._try, ast.Match: self._match,
        }
        try_star = getattr(ast, "TryStar", None)
        if try_star is not None:
            self.statements[try_star] = self._try
        type_alias = getattr(ast, "TypeAlias", None)
        if type_alias is not None:
            self.statements[type_alias] = self._type_alias

    def _at(self, node: cst.CSTNode, span: Optional[Span]) -> Any:
        node._source = self.source
        node._span = span
        return node

    # Statements
    def module(self, tree: ast.Module) -> cst.Module:
        source = self.source
        newline = re.search(r"\r\n|\r|\n", source.text)
        indent = re.search(r"^([ \t]+)\S", source.text, re.MULTILINE)
        module = cst.Module(
            body=self._statements(tree.body), encoding=source.encoding,
            default_indent=indent.group(1) if indent else "    ",
            default_newline=newline.group() if newline else "\n",
            has_trailing_newline=source.text.endswith(("\n", "\r")),
        )
        module._source = source
        module._span = (1, 0, *source.place(len(source.data)))
        return module

    def _statements(self, body: Sequence[ast.stmt]) -> list[cst.BaseStatement]:
        """Statements as libcst has them: simple ones sharing a line (`a; b`) in one
        SimpleStatementLine."""
        result: list[cst.BaseStatement] = []
        line: list[cst.BaseSmallStatement] = []
        source = self.source
        starts = source.statement_lines
        for statement in body:
            starts.add(statement.lineno)
            built = self.statements[type(statement)](statement)
            if isinstance(built, cst.BaseCompoundStatement):
                result.append(built)
                line = []
            elif line and not source.starts_line(statement.lineno, statement.col_offset):
                line.append(built)  # type: ignore[arg-type]
            else:
                line = [built]  # type: ignore[list-item]
                result.append(self._at(cst.SimpleStatementLine(body=line), None))
        return result

    def _suite(self, body: Sequence[ast.stmt]) -> cst.BaseSuite:
        first = body[0]
        if self.source.starts_line(first.lineno, first.col_offset):
            return self._at(cst.IndentedBlock(body=self._statements(body), indent=None), None)
        self.source.statement_lines.update(statement.lineno for statement in body)
        small = [self.statements[type(statement)](statement) for statement in body]
        return self._at(cst.SimpleStatementSuite(body=small), None)  # type: ignore[arg-type]

    def _expr(self, node: ast.Expr) -> cst.Expr:
        return self._at(cst.Expr(value=self.expression(node.value)), _span(node))

    def _assign(self, node: ast.Assign) -> cst.Assign:
        targets = [self._derived(cst.AssignTarget(target=self.expression(target))) for target in node.targets]
        return self._at(cst.Assign(targets=targets, value=self.expression(node.value)), _span(node))

    def _aug_assign(self, node: ast.AugAssign) -> cst.AugAssign:
        built = cst.AugAssign(target=self.expression(node.target), operator=_AUGMENTED[type(node.op)], value=self.expression(node.value))
        return self._at(built, _span(node))

    def _ann_assign(self, node: ast.AnnAssign) -> cst.AnnAssign:
        annotation = self._derived(cst.Annotation(annotation=self.expression(node.annotation)))
        value = self.expression(node.value) if node.value is not None else None
        return self._at(cst.AnnAssign(target=self.expression(node.target), annotation=annotation, value=value), _span(node))

    def _return(self, node: ast.Return) -> cst.Return:
        return self._at(cst.Return(value=self.optional(node.value)), _span(node))

    def _delete(self, node: ast.Delete) -> cst.Del:
        if len(node.targets) == 1:
            target = self.expression(node.targets[0])
        else:
            elements = [self._element(item) for item in node.targets]
            first, last = node.targets[0], node.targets[-1]
            target = self._at(cst.Tuple(elements=elements), (first.lineno, first.col_offset, last.end_lineno, last.end_col_offset))  # type: ignore[arg-type]
        return self._at(cst.Del(target=target), _span(node))

    def _pass(self, node: ast.Pass) -> cst.Pass:
        return self._at(cst.Pass(), _span(node))

    def _break(self, node: ast.Break) -> cst.Break:
        return self._at(cst.Break(), _span(node))

    def _continue(self, node: ast.Continue) -> cst.Continue:
        return self._at(cst.Continue(), _span(node))

    def _raise(self, node: ast.Raise) -> cst.Raise:
        cause = self._keyword_led(cst.From(item=self.expression(node.cause)), b"from", space_before=False) if node.cause is not None else None
        return self._at(cst.Raise(exc=self.optional(node.exc), cause=cause), _span(node))

    def _assert(self, node: ast.Assert) -> cst.Assert:
        return self._at(cst.Assert(test=self.expression(node.test), msg=self.optional(node.msg)), _span(node))

    def _global(self, node: ast.Global) -> cst.Global:
        return self._at(cst.Global(names=self._name_items(node)), _span(node))

    def _nonlocal(self, node: ast.Nonlocal) -> cst.Nonlocal:
        return self._at(cst.Nonlocal(names=self._name_items(node)), _span(node))

    def _name_items(self, node: Union[ast.Global, ast.Nonlocal]) -> list[cst.NameItem]:
        words = self._words(node)[1:]
        return [self._derived(cst.NameItem(name=self._word_name(words[index]))) for index in range(len(node.names))]

    def _words(self, node: ast.AST) -> list[tuple[int, int]]:
        """The names and keywords of a statement that `ast` keeps as strings, as byte offsets."""
        source = self.source
        start = source.offset(node.lineno, node.col_offset)  # type: ignore[attr-defined]
        end = source.offset(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
        found = []
        index = start
        data = source.data
        while index < end:
            index = source.skip_forward(index)
            if index >= end:
                break
            match = _NAMES.match(data, index)
            if match:
                found.append((match.start(), match.end()))
                index = match.end()
            else:
                index += 1
        return found

    def _word_name(self, word: tuple[int, int]) -> cst.Name:
        source = self.source
        return self._at(cst.Name(value=source.between(*word)), (*source.place(word[0]), *source.place(word[1])))

    def _dotted(self, words: Iterator[tuple[int, int]], count: int) -> Union[cst.Name, cst.Attribute]:
        node: Union[cst.Name, cst.Attribute] = self._word_name(next(words))
        for _ in range(count - 1):
            attr = self._word_name(next(words))
            line, column = node._span[:2]  # type: ignore[index]
            node = self._at(cst.Attribute(value=node, attr=attr), (line, column, *attr._span[2:]))  # type: ignore[index]
        return node

    def _aliases(self, names: Sequence[ast.alias], words: Iterator[tuple[int, int]]) -> list[cst.ImportAlias]:
        result = []
        for alias in names:
            name = self._dotted(words, alias.name.count(".") + 1)
            asname = None
            if alias.asname is not None:
                as_word = next(words)
                target = self._word_name(next(words))
                start = self.source.skip_back(as_word[0])
                asname = self._at(cst.AsName(name=target), (*self.source.place(start), *target._span[2:]))  # type: ignore[index]
            result.append(self._derived(cst.ImportAlias(name=name, asname=asname)))
        return result

    def _import(self, node: ast.Import) -> cst.Import:
        words = iter(self._words(node)[1:])
        return self._at(cst.Import(names=self._aliases(node.names, words)), _span(node))

    def _import_from(self, node: ast.ImportFrom) -> cst.ImportFrom:
        words = iter(self._words(node)[1:])
        module = self._dotted(words, node.module.count(".") + 1) if node.module else None
        import_word = next(words)
        names: Union[list[cst.ImportAlias], cst.ImportStar]
        if len(node.names) == 1 and node.names[0].name == "*":
            star = self.source.skip_forward(import_word[1])
            names = self._at(cst.ImportStar(), (*self.source.place(star), *self.source.place(star + 1)))
        else:
            names = self._aliases(node.names, words)
        return self._at(cst.ImportFrom(relative=(_DOT,) * (node.level or 0), module=module, names=names), _span(node))

    def _decorators(self, node: Union[ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef]) -> list[cst.Decorator]:
        decorators = []
        source = self.source
        for expression in node.decorator_list:
            start = source.skip_back(source.offset(expression.lineno, expression.col_offset))
            while start > 0 and source.data[start - 1] == 40:  # a parenthesized decorator's "("
                start = source.skip_back(start - 1)
            at = start - 1
            span = (*source.place(at), *_span(expression)[2:])
            decorators.append(self._at(cst.Decorator(decorator=self.expression(expression)), span))
        return decorators

    def _header_name(self, node: ast.AST, after: int) -> cst.Name:
        """The defined name of `def`/`class`, the word after the `after` words leading it."""
        return self._word_name(self._words_from(node, after + 1)[-1])

    def _words_from(self, node: ast.AST, count: int) -> list[tuple[int, int]]:
        source = self.source
        index = source.offset(node.lineno, node.col_offset)  # type: ignore[attr-defined]
        found: list[tuple[int, int]] = []
        while len(found) < count:
            index = source.skip_forward(index)
            match = _NAMES.match(source.data, index)
            assert match is not None
            found.append((match.start(), match.end()))
            index = match.end()
        return found

    def _function(self, node: Union[ast.FunctionDef, ast.AsyncFunctionDef]) -> cst.FunctionDef:
        asynchronous = isinstance(node, ast.AsyncFunctionDef)
        decorators = self._decorators(node)
        name = self._header_name(node, 2 if asynchronous else 1)
        returns = self._annotation(node.returns) if node.returns is not None else None
        built = cst.FunctionDef(
            decorators=decorators, asynchronous=_ASYNC if asynchronous else None, name=name,
            type_parameters=self._type_parameters(node), params=self._parameters(node.args, self._after_paren(name)),
            returns=returns, body=self._suite(node.body),
        )
        return self._at(built, _span(node))

    def _after_paren(self, name: cst.Name) -> int:
        """The offset after the `(` that opens a definition's parameters."""
        source = self.source
        index = source.skip_forward(offsets(name)[1])
        if source.data[index : index + 1] == b"[":
            index = source.data.index(b"(", index)
        return index + 1

    def _class(self, node: ast.ClassDef) -> cst.ClassDef:
        decorators = self._decorators(node)
        name = self._header_name(node, 1)
        arguments = self._arguments(node.bases, node.keywords)
        built = cst.ClassDef(
            decorators=decorators, name=name, type_parameters=self._type_parameters(node),
            bases=[arg for arg in arguments if arg.keyword is None and arg.star != "**"],
            keywords=[arg for arg in arguments if arg.keyword is not None or arg.star == "**"],
            body=self._suite(node.body),
        )
        return self._at(built, _span(node))

    def _type_parameters(self, node: ast.AST) -> Optional[cst.TypeParameters]:
        params = getattr(node, "type_params", None)
        if not params:
            return None
        built = []
        for param in params:
            name = self._header_name(param, 0)
            kind = type(param).__name__
            inner: Union[cst.TypeVar, cst.TypeVarTuple, cst.ParamSpec]
            if kind == "TypeVar":
                inner, star = self._derived(cst.TypeVar(name=name, bound=self.optional(param.bound))), ""
            elif kind == "TypeVarTuple":
                inner, star = self._derived(cst.TypeVarTuple(name=name)), "*"
            else:
                inner, star = self._derived(cst.ParamSpec(name=name)), "**"
            default = self.optional(getattr(param, "default_value", None))
            built.append(self._at(cst.TypeParam(param=inner, default=default, star=star), _span(param)))
        return self._derived(cst.TypeParameters(params=built))

    def _annotation(self, expression: ast.expr) -> cst.Annotation:
        return self._derived(cst.Annotation(annotation=self.expression(expression)))

    def _parameters(self, arguments: ast.arguments, empty_at: int) -> cst.Parameters:
        """`empty_at`: where libcst places a list of no parameters (after `(` or `lambda`)."""
        positional = [*arguments.posonlyargs, *arguments.args]
        defaults: list[Optional[ast.expr]] = [None] * (len(positional) - len(arguments.defaults)) + list(arguments.defaults)
        built = [self._param(arg, default, "") for arg, default in zip(positional, defaults)]
        posonly = built[: len(arguments.posonlyargs)]
        star_arg: Union[cst.Param, cst.ParamStar, cst.MaybeSentinel]
        if arguments.vararg is not None:
            star_arg = self._param(arguments.vararg, None, "*")
        elif arguments.kwonlyargs:
            first = arguments.kwonlyargs[0]
            star = self.source.skip_back(self.source.skip_back(self.source.offset(first.lineno, first.col_offset)) - 1) - 1
            star_arg = self._at(cst.ParamStar(), (*self.source.place(star), *self.source.place(star + 1)))
        else:
            star_arg = cst.MaybeSentinel.DEFAULT
        parameters = cst.Parameters(
            posonly_params=posonly, posonly_ind=self._slash(posonly[-1]) if posonly else cst.MaybeSentinel.DEFAULT,
            params=built[len(arguments.posonlyargs) :], star_arg=star_arg,
            kwonly_params=[self._param(arg, default, "") for arg, default in zip(arguments.kwonlyargs, arguments.kw_defaults)],
            star_kwarg=self._param(arguments.kwarg, None, "**") if arguments.kwarg is not None else None,
        )
        empty = not (posonly or parameters.params or arguments.vararg or arguments.kwonlyargs or arguments.kwarg)
        return self._at(parameters, (*self.source.place(empty_at), *self.source.place(empty_at)) if empty else None)

    def _slash(self, last: cst.Param) -> cst.ParamSlash:
        source = self.source
        slash = source.skip_forward(source.skip_forward(code_offsets(last)[1]) + 1)
        return self._at(cst.ParamSlash(), (*source.place(slash), *source.place(slash + 1)))

    def _param(self, arg: ast.arg, default: Optional[ast.expr], star: str) -> cst.Param:
        source = self.source
        name_end = source.offset(arg.lineno, arg.col_offset) + len(arg.arg.encode("utf-8"))
        name = self._at(cst.Name(value=arg.arg), (arg.lineno, arg.col_offset, *source.place(name_end)))
        annotation = self._annotation(arg.annotation) if arg.annotation is not None else None
        built = cst.Param(name=name, annotation=annotation, default=self.optional(default), star=star)
        start = (arg.lineno, arg.col_offset)
        if star:
            start = source.place(source.skip_back(source.offset(*start)) - len(star))
        return self._at(built, (*start, *name._span[2:]))

    def _if(self, node: ast.If) -> cst.If:
        orelse: Union[cst.If, cst.Else, None] = None
        if node.orelse:
            first = node.orelse[0]
            source = self.source
            if len(node.orelse) == 1 and isinstance(first, ast.If) and source.data.startswith(b"elif", source.offset(first.lineno, first.col_offset)):
                orelse = self._if(first)
            else:
                orelse = self._else(node.body[-1], node.orelse)
        return self._at(cst.If(test=self.expression(node.test), body=self._suite(node.body), orelse=orelse), _span(node))

    def _else(self, before: ast.stmt, body: Sequence[ast.stmt]) -> cst.Else:
        return self._clause(cst.Else(body=self._suite(body)), before)

    def _clause(self, node: Any, before: ast.AST) -> Any:
        """A clause led by its keyword (`else:`, `finally:`), placed from the keyword, the first
        word after what comes before it."""
        source = self.source
        keyword = source.skip_forward(source.offset(before.end_lineno, before.end_col_offset))  # type: ignore[attr-defined]
        body = node.body
        last = body.body[-1]
        self._at(node, (*source.place(keyword), *_end_of(last)))
        return node

    def _for(self, node: Union[ast.For, ast.AsyncFor]) -> cst.For:
        built = cst.For(
            asynchronous=_ASYNC if isinstance(node, ast.AsyncFor) else None, target=self.expression(node.target),
            iter=self.expression(node.iter), body=self._suite(node.body),
            orelse=self._else(node.body[-1], node.orelse) if node.orelse else None,
        )
        return self._at(built, _span(node))

    def _while(self, node: ast.While) -> cst.While:
        built = cst.While(
            test=self.expression(node.test), body=self._suite(node.body),
            orelse=self._else(node.body[-1], node.orelse) if node.orelse else None,
        )
        return self._at(built, _span(node))

    def _with(self, node: Union[ast.With, ast.AsyncWith]) -> cst.With:
        items = []
        for item in node.items:
            asname = None
            if item.optional_vars is not None:
                target = self.expression(item.optional_vars)
                asname = self._keyword_led(cst.AsName(name=target), b"as")
            items.append(self._derived(cst.WithItem(item=self.expression(item.context_expr), asname=asname)))
        built = cst.With(asynchronous=_ASYNC if isinstance(node, ast.AsyncWith) else None, items=items, body=self._suite(node.body))
        return self._at(built, _span(node))

    def _try(self, node: Any) -> Union[cst.Try, cst.TryStar]:
        star = type(node).__name__ == "TryStar"
        handlers = []
        for handler in node.handlers:
            name = None
            if handler.name is not None:
                words = self._words(handler)
                after_type = self.source.offset(handler.type.end_lineno, handler.type.end_col_offset)
                as_index = next(i for i, w in enumerate(words) if self.source.data[w[0] : w[1]] == b"as" and w[0] >= after_type)
                target = self._word_name(words[as_index + 1])
                start = self.source.skip_back(words[as_index][0])
                name = self._at(cst.AsName(name=target), (*self.source.place(start), *target._span[2:]))  # type: ignore[index]
            kind = cst.ExceptStarHandler if star else cst.ExceptHandler
            handlers.append(self._at(kind(type=self.optional(handler.type), name=name, body=self._suite(handler.body)), _span(handler)))
        last = node.handlers[-1] if node.handlers else node.body[-1]
        orelse = self._else(last, node.orelse) if node.orelse else None
        finalbody = None
        if node.finalbody:
            before = node.orelse[-1] if node.orelse else last
            finalbody = self._clause(cst.Finally(body=self._suite(node.finalbody)), before)
        kind_try = cst.TryStar if star else cst.Try
        return self._at(kind_try(body=self._suite(node.body), handlers=handlers, orelse=orelse, finalbody=finalbody), _span(node))

    def _type_alias(self, node: Any) -> cst.TypeAlias:
        name = self.expression(node.name)
        return self._at(cst.TypeAlias(name=name, type_parameters=self._type_parameters(node), value=self.expression(node.value)), _span(node))

    def _match(self, node: ast.Match) -> cst.Match:
        cases = [
            self._at(cst.MatchCase(pattern=self._pattern(case.pattern), guard=self.optional(case.guard), body=self._suite(case.body)), None)
            for case in node.cases
        ]
        return self._at(cst.Match(subject=self.expression(node.subject), cases=cases), _span(node))

    def _pattern(self, node: ast.pattern) -> cst.MatchPattern:
        span = _span(node)
        if isinstance(node, ast.MatchValue):
            return self._at(cst.MatchValue(value=self.expression(node.value)), span)
        if isinstance(node, ast.MatchSingleton):
            return self._at(cst.MatchSingleton(value=self._at(cst.Name(value=repr(node.value)), span)), span)
        if isinstance(node, ast.MatchSequence):
            patterns = [self._sequence_element(p) for p in node.patterns]
            kind = cst.MatchList if self.source.data[self.source.offset(*span[:2])] == 91 else cst.MatchTuple
            return self._at(kind(patterns=patterns), span)
        if isinstance(node, ast.MatchMapping):
            elements = [
                self._derived(cst.MatchMappingElement(key=self.expression(key), pattern=self._pattern(pattern)))
                for key, pattern in zip(node.keys, node.patterns)
            ]
            rest = self._word_name(self._words(node)[-1]) if node.rest is not None else None
            return self._at(cst.MatchMapping(elements=elements, rest=rest), span)
        if isinstance(node, ast.MatchClass):
            keyword_names = [w for w in self._words(node) if self.source.between(*w) in node.kwd_attrs]
            keywords = [
                self._derived(cst.MatchKeywordElement(key=self._word_name(word), pattern=self._pattern(pattern)))
                for word, pattern in zip(keyword_names[-len(node.kwd_attrs) :] if node.kwd_attrs else [], node.kwd_patterns)
            ]
            elements = [self._derived(cst.MatchSequenceElement(value=self._pattern(p))) for p in node.patterns]
            return self._at(cst.MatchClass(cls=self.expression(node.cls), patterns=elements, kwds=keywords), span)
        if isinstance(node, ast.MatchAs):
            name = self._word_name(self._words(node)[-1]) if node.name is not None else None
            pattern = self._pattern(node.pattern) if node.pattern is not None else None
            return self._at(cst.MatchAs(pattern=pattern, name=name), span)
        if isinstance(node, ast.MatchOr):
            return self._at(cst.MatchOr(patterns=[self._derived(cst.MatchOrElement(pattern=self._pattern(p))) for p in node.patterns]), span)
        raise SyntaxError(f"pattern {type(node).__name__}")

    def _sequence_element(self, node: ast.pattern) -> Union[cst.MatchSequenceElement, cst.MatchStar]:
        if isinstance(node, ast.MatchStar):
            name = self._word_name(self._words(node)[-1]) if node.name is not None else None
            return self._at(cst.MatchStar(name=name), _span(node))
        return self._derived(cst.MatchSequenceElement(value=self._pattern(node)))

    # Expressions
    def expression(self, node: ast.expr) -> Any:
        return self.expressions[type(node)](node)

    def optional(self, node: Optional[ast.expr]) -> Any:
        return None if node is None else self.expressions[type(node)](node)

    def _derived(self, node: Any) -> Any:
        node._source = self.source
        node._span = None
        return node

    def _keyword_led(self, node: Any, marker: bytes, space_before: bool = True) -> Any:
        """A node led by a keyword or mark before its one child (`from x`, `as y`, `**kw`);
        libcst places most of them from the space before the keyword."""
        source = self.source
        child = getattr(node, type(node)._fields[0])
        start, end = code_offsets(child)
        keyword = source.skip_back(start) - len(marker)
        if space_before:
            keyword = source.skip_back(keyword)
        return self._at(node, (*source.place(keyword), *source.place(end)))

    def _name(self, node: ast.Name) -> cst.Name:
        value = node.id
        if not value.isascii():
            value = self.source.between(self.source.offset(node.lineno, node.col_offset), self.source.offset(node.end_lineno, node.end_col_offset))  # type: ignore[arg-type]
        return self._at(cst.Name(value=value), _span(node))

    def _raw(self, node: ast.AST) -> str:
        source = self.source
        return source.between(source.offset(node.lineno, node.col_offset), source.offset(node.end_lineno, node.end_col_offset))  # type: ignore[attr-defined]

    def _constant(self, node: ast.Constant) -> cst.BaseExpression:
        value = node.value
        if isinstance(value, (str, bytes)):
            return self._string(node)
        if value is None or value is True or value is False:
            return self._at(cst.Name(value=repr(value)), _span(node))
        if value is Ellipsis:
            return self._at(cst.Ellipsis(), _span(node))
        kind = cst.Integer if isinstance(value, int) else cst.Float if isinstance(value, float) else cst.Imaginary
        return self._at(kind(value=self._raw(node)), _span(node))

    def _attribute(self, node: ast.Attribute) -> cst.Attribute:
        line, column, end_line, end_column = _span(node)
        attr_name = node.attr
        # A name never spans lines: the attribute's ends where the whole expression does.
        attr_column = end_column - len(attr_name)
        if not attr_name.isascii():
            source = self.source
            end = source.offset(end_line, end_column)
            match = _NAME_AT_END.search(source.data, 0, end)
            start = match.start() if match else end - len(attr_name.encode("utf-8"))
            attr_column, attr_name = end_column - (end - start), source.between(start, end)
        attr = self._at(cst.Name(value=attr_name), (end_line, attr_column, end_line, end_column))
        return self._at(cst.Attribute(value=self.expression(node.value), attr=attr), (line, column, end_line, end_column))

    def _arguments(self, args: Sequence[ast.expr], keywords: Sequence[ast.keyword]) -> list[cst.Arg]:
        written: list[tuple[tuple[int, int], cst.Arg]] = []
        for arg in args:
            if isinstance(arg, ast.Starred):
                built = self._at(cst.Arg(keyword=None, value=self.expression(arg.value), star="*"), _span(arg))
            else:
                value = self.expression(arg)
                built = self._derived(cst.Arg(keyword=None, value=value, star=""))
            written.append(((arg.lineno, arg.col_offset), built))
        for keyword in keywords:
            span = _span(keyword)
            if keyword.arg is None:
                built = self._at(cst.Arg(keyword=None, value=self.expression(keyword.value), star="**"), span)
            else:
                name = self._at(cst.Name(value=keyword.arg), (span[0], span[1], span[0], span[1] + len(keyword.arg.encode("utf-8"))))
                built = self._at(cst.Arg(keyword=name, value=self.expression(keyword.value), star=""), span)
            written.append(((keyword.lineno, keyword.col_offset), built))
        if keywords and args:
            written.sort(key=lambda pair: pair[0])
        return [arg for _, arg in written]

    def _call(self, node: ast.Call) -> cst.Call:
        func = self.expression(node.func)
        return self._at(cst.Call(func=func, args=self._arguments(node.args, node.keywords)), _span(node))

    def _binary(self, node: ast.BinOp) -> cst.BinaryOperation:
        built = cst.BinaryOperation(left=self.expression(node.left), operator=_BINARY[type(node.op)], right=self.expression(node.right))
        return self._at(built, _span(node))

    def _boolean(self, node: ast.BoolOp) -> cst.BooleanOperation:
        operator = _BOOLEAN[type(node.op)]
        line, column, end_line, end_column = _span(node)
        values = node.values
        result = self.expression(values[0])
        source = self.source
        for index, value in enumerate(values[1:], start=1):
            right = self.expression(value)
            if index == len(values) - 1:
                span = (line, column, end_line, end_column)
            else:
                _, end = source.parenthesized(*_offsets(right))
                span = (line, column, *source.place(end))
            result = self._at(cst.BooleanOperation(left=result, operator=operator, right=right), span)
        return result

    def _compare(self, node: ast.Compare) -> cst.Comparison:
        left = self.expression(node.left)
        source = self.source
        targets = []
        previous = left
        for op, comparator in zip(node.ops, node.comparators):
            built = cst.ComparisonTarget(operator=_COMPARE[type(op)], comparator=self.expression(comparator))
            # Placed from the end of the operand before it, as libcst has the space before the operator.
            start, end = code_offsets(previous)[1], code_offsets(built.comparator)[1]
            targets.append(self._at(built, (*source.place(start), *source.place(end))))
            previous = built.comparator
        return self._at(cst.Comparison(left=left, comparisons=targets), _span(node))

    def _unary(self, node: ast.UnaryOp) -> cst.UnaryOperation:
        built = cst.UnaryOperation(operator=_UNARY[type(node.op)], expression=self.expression(node.operand))
        return self._at(built, _span(node))

    def _lambda(self, node: ast.Lambda) -> cst.Lambda:
        start = self.source.offset(node.lineno, node.col_offset) + len("lambda")
        return self._at(cst.Lambda(params=self._parameters(node.args, start), body=self.expression(node.body)), _span(node))

    def _if_expression(self, node: ast.IfExp) -> cst.IfExp:
        built = cst.IfExp(body=self.expression(node.body), test=self.expression(node.test), orelse=self.expression(node.orelse))
        return self._at(built, _span(node))

    def _dict(self, node: ast.Dict) -> cst.Dict:
        elements: list[cst.BaseDictElement] = []
        for key, value in zip(node.keys, node.values):
            if key is None:
                elements.append(self._keyword_led(cst.StarredDictElement(value=self.expression(value)), b"**", space_before=False))
            else:
                elements.append(self._derived(cst.DictElement(key=self.expression(key), value=self.expression(value))))
        return self._at(cst.Dict(elements=elements), _span(node))

    def _element(self, node: ast.expr) -> cst.BaseElement:
        if isinstance(node, ast.Starred):
            return self._starred(node)
        return self._derived(cst.Element(value=self.expression(node)))

    def _set(self, node: ast.Set) -> cst.Set:
        return self._at(cst.Set(elements=[self._element(e) for e in node.elts]), _span(node))

    def _list(self, node: ast.List) -> cst.List:
        return self._at(cst.List(elements=[self._element(e) for e in node.elts]), _span(node))

    def _tuple(self, node: ast.Tuple) -> cst.Tuple:
        span = _span(node)
        source = self.source
        start, end = source.offset(span[0], span[1]), source.offset(span[2], span[3])
        if source.wraps(start, end):
            span = (*source.place(start + 1), *source.place(end - 1))
            # libcst places a parenthesized tuple inside its parentheses, at its first element.
            if node.elts:
                inner_start = source.skip_forward(start + 1)
                inner_end = source.skip_back(end - 1)
                span = (*source.place(inner_start), *source.place(inner_end))
        return self._at(cst.Tuple(elements=[self._element(e) for e in node.elts]), span)

    def _starred(self, node: ast.Starred) -> cst.StarredElement:
        return self._at(cst.StarredElement(value=self.expression(node.value)), _span(node))

    def _named(self, node: ast.NamedExpr) -> cst.NamedExpr:
        return self._at(cst.NamedExpr(target=self.expression(node.target), value=self.expression(node.value)), _span(node))

    def _await(self, node: ast.Await) -> cst.Await:
        return self._at(cst.Await(expression=self.expression(node.value)), _span(node))

    def _yield(self, node: ast.Yield) -> cst.Yield:
        return self._at(cst.Yield(value=self.optional(node.value)), _span(node))

    def _yield_from(self, node: ast.YieldFrom) -> cst.Yield:
        item = self._keyword_led(cst.From(item=self.expression(node.value)), b"from", space_before=False)
        return self._at(cst.Yield(value=item), _span(node))

    def _subscript(self, node: ast.Subscript) -> cst.Subscript:
        value = self.expression(node.value)
        index = node.slice
        source = self.source
        elements: list[cst.SubscriptElement]
        if isinstance(index, ast.Tuple) and index.elts and not source.wraps(*_ast_offsets(source, index)):
            elements = [self._subscript_element(item) for item in index.elts]
        else:
            elements = [self._subscript_element(index)]
        return self._at(cst.Subscript(value=value, slice=elements), _span(node))

    def _subscript_element(self, node: ast.expr) -> cst.SubscriptElement:
        inner: cst.BaseSlice
        if isinstance(node, ast.Slice):
            inner = self._at(cst.Slice(lower=self.optional(node.lower), upper=self.optional(node.upper), step=self.optional(node.step)), _span(node))
        elif isinstance(node, ast.Starred):
            inner = self._at(cst.Index(value=self.expression(node.value), star="*"), _span(node))
        else:
            inner = self._derived(cst.Index(value=self.expression(node), star=None))
        return self._derived(cst.SubscriptElement(slice=inner))

    def _bad_slice(self, node: ast.Slice) -> cst.BaseExpression:
        raise SyntaxError("a slice outside a subscript")

    def _comprehension(self, generators: Sequence[ast.comprehension]) -> cst.CompFor:
        inner: Optional[cst.CompFor] = None
        source = self.source
        for generator in reversed(generators):
            ifs = [self._keyword_led(cst.CompIf(test=self.expression(test)), b"if") for test in generator.ifs]
            target = self.expression(generator.target)
            built = cst.CompFor(
                asynchronous=_ASYNC if generator.is_async else None, target=target,
                iter=self.expression(generator.iter), ifs=ifs, inner_for_in=inner,
            )
            start, _ = source.parenthesized(*_offsets(target))
            keyword = source.skip_back(start) - 3
            if generator.is_async:
                keyword = source.skip_back(keyword) - 5
            keyword = source.skip_back(keyword)
            last = inner or (ifs[-1] if ifs else built.iter)
            end = code_offsets(last)[1]
            inner = self._at(built, (*source.place(keyword), *source.place(end)))
        assert inner is not None
        return inner

    def _shrunk(self, node: ast.expr) -> Span:
        """A comprehension's place inside its brackets, or a generator's inside its parentheses."""
        source = self.source
        start, end = _ast_offsets(source, node)
        return (*source.place(source.skip_forward(start + 1)), *source.place(source.skip_back(end - 1)))

    def _list_comp(self, node: ast.ListComp) -> cst.ListComp:
        return self._at(cst.ListComp(elt=self.expression(node.elt), for_in=self._comprehension(node.generators)), _span(node))

    def _set_comp(self, node: ast.SetComp) -> cst.SetComp:
        return self._at(cst.SetComp(elt=self.expression(node.elt), for_in=self._comprehension(node.generators)), _span(node))

    def _dict_comp(self, node: ast.DictComp) -> cst.DictComp:
        built = cst.DictComp(key=self.expression(node.key), value=self.expression(node.value), for_in=self._comprehension(node.generators))
        return self._at(built, _span(node))

    def _generator(self, node: ast.GeneratorExp) -> cst.GeneratorExp:
        built = cst.GeneratorExp(elt=self.expression(node.elt), for_in=self._comprehension(node.generators))
        return self._at(built, self._shrunk(node))

    # Strings
    def _string(self, node: Union[ast.Constant, ast.JoinedStr]) -> cst.BaseExpression:
        source = self.source
        start, end = _ast_offsets(source, node)
        pieces = list(_string_pieces(source.data, start, end))
        values = _formatted_values(node)
        built = [self._piece(piece_start, piece_end, values) for piece_start, piece_end in pieces]
        result = built[-1]
        for left in reversed(built[:-1]):
            left_start, _ = _offsets(left)
            _, right_end = _offsets(result)
            result = self._at(cst.ConcatenatedString(left=left, right=result), (*source.place(left_start), *source.place(right_end)))
        return result

    def _piece(self, start: int, end: int, values: Iterator[ast.FormattedValue]) -> Union[cst.SimpleString, cst.FormattedString]:
        source = self.source
        text = source.data[start:end]
        span = (*source.place(start), *source.place(end))
        prefix_length = len(text) - len(text.lstrip(b"rRbBuUfFtT"))
        prefix = text[:prefix_length]
        if b"f" not in prefix.lower():
            return self._at(cst.SimpleString(value=source.between(start, end)), span)
        quote_length = 3 if text[prefix_length : prefix_length + 3] in (b'"""', b"'''") else 1
        body_start, body_end = start + prefix_length + quote_length, end - quote_length
        parts = self._parts(body_start, body_end, values, raw=b"r" in prefix.lower())
        built = cst.FormattedString(
            parts=parts, start=source.between(start, body_start), end=source.between(body_end, end)
        )
        return self._at(built, span)

    def _parts(self, start: int, end: int, values: Iterator[ast.FormattedValue], raw: bool = False) -> list[cst.BaseFormattedStringContent]:
        """`raw`: the string has an `r` prefix, where `\\N{...}` is text and a field, not a named
        character."""
        data = self.source.data
        parts: list[cst.BaseFormattedStringContent] = []
        text_start = index = start
        while index < end:
            byte = data[index]
            if byte == 92:
                if not raw and data[index + 1 : index + 3] == b"N{":
                    index = data.index(b"}", index + 3) + 1  # `\N{bullet}`: one character, no field
                    continue
                # A backslash escapes no brace: in `\{{` the braces are still one escaped brace.
                index += 1 if data[index + 1 : index + 2] in (b"{", b"}") else 2
                continue
            if byte in b"{}" and data[index + 1 : index + 2] == bytes([byte]):
                index += 2
                continue
            if byte == 123:
                if index > text_start:
                    parts.append(self._text_part(text_start, index))
                close, conversion, spec = replacement_field(data, index, end)
                value = next(values)
                format_spec = None
                if spec is not None:
                    nested = _formatted_values(value.format_spec) if value.format_spec is not None else iter(())
                    format_spec = self._parts(spec[0], spec[1], nested, raw)
                expression = cst.FormattedStringExpression(expression=self.expression(value.value), conversion=conversion, format_spec=format_spec)
                parts.append(self._at(expression, (*self.source.place(index), *self.source.place(close + 1))))
                index = text_start = close + 1
                continue
            index += 1
        if end > text_start:
            parts.append(self._text_part(text_start, end))
        return parts

    def _text_part(self, start: int, end: int) -> cst.FormattedStringText:
        source = self.source
        return self._at(cst.FormattedStringText(value=source.between(start, end)), (*source.place(start), *source.place(end)))


def _end_of(node: cst.CSTNode) -> tuple[int, int]:
    return span_of(node)[2:]


_offsets = offsets


def _ast_offsets(source: Source, node: ast.AST) -> tuple[int, int]:
    return source.offset(node.lineno, node.col_offset), source.offset(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]


def _formatted_values(node: ast.AST) -> Iterator[ast.FormattedValue]:
    if isinstance(node, ast.JoinedStr):
        return iter([value for value in node.values if isinstance(value, ast.FormattedValue)])
    return iter(())


def _string_pieces(data: bytes, start: int, end: int) -> Iterator[tuple[int, int]]:
    """The string literals an implicitly joined string is written as, by offset."""
    index = start
    while index < end:
        byte = data[index]
        if byte in b" \t\x0c\r\n\\":
            index += 1
        elif byte == 35:
            newline = re.compile(rb"\r\n|\r|\n").search(data, index)
            index = newline.start() if newline else end
        else:
            piece_start = index
            while data[index : index + 1] not in (b"'", b'"'):
                index += 1
            prefix = data[piece_start:index].lower()
            index = literal_end(data, index, b"f" in prefix)
            yield piece_start, index
