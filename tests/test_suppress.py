from __future__ import annotations

import pytest

from torch_advise.lint.suppress import is_suppressed, suppressions


@pytest.mark.parametrize(
    "line, expected",
    [
        ("loader = DataLoader(ds)", None),
        ("loader = DataLoader(ds)  # batches of 32", None),
        ("x = 1  # advise: ignored later", None),
        ("x = 1  # noqanything", None),
        ("loader = DataLoader(ds)  # advise: ignore", frozenset()),
        ("loader = DataLoader(ds)  # noqa", frozenset()),
        ("loader = DataLoader(ds)  # NOQA", frozenset()),
        ("loader = DataLoader(ds)  # advise: ignore[DL002]", {"DL002"}),
        ("x  # Advise:Ignore[dl002, dataloader-workers]", {"DL002", "dataloader-workers"}),
        ("x  # noqa: DL002,OPT001", {"DL002", "OPT001"}),
        ("x  # noqa:DL002", {"DL002"}),
        ("x  # noqa: dl002 OPT001 because eval only", {"DL002", "OPT001"}),
        ("x  # type: ignore  # noqa: DL002", {"DL002"}),
        ("x  # noqa: E501  # advise: ignore[AMP004]", {"E501", "AMP004"}),
        ("x  # noqa: E501  # advise: ignore", frozenset()),
    ],
)
def test_suppressions(line, expected):
    assert suppressions(line) == (None if expected is None else frozenset(expected))


@pytest.mark.parametrize(
    "line, suppressed",
    [
        ("loader = DataLoader(ds)", False),
        ("loader = DataLoader(ds)  # advise: ignore", True),
        ("loader = DataLoader(ds)  # noqa", True),
        ("loader = DataLoader(ds)  # advise: ignore[DL002]", True),
        ("loader = DataLoader(ds)  # advise: ignore[dl002]", True),
        ("loader = DataLoader(ds)  # advise: ignore[dataloader-pin-memory]", True),
        ("loader = DataLoader(ds)  # noqa: DL", True),
        ("loader = DataLoader(ds)  # noqa: DL001", False),
        ("loader = DataLoader(ds)  # noqa: E501", False),
        ("loader = DataLoader(ds)  # advise: ignore[dataloader-workers]", False),
    ],
)
def test_is_suppressed(line, suppressed):
    assert is_suppressed("DL002", "dataloader-pin-memory", line) is suppressed
