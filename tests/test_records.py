"""advise's records behave as the standard library's data classes for what advise uses of them:
each class below is defined both ways and every operation is compared."""

from __future__ import annotations

import dataclasses
from typing import Optional

import pytest

from torch_advise import records


def define(make, field):
    """The same family of classes, made by `make` (a dataclass decorator) with `field`."""

    @make(frozen=True)
    class Point:
        x: int
        y: int = 0
        tags: tuple = field(default_factory=tuple)
        note: str = field(default="", compare=False, repr=False)

    @make
    class Counter:
        name: str
        seen: list = field(default_factory=list)
        total: Optional[int] = None

        def __post_init__(self) -> None:
            self.total = len(self.seen)

    @make(frozen=True)
    class Labelled(Point):
        label: str = "a"

    @make(frozen=True, eq=False)
    class Identity:
        key: int

    @make(frozen=True)
    class Keyed:
        key: int
        cache: dict = field(default_factory=dict, hash=False, compare=False)

        def __repr__(self) -> str:
            return f"<key {self.key}>"

    return {"Point": Point, "Counter": Counter, "Labelled": Labelled, "Identity": Identity, "Keyed": Keyed}


OURS = define(records.dataclass, records.field)
THEIRS = define(dataclasses.dataclass, dataclasses.field)

# (class, arguments) for every class, defaults, factories and keywords included.
MADE = [
    ("Point", (1,), {}),
    ("Point", (1, 2), {"tags": ("a",), "note": "n"}),
    ("Counter", ("c",), {}),
    ("Counter", ("c",), {"seen": [1, 2]}),
    ("Labelled", (1,), {"label": "b"}),
    ("Identity", (3,), {}),
    ("Keyed", (4,), {}),
]


def outcome(action):
    try:
        return ("value", action())
    except Exception as error:  # noqa: BLE001 - the exception's type is what is compared
        return ("raises", type(error).__name__)


@pytest.mark.parametrize(("name", "args", "kwargs"), MADE)
def test_a_record_inits_shows_compares_and_hashes_as_a_dataclass(name, args, kwargs):
    ours, theirs = OURS[name](*args, **kwargs), THEIRS[name](*args, **kwargs)
    assert repr(ours).replace("define.<locals>.", "") == repr(theirs).replace("define.<locals>.", "")
    assert vars(ours) == vars(theirs)
    assert (ours == OURS[name](*args, **kwargs)) == (theirs == THEIRS[name](*args, **kwargs))
    assert outcome(lambda: hash(ours) == hash(OURS[name](*args, **kwargs))) == outcome(
        lambda: hash(theirs) == hash(THEIRS[name](*args, **kwargs))
    )
    assert outcome(lambda: setattr(ours, "x", 9))[0] == outcome(lambda: setattr(theirs, "x", 9))[0]
    assert [f.name for f in records.fields(ours)] == [f.name for f in dataclasses.fields(theirs)]
    assert vars(records.replace(ours)) == vars(dataclasses.replace(theirs))


def test_a_frozen_record_refuses_assignment_and_deletion_as_a_dataclass_does():
    point = OURS["Point"](1)
    with pytest.raises(AttributeError):
        point.x = 2
    with pytest.raises(AttributeError):
        del point.x
    assert point.x == 1


@pytest.mark.parametrize("name", sorted(OURS))
def test_wrong_arguments_raise_type_error_as_a_dataclass_does(name):
    assert outcome(lambda: OURS[name]())[1] == outcome(lambda: THEIRS[name]())[1] == "TypeError"
    assert outcome(lambda: OURS[name](1, 2, 3, 4, 5, 6))[1] == "TypeError"


def test_equality_needs_the_same_class_and_mutable_records_are_unhashable():
    assert OURS["Point"](1) != OURS["Labelled"](1)
    assert OURS["Point"](1, note="x") == OURS["Point"](1, note="y")  # compare=False
    assert outcome(lambda: hash(OURS["Counter"]("c"))) == ("raises", "TypeError")
    assert OURS["Identity"](1) != OURS["Identity"](1)  # eq=False keeps identity
