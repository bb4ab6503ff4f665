"""Safe fixes keep what the program computes and raises, checked as a property, not on examples.

- AMP001: for generated argument lists of every deprecated callable (positional, keyword,
  `*args`, `**kwargs`, names the callable takes and names it does not), whenever the fix offers a
  rewrite, the symbolic proof holds and running both calls against the installed torch hands the
  torch.amp callable the same arguments, or raises TypeError both ways, for every content the
  starred arguments are given. The same for every call the fix rewrites in the fixtures and the
  catalogue, and, where they have been built, in the real-code review sets.
- SYNC003: the factory call the fix writes builds the very tensor the moved one was.
- `import torch` added by a fix stands right before a statement that imports torch anyway.
"""

from __future__ import annotations

import ast
import itertools

import libcst as cst
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from torch_advise.catalogue import load_catalogue
from torch_advise.lint.analysis.call_equivalence import KEYWORD, POSITIONAL, Argument, constant, equivalent
from torch_advise.lint.analysis.call_rewrite import FileSpelling, successor_decorator
from torch_advise.lint.analysis.torch_api import FORWARDS, signature

from conftest import REPO, lint_text
from replay import TYPE_ERROR, Value, call_source, outcome, torch

DEPRECATED = sorted(FORWARDS)
FOREIGN = "not_a_parameter"


def _names(qualname: str) -> list[str]:
    return [p.name for p in signature(qualname)] + [FOREIGN]


@st.composite
def calls(draw, qualname: str):
    """A call of `qualname` as source: `torch.cuda.amp.X(v0, *s, name=v1, **k)` in any order
    Python allows."""
    positional = [f"v{i}" for i in range(draw(st.integers(0, 4)))]
    starred = draw(st.booleans())
    names = draw(st.lists(st.sampled_from(_names(qualname)), unique=True, max_size=4))
    double = draw(st.booleans())
    items = positional[: draw(st.integers(0, len(positional)))]
    rest = positional[len(items) :]
    if starred:
        items.append("*s")
    items += rest
    items += [f"{name}=k_{name}" for name in names]
    if double:
        items.insert(len(items) - draw(st.integers(0, len(names))), "**k")
    return f"{qualname}({', '.join(items)})"


def _contents(source: str, qualname: str):
    """Every content worth giving `*s` and `**k`: lengths up to one past the positional
    parameters, and the names the callables take, one at a time and all together."""
    lengths = range(len(signature(qualname)) + 2) if "*s" in source else [0]
    names = _names(qualname) + [p.name for p in signature(FORWARDS[qualname][0])]
    name_sets = [()] + [(n,) for n in names] + [tuple(names)] if "**k" in source else [()]
    for length, keys in itertools.product(lengths, name_sets):
        yield {"s": [Value(f"s{i}") for i in range(length)], "k": {key: Value(f"k[{key}]") for key in keys}}


def _namespace(source: str) -> dict:
    names = {node.id for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Name)}
    return {name: Value(name) for name in names if name not in ("torch", "s", "k")}


def _same_everywhere(old_source: str, new_source: str, qualname: str) -> None:
    base = _namespace(old_source)
    for content in _contents(old_source, qualname):
        namespace = {**base, **content}
        assert outcome(old_source, namespace) == outcome(new_source, namespace), (old_source, new_source, content)


def _rewritten(old_source: str, qualname: str):
    """The call as `advise --fix` rewrites it in a file, or None where it offers no fix."""
    names = sorted({*_namespace(old_source), "s", "k"})
    code = f"import torch\n\n\ndef f({', '.join(names)}):\n    return {old_source}\n"
    result = lint_text(code, select=["AMP001"], fix="safe")
    if not result.changed:
        return None
    function = ast.parse(result.fixed_source).body[-1]
    assert isinstance(function, ast.FunctionDef) and isinstance(function.body[-1], ast.Return)
    assert function.body[-1].value is not None
    return ast.unparse(function.body[-1].value)


def _token(value: ast.expr) -> str:
    """An argument of the call (a name) is the same token in both calls; anything else is a
    constant the fix wrote."""
    return value.id if isinstance(value, ast.Name) else constant(ast.unparse(value))


def _shape(source: str) -> list[Argument]:
    call = ast.parse(source, mode="eval").body
    assert isinstance(call, ast.Call)
    shape = [Argument("star", "s") if isinstance(a, ast.Starred) else Argument(POSITIONAL, _token(a)) for a in call.args]
    for keyword in call.keywords:
        if keyword.arg is None:
            shape.append(Argument("double_star", "k"))
        else:
            shape.append(Argument(KEYWORD, _token(keyword.value), keyword.arg))
    return shape


@pytest.mark.parametrize("qualname", DEPRECATED)
@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_every_rewrite_of_a_generated_call_is_proven_and_runs_the_same(qualname, data):
    old_source = data.draw(calls(qualname))
    try:
        ast.parse(old_source)
    except SyntaxError:
        return
    new_source = _rewritten(old_source, qualname)
    if new_source is None:
        return
    assert equivalent(qualname, _shape(old_source), _shape(new_source))
    _same_everywhere(old_source, new_source, qualname)


@pytest.mark.parametrize("qualname", ["torch.cuda.amp.custom_fwd", "torch.cuda.amp.custom_bwd"])
def test_a_bare_decorator_becomes_a_call_that_builds_the_same_decorator(qualname):
    parenthesised = successor_decorator(qualname, FileSpelling("torch"))
    assert parenthesised == '(device_type="cuda")'

    def forward(ctx, x):
        return x

    assert outcome(qualname, {}, decorates=forward) == outcome(FORWARDS[qualname][0] + parenthesised, {}, decorates=forward)


def test_autocast_with_keyword_arguments_from_a_dict_gets_no_fix():
    """`state` may hold `dtype`: adding one raises "multiple values", leaving it out changes the
    dtype where it does not."""
    assert _rewritten("torch.cuda.amp.autocast(**k)", "torch.cuda.amp.autocast") is None
    earlier_fix = 'torch.amp.autocast("cuda", **k, dtype=torch.float16)'
    state = {"k": {"dtype": Value("bf16")}, "bf16": Value("bf16")}
    assert outcome(earlier_fix, state) == TYPE_ERROR != outcome("torch.cuda.amp.autocast(**k)", state)
    assert not equivalent("torch.cuda.amp.autocast", _shape("torch.cuda.amp.autocast(**k)"), _shape(earlier_fix))


def test_positional_enabled_becomes_the_enabled_keyword_and_keeps_the_cache_setting():
    old = "torch.cuda.amp.autocast(v0)"
    new = _rewritten(old, "torch.cuda.amp.autocast")
    assert new == "torch.amp.autocast('cuda', enabled=v0, dtype=torch.float16, cache_enabled=True)"
    _same_everywhere(old, new, "torch.cuda.amp.autocast")
    for wrong in ('torch.amp.autocast("cuda", v0)', 'torch.amp.autocast("cuda", enabled=v0, dtype=torch.float16)'):
        assert not equivalent("torch.cuda.amp.autocast", _shape(old), _shape(wrong))
    assert outcome('torch.amp.autocast("cuda", v0)', _namespace(old))["dtype"] is not None


def test_grad_scaler_arguments_from_a_sequence_keep_their_places():
    assert _rewritten("torch.cuda.amp.GradScaler(*s)", "torch.cuda.amp.GradScaler") == "torch.amp.GradScaler('cuda', *s)"
    assert _rewritten("torch.cuda.amp.autocast(*s)", "torch.cuda.amp.autocast") is None


# ---- every rewrite of real files ---------------------------------------------------------


def _deprecated_calls(source: str):
    """The calls of deprecated callables in a file, written the full way, as the fix sees them."""
    module = cst.parse_module(source)
    for node in _walk(module):
        if isinstance(node, cst.Call):
            name = cst.Module([]).code_for_node(node.func)
            for qualname in DEPRECATED:
                short = qualname.rsplit(".", 1)[1]
                if name in (qualname, short, f"amp.{short}", f"torch.cuda.amp.{short}"):
                    yield qualname, node.with_changes(func=cst.parse_expression(qualname))


def _walk(node: cst.CSTNode):
    yield node
    for child in node.children:
        yield from _walk(child)


def _check_file(source: str) -> int:
    """Proves and replays every rewrite the fix would make in `source`; how many there were."""
    checked = 0
    for qualname, call in _deprecated_calls(source):
        placeholders = {}
        args = []
        for index, arg in enumerate(call.args):
            placeholder = cst.Name(f"v{index}")
            placeholders[index] = placeholder
            args.append(arg.with_changes(value=cst.Name("s") if arg.star == "*" else cst.Name("k") if arg.star == "**" else placeholder))
        abstract = call_source(call.with_changes(args=args))
        new_source = _rewritten(abstract, qualname)
        if new_source is not None:
            assert equivalent(qualname, _shape(abstract), _shape(new_source)), abstract
            _same_everywhere(abstract, new_source, qualname)
            checked += 1
    return checked


FILES = sorted(p for p in (REPO / "fixtures" / "lint").rglob("*.py") if not p.name.endswith(".fixed.py"))


def test_every_rewrite_in_the_fixtures_and_the_catalogue_is_proven_and_runs_the_same():
    sources = [p.read_text() for p in FILES]
    sources += [text for rule in load_catalogue() for text in (rule.example, rule.fixed) if text]
    assert sum(_check_file(source) for source in sources) >= 10


# The built sets' files folders only: not folders named `files` inside the whole repositories.
REVIEW_SETS = sorted(p for p in [REPO / "benchmarks" / "realworld" / "files", *(REPO / "benchmarks" / "realworld").glob("*/files")] if p.is_dir())


@pytest.mark.skipif(not REVIEW_SETS, reason="the real-code review sets are not built here (benchmarks/realworld/README.md)")
def test_every_rewrite_in_the_review_sets_is_proven_and_runs_the_same():
    checked = 0
    for folder in REVIEW_SETS:
        for path in folder.rglob("*.py"):
            if not path.is_file():
                continue  # a folder named like a module (fastMRI's `unet_reproduce_20201111.py/`)
            source = path.read_bytes()
            if b"cuda.amp" not in source and b"cuda import amp" not in source:
                continue
            try:
                checked += _check_file(source.decode("utf-8"))
            except (UnicodeDecodeError, cst.ParserSyntaxError):
                continue
    assert checked > 0


# ---- SYNC003 ------------------------------------------------------------------------------

FACTORIES = {
    "zeros": st.tuples(st.integers(0, 4), st.integers(0, 3)).map(lambda s: f"({s[0]}, {s[1]})"),
    "ones": st.integers(0, 6).map(str),
    "empty": st.tuples(st.integers(0, 3), st.integers(1, 3)).map(lambda s: f"{s[0]}, {s[1]}"),
    "full": st.tuples(st.integers(0, 4), st.sampled_from(["1.5", "2", "True", "-3"])).map(lambda s: f"({s[0]},), {s[1]}"),
    "eye": st.tuples(st.integers(0, 4), st.integers(0, 4)).map(lambda s: f"{s[0]}, {s[1]}"),
    "arange": st.tuples(st.integers(-3, 3), st.integers(3, 9), st.integers(1, 3)).map(lambda s: f"{s[0]}, {s[1]}, {s[2]}"),
}
DTYPES = ["", ", dtype=torch.float16", ", dtype=torch.int64", ", dtype=torch.bfloat16"]


def _sync003_fix(expression: str) -> str | None:
    code = (
        "import torch\n\ndef train(model, loader, optimizer):\n    for x in loader:\n"
        f"        extra = {expression}\n        model(x, extra).sum().backward()\n        optimizer.step()\n"
    )
    result = lint_text(code, select=["SYNC003"], fix="safe")
    if not result.changed:
        return None
    fixed = result.fixed_source.decode()
    return next(line.split("= ", 1)[1] for line in fixed.splitlines() if line.strip().startswith("extra ="))


@settings(max_examples=150, deadline=None)
@given(factory=st.sampled_from(sorted(FACTORIES)), data=st.data(), dtype=st.sampled_from(DTYPES), move=st.sampled_from(["to", "cuda"]))
def test_a_factory_given_the_device_builds_the_tensor_the_move_built(factory, data, dtype, move):
    arguments = data.draw(FACTORIES[factory]) + dtype
    moved = f"torch.{factory}({arguments}).to(device)" if move == "to" else f"torch.{factory}({arguments}).cuda()"
    fixed = _sync003_fix(moved.replace("device)", '"cuda")') if move == "to" else moved)
    if fixed is None:
        return
    for device in ("meta", "cpu"):
        # Where a CUDA device is missing, "cuda" is read as the device both spellings go to.
        before = eval(moved.replace(".cuda()", ".to(device)"), {"torch": torch, "device": device})
        after = eval(fixed.replace('"cuda"', "device"), {"torch": torch, "device": device})
        assert (before.dtype, before.shape, before.stride(), before.requires_grad, before.is_leaf) == (
            after.dtype, after.shape, after.stride(), after.requires_grad, after.is_leaf
        )
        if device == "cpu" and factory != "empty":
            assert torch.equal(before, after)


# ---- imports added by a fix --------------------------------------------------------------


def _imports_torch(statement: ast.stmt) -> bool:
    if isinstance(statement, ast.Import):
        return any(a.name == "torch" or a.name.startswith("torch.") for a in statement.names)
    return isinstance(statement, ast.ImportFrom) and (statement.module or "").split(".")[0] == "torch" and not statement.level


def test_an_added_import_of_torch_stands_right_before_an_import_of_torch():
    added = 0
    for path in FILES:
        text = path.read_text()
        result = lint_text(text, select=["AMP001"], fix="safe", path=path.name)
        if not result.changed or "import torch\n" in text:
            continue
        body = ast.parse(result.fixed_source).body
        for index, statement in enumerate(body):
            if isinstance(statement, ast.Import) and [a.name for a in statement.names] == ["torch"]:
                assert index + 1 < len(body) and _imports_torch(body[index + 1]), path
                added += 1
    assert added > 0
