"""--fix changes only the bytes its edits cover: whatever Python allows between tokens and at the
start of a line (spaces, tabs, form feeds, backslash continuations, comments, any line ending)
survives byte for byte around a fixed call."""

from __future__ import annotations

import ast

import libcst as cst
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from torch_advise.lint.splice import changed_regions, splice

from conftest import lint_text

OLD = "torch.cuda.amp.GradScaler()"
NEW = 'torch.amp.GradScaler("cuda")'


@st.composite
def files(draw):
    """A module as a template: `{call}` where the fixable call stands, everything else drawn from
    the characters Python allows there."""
    eol = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    gap = st.sampled_from(["", " ", "\t", "\f", " \f ", f" \\{eol}", f"\t\\{eol}  "])
    space = st.sampled_from([" ", "\t", "\f", f" \\{eol}"])
    in_brackets = st.sampled_from(["", " ", "\t", "\f", eol, f"  # note{eol}  ", f"{eol}\f"])
    opening = st.sampled_from(["", "\f", f"\\{eol}", "\f\f"])

    def statement() -> str:
        kind = draw(st.sampled_from(["assign", "tuple", "comment", "blank", "fixed", "block"]))
        start = draw(opening)
        if kind == "assign":
            return f"{start}x{draw(gap)}={draw(gap)}1{draw(gap)}# c{eol}"
        if kind == "tuple":
            return f"{start}y{draw(gap)}={draw(gap)}({draw(in_brackets)}1{draw(in_brackets)},{draw(in_brackets)}2{draw(in_brackets)}){eol}"
        if kind == "comment":
            return f"{start}{draw(st.sampled_from(['', ' ', chr(12)]))}# {draw(st.sampled_from(['a', 'é', '']))}{eol}"
        if kind == "blank":
            return f"{draw(st.sampled_from(['', ' ', chr(9), chr(12), ' ' + chr(12) + ' ']))}{eol}"
        if kind == "fixed":
            return f"{start}scaler{draw(gap)}={draw(gap)}{{call}}{draw(gap)}{eol}"
        return f"{start}if{draw(space)}y{draw(gap)}:{eol}{draw(st.sampled_from(['', chr(12)]))}    z{draw(gap)}={draw(gap)}{{call}}{eol}"

    body = "".join(statement() for _ in range(draw(st.integers(1, 8))))
    return f"import{draw(space)}torch{eol}" + body + f"scaler{draw(gap)}={draw(gap)}{{call}}{eol}"


@settings(max_examples=300, deadline=None)
@given(template=files())
def test_every_byte_outside_the_fixed_call_survives(template):
    source = template.replace("{call}", OLD)
    try:
        tree = ast.dump(ast.parse(source))
        read_by_libcst = ast.dump(ast.parse(cst.parse_module(source).code))
    except (SyntaxError, cst.ParserSyntaxError):
        assume(False)
    result = lint_text(source, select=["AMP001"], fix="safe")
    if read_by_libcst != tree:
        # libcst reads another program (a line after a continuation put into the block above):
        # checked, never written.
        assert "E904" in [f.code for f in result.findings] and not result.changed
        return
    assert result.fixed_source is not None
    assert result.fixed_source.decode() == template.replace("{call}", NEW)
    again = lint_text(result.fixed_source.decode(), select=["AMP001"], fix="safe")
    assert not again.changed


def test_libcst_drops_an_opening_form_feed_that_the_fix_keeps():
    source = "import torch\nscaler = torch.cuda.amp.GradScaler()\n\fx = 1\n"
    assert cst.parse_module(source).code != source  # what makes the splice necessary
    fixed = lint_text(source, select=["AMP001"], fix="safe").fixed_source
    assert fixed == source.replace(OLD, NEW).encode()


def test_regions_are_placed_in_the_original_past_the_bytes_libcst_dropped():
    original = b"a = 1\n\fb = f(x)\n\\\nc = 2\n"
    regenerated = b"a = 1\nb = f(x)\nc = 2\n"
    fixed = b"a = 1\nb = f(x, y)\nc = 2\n"
    assert changed_regions(regenerated, fixed)[0].text == b", y"
    assert splice(original, regenerated, fixed) == b"a = 1\n\fb = f(x, y)\n\\\nc = 2\n"
