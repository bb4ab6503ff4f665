"""The facts the AMP001 fix is proven against (lint/analysis/torch_api.py) are torch's own: those
of every release from 2.4 on, as tools/torch_api_facts.py read them from each release's source
into tests/data/torch_amp_api.json, and those of the torch installed here, by inspect.signature."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

from torch_advise.lint.analysis.torch_api import (
    CURRIED,
    FIRST_RELEASE,
    FORWARDS,
    LAST_RELEASE,
    SIGNATURES,
    canonical,
    forwarding,
    parse_signature,
    signature,
)

RECORD = json.loads((Path(__file__).parent / "data" / "torch_amp_api.json").read_text())["releases"]


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def test_the_record_holds_every_minor_release_the_tables_claim():
    minors = {_version(v)[:2] for v in RECORD}
    claimed = {(2, minor) for minor in range(FIRST_RELEASE[1], LAST_RELEASE[1] + 1)}
    assert FIRST_RELEASE[0] == LAST_RELEASE[0] == 2
    assert minors == claimed


@pytest.mark.parametrize("version", sorted(RECORD, key=_version))
def test_the_tables_say_what_each_release_does(version):
    facts = RECORD[version]
    assert set(facts) == set(SIGNATURES)
    for qualname, entry in facts.items():
        assert parse_signature(entry["signature"]) == signature(qualname), qualname
        assert entry.get("curried") == CURRIED.get(qualname), qualname
        if qualname in FORWARDS:
            expected = forwarding(qualname)
            assert entry["successor"] == expected.successor
            assert {name: canonical(value) for name, value in entry["forwards"].items()} == dict(expected.arguments), qualname
        else:
            assert "forwards" not in entry


def _installed():
    torch = pytest.importorskip("torch")
    return torch, {
        "torch.cuda.amp.autocast": (torch.cuda.amp.autocast.__init__, True),
        "torch.amp.autocast": (torch.amp.autocast.__init__, True),
        "torch.cuda.amp.GradScaler": (torch.cuda.amp.GradScaler.__init__, True),
        "torch.amp.GradScaler": (torch.amp.GradScaler.__init__, True),
        "torch.cuda.amp.custom_fwd": (torch.cuda.amp.custom_fwd, False),
        "torch.amp.custom_fwd": (torch.amp.custom_fwd, False),
        "torch.cuda.amp.custom_bwd": (torch.cuda.amp.custom_bwd, False),
        "torch.amp.custom_bwd": (torch.amp.custom_bwd, False),
    }


def test_the_installed_torch_has_the_signatures_of_the_tables():
    torch, callables = _installed()
    assert set(callables) == set(SIGNATURES)
    for qualname, (function, method) in callables.items():
        parameters = list(inspect.signature(function).parameters.values())[1 if method else 0 :]
        expected = signature(qualname)
        assert [(p.name, p.kind.name) for p in parameters] == [(p.name, p.kind) for p in expected], qualname
        for parameter, fact in zip(parameters, expected):
            if fact.default is None:
                assert parameter.default is inspect.Parameter.empty, (qualname, parameter.name)
            else:
                assert parameter.default == eval(fact.default, {"torch": torch}), (qualname, parameter.name)
