"""Data classes that cost little to define: `dataclass`, `field`, `fields` and `replace` with
the standard library's meaning for what advise uses of them (defaults and default factories,
`frozen`, `eq`, `repr=False` and `hash=False` fields, `__post_init__`, inheritance).

Defining a class with `dataclasses.dataclass` costs about half a millisecond (one compiled
function per method, signature checks), and importing the module another ten: together more
than linting a file, for the seventy record classes a lint defines. Here each class costs one
compiled source for all its methods. Type checkers read the standard library's (below).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional

if TYPE_CHECKING:
    from dataclasses import dataclass, field, fields, replace
else:

    class _Missing:
        def __repr__(self) -> str:
            return "MISSING"

    MISSING = _Missing()

    class FrozenInstanceError(AttributeError):
        pass

    class Field:
        __slots__ = ("name", "default", "default_factory", "repr", "hash", "compare")

        def __init__(self, default: Any, default_factory: Any, repr: bool, hash: Optional[bool], compare: bool) -> None:
            self.name = ""
            self.default = default
            self.default_factory = default_factory
            self.repr = repr
            self.hash = hash
            self.compare = compare

    def field(
        *, default: Any = MISSING, default_factory: Any = MISSING, repr: bool = True, hash: Optional[bool] = None, compare: bool = True
    ) -> Any:
        return Field(default, default_factory, repr, hash, compare)

    def fields(value: Any) -> tuple[Field, ...]:
        return tuple(value.__dataclass_fields__.values())

    def replace(value: Any, **changes: Any) -> Any:
        for name in value.__dataclass_fields__:
            if name not in changes:
                changes[name] = getattr(value, name)
        return value.__class__(**changes)

    def dataclass(cls: Any = None, /, *, frozen: bool = False, eq: bool = True) -> Any:
        def wrap(klass: type) -> type:
            return _make(klass, frozen, eq)

        return wrap if cls is None else wrap(cls)

    def _own_fields(klass: type) -> dict[str, Field]:
        found: dict[str, Field] = {}
        for name, annotation in klass.__dict__.get("__annotations__", {}).items():
            if isinstance(annotation, str) and annotation.startswith(("ClassVar", "typing.ClassVar")):
                continue
            value = klass.__dict__.get(name, MISSING)
            item = value if isinstance(value, Field) else Field(value, MISSING, True, None, True)
            item.name = name
            if isinstance(value, Field):
                if item.default is MISSING:
                    delattr(klass, name)
                else:
                    setattr(klass, name, item.default)
            found[name] = item
        return found

    def _make(klass: Any, frozen: bool, eq: bool) -> type:
        every: dict[str, Field] = {}
        for base in reversed(klass.__mro__[1:]):
            every.update(getattr(base, "__dataclass_fields__", {}))
        every.update(_own_fields(klass))
        klass.__dataclass_fields__ = every
        names: dict[str, Any] = {"MISSING": MISSING, "FrozenInstanceError": FrozenInstanceError, "cls": klass}
        parameters, body = [], []
        for index, item in enumerate(every.values()):
            if item.default is not MISSING:
                names[f"d{index}"] = item.default
                parameters.append(f"{item.name}=d{index}")
            elif item.default_factory is not MISSING:
                names[f"f{index}"] = item.default_factory
                parameters.append(f"{item.name}=MISSING")
                body.append(f"  if {item.name} is MISSING: {item.name} = f{index}()")
            else:
                parameters.append(item.name)
            body.append(f"  object.__setattr__(self, {item.name!r}, {item.name})" if frozen else f"  self.{item.name} = {item.name}")
        if hasattr(klass, "__post_init__"):
            body.append("  self.__post_init__()")
        methods = [f"def __init__(self, {', '.join(parameters)}):\n" + ("\n".join(body) or "  pass")]
        shown = [item.name for item in every.values() if item.repr]
        methods.append(
            "def __repr__(self):\n  return self.__class__.__qualname__ + '(' + "
            + (" + ', ' + ".join(f"'{name}=' + repr(self.{name})" for name in shown) or "''")
            + " + ')'"
        )
        compared = [item.name for item in every.values() if item.compare]
        as_tuple = "(" + "".join(f"self.{name}, " for name in compared) + ")"
        if eq and "__eq__" not in klass.__dict__:
            other = as_tuple.replace("self.", "other.")
            methods.append(
                f"def __eq__(self, other):\n  if other.__class__ is not self.__class__: return NotImplemented\n  return {as_tuple} == {other}"
            )
        if frozen:
            methods.append("def __setattr__(self, name, value):\n  raise FrozenInstanceError(f'cannot assign to field {name!r}')")
            methods.append("def __delattr__(self, name):\n  raise FrozenInstanceError(f'cannot delete field {name!r}')")
        if eq and frozen and "__hash__" not in klass.__dict__:
            hashed = [item.name for item in every.values() if (item.hash if item.hash is not None else item.compare)]
            methods.append("def __hash__(self):\n  return hash((" + "".join(f"self.{name}, " for name in hashed) + "))")
        namespace: dict[str, Callable] = {}
        exec(compile("\n".join(methods), f"<record {klass.__qualname__}>", "exec"), names, namespace)
        for name, function in namespace.items():
            if name == "__repr__" and "__repr__" in klass.__dict__:
                continue
            function.__qualname__ = f"{klass.__qualname__}.{name}"
            setattr(klass, name, function)
        if eq and not frozen and "__hash__" not in klass.__dict__:
            klass.__hash__ = None
        return klass


__all__ = ["dataclass", "field", "fields", "replace"]
