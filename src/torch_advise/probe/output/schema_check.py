"""A parsed JSON value checked against a JSON Schema: the keywords report.schema.json uses.

The schema is the probe's contract (the tests validate what the probe writes against it with
jsonschema), so ``advise compare`` checks the reports it is handed against the same file; jsonschema
itself is not a dependency of the tool. The first problem is raised with the field it is in.
Recursion follows the schema, not the value, so a value nested far deeper than the schema is
refused at the schema's depth.
"""

from __future__ import annotations

import math
import re
import sys
from typing import Any

# The keywords checked; annotations (description, title) need no check. A schema that used
# another keyword would be checked short of what it says: the tests assert it uses none.
KEYWORDS = frozenset({
    "$ref", "allOf", "type", "const", "enum", "minimum", "exclusiveMinimum", "pattern",
    "required", "properties", "additionalProperties", "items",
})
ANNOTATIONS = frozenset({"description", "title"})

_NUMBERS = {"integer", "number"}
_ARTICLES = {"object": "an object", "array": "an array", "string": "a string", "number": "a number",
             "integer": "an integer", "boolean": "a boolean", "null": "null"}


class SchemaMismatch(Exception):
    """A value that its schema does not allow: ``field`` names where, as ``steps.step_ms[3]``."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")


def kind_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "integer" if isinstance(value, int) else "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def shown(value: Any) -> str:
    """A value as an error message quotes it: a scalar in full up to 60 characters, a container by its kind."""
    if isinstance(value, str):
        quoted = repr(value)
        return quoted if len(quoted) <= 60 else quoted[:57] + "..."
    if isinstance(value, (list, dict)):
        return _ARTICLES[kind_of(value)]
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"
    return "null" if value is None else str(value).lower() if isinstance(value, bool) else repr(value)


def _is(value: Any, kind: str) -> bool:
    found = kind_of(value)
    return found == kind or (kind == "number" and found == "integer") or (
        kind == "integer" and found == "number" and float(value).is_integer())


def check(value: Any, schema: dict[str, Any], root: dict[str, Any], field: str) -> None:
    """Raise SchemaMismatch for the first thing in ``value`` that ``schema`` (a part of ``root``,
    which ``$ref`` resolves against) does not allow."""
    if kind_of(value) in _NUMBERS and not _finite(value):
        # JSON has no NaN or infinity; Python's json reads NaN, Infinity and 1e999 all the same.
        raise SchemaMismatch(field, f"{shown(value)} is not a finite number")
    if "$ref" in schema:
        check(value, _resolve(schema["$ref"], root), root, field)
    for part in schema.get("allOf", ()):
        check(value, part, root, field)
    _check_value(value, schema, field)
    if isinstance(value, dict):
        _check_object(value, schema, root, field)
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            check(item, schema["items"], root, f"{field}[{index}]")


def _finite(number: Any) -> bool:
    return math.isfinite(number) if isinstance(number, float) else abs(number) <= sys.float_info.max


def _resolve(reference: str, root: dict[str, Any]) -> dict[str, Any]:
    target: Any = root
    for name in reference.removeprefix("#/").split("/"):
        target = target[name]
    return target


def _check_value(value: Any, schema: dict[str, Any], field: str) -> None:
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_is(value, kind) for kind in kinds):
            expected = " or ".join(_ARTICLES[kind] for kind in kinds)
            raise SchemaMismatch(field, f"expected {expected}, found {_ARTICLES[kind_of(value)]}")
    if "const" in schema and not _same(value, schema["const"]):
        raise SchemaMismatch(field, f"{shown(value)} is not {shown(schema['const'])}")
    if "enum" in schema and not any(_same(value, allowed) for allowed in schema["enum"]):
        raise SchemaMismatch(field, f"{shown(value)} is not one of {', '.join(shown(allowed) for allowed in schema['enum'])}")
    if kind_of(value) in _NUMBERS:
        if "minimum" in schema and value < schema["minimum"]:
            raise SchemaMismatch(field, f"{shown(value)} is below the minimum, {schema['minimum']}")
        if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
            raise SchemaMismatch(field, f"{shown(value)} is not above {schema['exclusiveMinimum']}")
    if isinstance(value, str) and "pattern" in schema and not re.search(schema["pattern"], value):
        raise SchemaMismatch(field, f"{shown(value)} does not match {schema['pattern']}")


def _same(value: Any, allowed: Any) -> bool:
    """JSON equality: 1 is 1.0, but true is not 1 as Python's == would have it."""
    kinds = {kind_of(value), kind_of(allowed)}
    return (len(kinds) == 1 or kinds <= _NUMBERS) and value == allowed


def _check_object(value: dict[str, Any], schema: dict[str, Any], root: dict[str, Any], field: str) -> None:
    for name in schema.get("required", ()):
        if name not in value:
            raise SchemaMismatch(f"{field}.{name}", "missing")
    properties = schema.get("properties", {})
    for name, item in value.items():
        if name in properties:
            check(item, properties[name], root, f"{field}.{name}")
        elif schema.get("additionalProperties") is False:
            raise SchemaMismatch(f"{field}.{name}"[:80], "unknown field")
