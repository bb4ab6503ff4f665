"""Data classes that cost little to define: `dataclass`, `field`, `fields` and `replace` with
the standard library's meaning for what advise uses of them (defaults and default factories,
`frozen`, `eq`, `repr=False` and `hash=False` fields, `__post_init__`, inheritance).

Defining a class with `dataclasses.dataclass` costs about half a millisecond (one compiled
function per method, signature checks), and importing the module another ten: together more
than linting a file, for the seventy record classes a lint defines. Here a class's methods are
one compiled source, compiled when one of them is first called: a run uses few of the classes
it defines. Type checkers read the standard library's (below).
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

    def _frozen_setattr(self: Any, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def _frozen_delattr(self: Any, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def _make(klass: Any, frozen: bool, eq: bool) -> type:
        every: dict[str, Field] = {}
        for base in reversed(klass.__mro__[1:]):
            every.update(getattr(base, "__dataclass_fields__", {}))
        every.update(_own_fields(klass))
        klass.__dataclass_fields__ = every
        generated = ["__init__"]
        if "__repr__" not in klass.__dict__:
            generated.append("__repr__")
        if eq and "__eq__" not in klass.__dict__:
            generated.append("__eq__")
        if eq and frozen and "__hash__" not in klass.__dict__:
            generated.append("__hash__")
        # A run uses a few of the classes it defines, and of most only `__init__`: each method is
        # compiled when it is first called, not when the class is defined.
        for name in generated:
            setattr(klass, name, _compiled_on_first_call(klass, name, frozen))
        if frozen:
            klass.__setattr__ = _frozen_setattr
            klass.__delattr__ = _frozen_delattr
        if eq and not frozen and "__hash__" not in klass.__dict__:
            klass.__hash__ = None
        return klass

    def _compiled_on_first_call(klass: Any, name: str, frozen: bool) -> Callable:
        def first_call(self: Any, *args: Any, **kwargs: Any) -> Any:
            _compile_method(klass, name, frozen)
            return klass.__dict__[name](self, *args, **kwargs)

        return first_call

    def _compile_method(klass: Any, name: str, frozen: bool) -> None:
        every: dict[str, Field] = klass.__dataclass_fields__
        names: dict[str, Any] = {"MISSING": MISSING, "cls": klass}
        if name == "__init__":
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
            source = f"def __init__(self, {', '.join(parameters)}):\n" + ("\n".join(body) or "  pass")
        elif name == "__repr__":
            shown = [item.name for item in every.values() if item.repr]
            source = (
                "def __repr__(self):\n  return self.__class__.__qualname__ + '(' + "
                + (" + ', ' + ".join(f"'{shown_name}=' + repr(self.{shown_name})" for shown_name in shown) or "''")
                + " + ')'"
            )
        elif name == "__eq__":
            compared = [item.name for item in every.values() if item.compare]
            as_tuple = "(" + "".join(f"self.{compared_name}, " for compared_name in compared) + ")"
            other = as_tuple.replace("self.", "other.")
            source = f"def __eq__(self, other):\n  if other.__class__ is not self.__class__: return NotImplemented\n  return {as_tuple} == {other}"
        else:
            hashed = [item.name for item in every.values() if (item.hash if item.hash is not None else item.compare)]
            source = "def __hash__(self):\n  return hash((" + "".join(f"self.{hashed_name}, " for hashed_name in hashed) + "))"
        namespace: dict[str, Callable] = {}
        exec(compile(source, f"<record {klass.__qualname__}>", "exec"), names, namespace)
        function = namespace[name]
        function.__qualname__ = f"{klass.__qualname__}.{name}"
        setattr(klass, name, function)


__all__ = ["dataclass", "field", "fields", "replace"]
