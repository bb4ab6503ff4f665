"""Write the attribute names of every type a `weights_only` torch.load can return into
src/torch_advise/lint/analysis/weights_only_attributes.py.

    python tools/weights_only_attributes.py

The types are those the installed torch's weights-only unpickler allows by default, plus the
builtins pickle builds without a global (containers, strings, numbers). Names already in the
module are kept: an attribute one release has and the next drops still names a type a load may
return on the older one, and the rule must stay quiet there. Private names are left out: the
rule never reads one as evidence. Needs torch.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import torch._weights_only_unpickler as unpickler

MODULE = Path(__file__).resolve().parents[1] / "src" / "torch_advise" / "lint" / "analysis" / "weights_only_attributes.py"
BUILTINS = (dict, list, tuple, set, frozenset, str, bytes, bytearray, int, float, complex, bool, type(None), slice, range)
HEADER = '''"""What an object a `weights_only` torch.load returns can have: the public attribute names of
every type its unpickler builds by default (tensors, parameters, storages, torch.Size, dtypes,
devices, OrderedDict, Counter, containers, strings, numbers), over the torch releases it was
written from. A name outside it, read from what a load returned, shows a pickled object of some
other class. Written by tools/weights_only_attributes.py; tests/test_weights_only.py checks it
covers the installed torch.
"""

NAMES = frozenset(
    """
'''


def allowed_types() -> list[type]:
    """Classes the unpickler may build, and the classes of the constants it allows (a dtype, a
    qscheme); the functions it allows rebuild tensors."""
    found = []
    for value in unpickler._get_allowed_globals().values():
        if isinstance(value, type):
            found.append(value)
        elif not callable(value):
            found.append(type(value))
    return found + list(BUILTINS)


def public_names(types: list[type]) -> set[str]:
    return {name for kind in types for name in dir(kind) if not name.startswith("_")}


def existing_names() -> set[str]:
    if not MODULE.exists():
        return set()
    scope: dict[str, object] = {}
    exec(compile(MODULE.read_text(), str(MODULE), "exec"), scope)
    return set(scope["NAMES"])  # type: ignore[call-overload]


def main() -> None:
    names = sorted(public_names(allowed_types()) | existing_names())
    body = textwrap.fill(" ".join(names), width=96, initial_indent="    ", subsequent_indent="    ", break_on_hyphens=False)
    MODULE.write_text(HEADER + body + '\n    """.split()\n)\n')
    print(f"{MODULE}: {len(names)} names")


if __name__ == "__main__":
    main()
