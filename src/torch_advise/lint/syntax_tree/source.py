"""A file's text as the tree reads it: where each node stands, and its code as written.

`ast` places nodes by line and UTF-8 byte column; findings are reported in code points, as
libcst's PositionProvider reports them. A node's code (`code`) includes the parentheses that
group it and drops the block's indentation from lines inside brackets, as libcst's
`code_for_node` writes it; its place does not include those parentheses.
"""

from __future__ import annotations

import io
import keyword
import re
import tokenize
from bisect import bisect_right
from typing import Optional

from torch_advise.lint.syntax_tree import nodes as cst

_NEWLINE = re.compile(rb"\r\n|\r|\n")
# Words after which "(" opens a group, not a call's arguments (`if (a):`, `return (x)`).
# `import (` and `with (` open the statement's own parentheses.
_GROUPING_WORDS = frozenset(keyword.kwlist) - {"True", "False", "None", "import", "with"}
_SPACE = b" \t\x0c"
_WORD_END = re.compile(rb"[\w\x80-\xff]+$")
# What the line scan stops at: line breaks, continuations, comments, brackets, string openings.
_SCANNED = re.compile(rb"""\r\n|\r|\n|\\(?:\r\n|\r|\n)|#[^\r\n]*|[()\[\]{}]|[rRbBuUfFtT]{0,2}(?:'''|\"\"\"|'|")""")
# The rest of a string literal after its opening quote, for strings that are not f-strings.
_STRING_REST = {
    b"'": re.compile(rb"""(?:[^'\\\r\n]|\\(?:\r\n|[\s\S]))*'"""),
    b'"': re.compile(rb"""(?:[^"\\\r\n]|\\(?:\r\n|[\s\S]))*\""""),
    b"'''": re.compile(rb"""(?:[^'\\]|\\[\s\S]|'(?!''))*'''"""),
    b'"""': re.compile(rb'''(?:[^"\\]|\\[\s\S]|"(?!""))*"""'''),
}
# How a physical line starts.
_STARTS, _IN_BRACKETS, _IN_STRING, _AFTER_BACKSLASH = range(4)


class Source:
    """The file's text in UTF-8 (the bytes `ast`'s columns count), with its lines' offsets."""

    def __init__(self, text: str, original: bytes, encoding: str) -> None:
        self.text = text
        self.data = text.encode("utf-8", errors="surrogatepass")
        self.original = original
        self.encoding = encoding
        self.line_starts = [0, *(match.end() for match in _NEWLINE.finditer(self.data))]
        # The lines a statement starts on (the builder fills it): each starts a logical line.
        self.statement_lines: set[int] = set()
        self._kinds: Optional[list[int]] = None
        self._comments: Optional[dict[int, int]] = None

    def offset(self, line: int, column: int) -> int:
        return self.line_starts[line - 1] + column

    def place(self, offset: int) -> tuple[int, int]:
        """(line, byte column) of a byte offset."""
        line = bisect_right(self.line_starts, offset)
        return line, offset - self.line_starts[line - 1]

    def column(self, line: int, byte_column: int) -> int:
        """The code-point column of a byte column."""
        start = self.line_starts[line - 1]
        prefix = self.data[start : start + byte_column]
        return byte_column if prefix.isascii() else len(prefix.decode("utf-8", errors="replace"))

    def between(self, start: int, end: int) -> str:
        return self.data[start:end].decode("utf-8", errors="replace")

    def starts_line(self, line: int, column: int) -> bool:
        """Whether only indentation stands before this place on its line."""
        start = self.line_starts[line - 1]
        return not self.data[start : start + column].strip(_SPACE)

    # Scanning over what carries no meaning: spaces, line breaks, continuations, comments.
    def skip_back(self, offset: int, within_line: bool = False) -> int:
        """The offset just after the last meaningful byte before `offset`; with `within_line`,
        not back past the start of the logical line."""
        data = self.data
        while offset > 0:
            byte = data[offset - 1]
            if byte in b" \t\x0c\\":
                offset -= 1
            elif byte in b"\r\n":
                line, _ = self.place(offset)
                if within_line and line in self.statement_lines:
                    return offset
                offset -= 1
                if data[offset - 1 : offset + 1] == b"\r\n":
                    offset -= 1
                comment = self._comment_on(line - 1)
                if comment is not None and comment < offset:
                    offset = comment
            else:
                return offset
        return offset

    def skip_forward(self, offset: int) -> int:
        """The offset of the next meaningful byte at or after `offset`."""
        data, size = self.data, len(self.data)
        while offset < size:
            byte = data[offset]
            if byte in b" \t\x0c\\\r\n":
                offset += 1
            elif byte == 35:  # "#"
                match = _NEWLINE.search(data, offset)
                offset = match.start() if match else size
            else:
                return offset
        return offset

    def _comment_on(self, line: int) -> Optional[int]:
        """Where the comment that ends `line` starts: found on the line alone unless a quote
        there could hide or fake one, which the scan of the whole text settles."""
        start = self.line_starts[line - 1]
        end = self.line_starts[line] if line < len(self.line_starts) else len(self.data)
        hash_at = self.data.find(b"#", start, end)
        if hash_at < 0:
            return None
        if self.data.find(b"'", start, end) < 0 and self.data.find(b'"', start, end) < 0:
            return hash_at
        return self.comments().get(line)

    def line_kinds(self) -> list[int]:
        if self._kinds is None:
            self._scan_lines()
        assert self._kinds is not None
        return self._kinds

    def comments(self) -> dict[int, int]:
        if self._comments is None:
            self._scan_lines()
        assert self._comments is not None
        return self._comments

    def _scan_lines(self) -> None:
        """One pass over the text: how each line starts (a new logical line, inside brackets,
        inside a string, after a backslash), and where each line's comment starts."""
        data = self.data
        kinds = [_STARTS] * len(self.line_starts)
        comments: dict[int, int] = {}
        depth = 0
        line = 1
        index = 0
        search = _SCANNED.search
        while True:
            match = search(data, index)
            if match is None:
                break
            token = match.group()
            first = token[0]
            index = match.end()
            if first == 13 or first == 10:  # a line break
                line += 1
                if line <= len(kinds):
                    kinds[line - 1] = _IN_BRACKETS if depth > 0 else _STARTS
            elif first == 92:  # a backslash before a line break
                line += 1
                if line <= len(kinds):
                    kinds[line - 1] = _AFTER_BACKSLASH
            elif first == 35:  # "#"
                comments[line] = match.start()
            elif token in (b"(", b"[", b"{"):
                depth += 1
            elif token in (b")", b"]", b"}"):
                depth = max(depth - 1, 0)
            else:
                letters = token.rstrip(b"'\"").lower()
                quote_at = match.start() + len(letters)
                index = literal_end(data, quote_at, b"f" in letters or b"t" in letters)
                for _ in _NEWLINE.finditer(data, quote_at, index):
                    line += 1
                    if line <= len(kinds):
                        kinds[line - 1] = _IN_STRING
        self._kinds, self._comments = kinds, comments

    def logical_indent(self, line: int) -> bytes:
        """The indentation of the logical line that physical line `line` belongs to."""
        kinds = self.line_kinds()
        while line > 1 and kinds[line - 1] != _STARTS:
            line -= 1
        start = self.line_starts[line - 1]
        text = self.data[start : start + 400]
        return text[: len(text) - len(text.lstrip(b" \t"))]

    def parenthesized(self, start: int, end: int) -> tuple[int, int]:
        """The span with the parentheses that group this one expression (libcst's `lpar` and
        `rpar`), not those of a call, a definition or a class's bases around it."""
        data = self.data
        while start > 0 and data[start - 1] in b"( \t\x0c\\\r\n":
            before = self.skip_back(start)
            after = self.skip_forward(end)
            if before == 0 or after >= len(data) or data[before - 1] != 40 or data[after] != 41:
                break
            if self._opens_arguments(before - 1):
                break
            start, end = before - 1, after + 1
        return start, end

    def _opens_arguments(self, paren: int) -> bool:
        previous = self.skip_back(paren, within_line=True)
        if previous == 0:
            return False
        byte = self.data[previous - 1]
        if byte in b")]":
            return True
        if byte == 95 or chr(byte).isalnum() or byte >= 128:
            word = _WORD_END.search(self.data, max(0, previous - 80), previous)
            if word is None:
                return True
            text = word.group()
            return not text[:1].isdigit() and text.decode("utf-8", errors="replace") not in _GROUPING_WORDS
        return False

    def wraps(self, start: int, end: int) -> bool:
        """Whether the text from `start` to `end` is one pair of parentheses and what they hold."""
        data = self.data
        if data[start : start + 1] != b"(" or data[end - 1 : end] != b")":
            return False
        depth = 0
        index = start
        while index < end:
            byte = data[index]
            if byte in b"([{":
                depth += 1
            elif byte in b")]}":
                depth -= 1
                if depth == 0:
                    return index == end - 1
            elif byte in b"'\"":
                index = literal_end(data, index, False) - 1
            elif byte == 35:
                match = _NEWLINE.search(data, index)
                index = (match.start() if match else end) - 1
            index += 1
        return False

    def code(self, node: cst.CSTNode) -> str:
        return code(node)

    def rendered(self, start: int, end: int) -> str:
        """The text from `start` to `end` as libcst's code_for_node writes it: a line inside
        brackets loses the indentation of the block its statement stands in."""
        text = self.data[start:end]
        if b"\n" not in text and b"\r" not in text:
            return text.decode("utf-8", errors="replace")
        first_line, _ = self.place(start)
        kinds = self.line_kinds()
        lines = text.splitlines(keepends=True)
        for index in range(1, len(lines)):
            line = first_line + index
            if kinds[line - 1] == _IN_BRACKETS:
                indent = self.logical_indent(line)
                if indent and lines[index].startswith(indent):
                    lines[index] = lines[index][len(indent) :]
        return b"".join(lines).decode("utf-8", errors="replace")


def declared_encoding(source: bytes) -> str:
    """The encoding Python reads the file in, also where its lines end in a bare \r."""
    head = source[:4096].splitlines(keepends=True)[:2]
    return tokenize.detect_encoding(io.BytesIO(b"".join(line.rstrip(b"\r\n") + b"\n" for line in head)).readline)[0]


def literal_end(data: bytes, quote_at: int, formatted: bool) -> int:
    """The offset after the string literal whose opening quote is at `quote_at`."""
    triple = data[quote_at : quote_at + 3]
    quote = triple if triple in (b'"""', b"'''") else data[quote_at : quote_at + 1]
    index = quote_at + len(quote)
    if not formatted:
        # Only an f-string's fields may hold quotes of its own kind (Python 3.12): the loop below.
        match = _STRING_REST[quote].match(data, index)
        if match is not None:
            return match.end()
    size = len(data)
    while index < size:
        byte = data[index]
        if byte == 92:
            # A backslash escapes no brace of an f-string: `rf"\{{"` holds one escaped brace.
            index += 1 if formatted and data[index + 1 : index + 2] in (b"{", b"}") else 2
        elif data.startswith(quote, index):
            return index + len(quote)
        elif formatted and byte == 123:
            if data[index + 1 : index + 2] == b"{":
                index += 2
            else:
                index = replacement_field(data, index, size)[0] + 1
        elif len(quote) == 1 and byte in b"\r\n":
            return index
        else:
            index += 1
    return size


def replacement_field(data: bytes, start: int, end: int) -> tuple[int, Optional[str], Optional[tuple[int, int]]]:
    """For an f-string's `{` at `start`: the offset of its `}`, the conversion letter, and the
    format spec's offsets."""
    depth = 0
    index = start + 1
    conversion: Optional[str] = None
    while index < end:
        byte = data[index]
        if byte in b"'\"":
            prefix = index
            while prefix > start + 1 and chr(data[prefix - 1]).lower() in "rbuf":
                prefix -= 1
            index = literal_end(data, index, b"f" in data[prefix:index].lower())
            continue
        if byte in b"([{":
            depth += 1
        elif byte in b")]" or (byte == 125 and depth > 0):
            depth -= 1
        elif depth == 0:
            if byte == 125:
                return index, conversion, None
            if byte == 33 and data[index + 1 : index + 2] != b"=":
                conversion = chr(data[index + 1])
                index += 2
                continue
            if byte == 58:
                return _format_spec_end(data, index + 1, end), conversion, (index + 1, _format_spec_end(data, index + 1, end))
        index += 1
    return end, conversion, None


def _format_spec_end(data: bytes, start: int, end: int) -> int:
    nesting = 0
    index = start
    while index < end:
        byte = data[index]
        if byte == 123:
            nesting += 1
        elif byte == 125:
            if nesting == 0:
                return index
            nesting -= 1
        index += 1
    return end


def span_of(node: cst.CSTNode) -> tuple[int, int, int, int]:
    """The node's place as (line, byte column, end line, end byte column)."""
    span = node._span
    if span is None:
        span = node._span = _derived_span(node)
    return span


def offsets(node: cst.CSTNode) -> tuple[int, int]:
    line, column, end_line, end_column = span_of(node)
    source = node._source
    return source.offset(line, column), source.offset(end_line, end_column)


def code_offsets(node: cst.CSTNode) -> tuple[int, int]:
    """Where the node's code starts and ends, with the parentheses that group it (a parameter's
    code runs on to its default, which its place leaves out)."""
    start, end = offsets(node)
    if isinstance(node, cst.BaseExpression):
        return node._source.parenthesized(start, end)
    if isinstance(node, cst.Param):
        last = node.default or node.annotation
        if last is not None:
            end = code_offsets(last)[1]
    return start, end


def position(node: cst.CSTNode) -> tuple[tuple[int, int], tuple[int, int]]:
    """(line, column), (end line, end column) in code points, 0-based columns."""
    line, column, end_line, end_column = span_of(node)
    source = node._source
    return (line, source.column(line, column)), (end_line, source.column(end_line, end_column))


def code(node: cst.CSTNode) -> str:
    """The node's code as written, with the parentheses that group it."""
    return node._source.rendered(*code_offsets(node))


def bare_code(node: cst.CSTNode) -> str:
    """The node's code without the parentheses around it."""
    return node._source.rendered(*offsets(node))


def _derived_span(node: cst.CSTNode) -> tuple[int, int, int, int]:
    """A node `ast` has no counterpart for spans its children's code, from the first child's
    to the last one's."""
    first: Optional[cst.CSTNode] = None
    last: Optional[cst.CSTNode] = None
    for name in type(node)._fields:
        value = getattr(node, name)
        for item in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(item, cst.CSTNode) and getattr(item, "_span", False) is not False:
                if first is None:
                    first = item
                last = item
    if first is None or last is None:
        raise ValueError(f"{type(node).__name__} has no place")
    source = node._source
    start = code_offsets(first)[0]
    end = code_offsets(last)[1]
    return (*source.place(start), *source.place(end))
