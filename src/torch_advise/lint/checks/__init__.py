"""The checks: one module per rule, named like its catalogue page.

`rules/DL002-dataloader-pin-memory.md` is checked by `dl002_dataloader_pin_memory.py`, whose
`check(ctx)` reads the file's analysis and calls `ctx.report(node, message, fix=...)`. The
rule's code comes from the module's name, so adding a rule is its page and its module.
"""

from __future__ import annotations

import importlib
from typing import Callable, Optional

from torch_advise.lint.analysis.context import CheckContext

Check = Callable[[CheckContext], None]
_CHECKS: dict[str, Check] = {}


def module_name(code: str, slug: str) -> str:
    """The module that checks a rule: `dl002_dataloader_pin_memory` for DL002."""
    return f"{code.lower()}_{slug.replace('-', '_')}"


def check_of(code: str, slug: str) -> Optional[Check]:
    """One rule's check, imported the first time a run asks for it: a run imports the checks of
    the rules it selects only (a pre-commit run of the default set, fewer than half of them)."""
    if code not in _CHECKS:
        name = f"{__name__}.{module_name(code, slug)}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise
            return None
        _CHECKS[code] = module.check
    return _CHECKS[code]


def load_checks() -> dict[str, Check]:
    """Each rule's check by its code."""
    import pkgutil  # here, not at the top: a run imports the checks it selects by name

    for module in pkgutil.iter_modules(__path__):
        code = module.name.split("_", 1)[0].upper()
        if code not in _CHECKS:
            _CHECKS[code] = importlib.import_module(f"{__name__}.{module.name}").check
    return dict(_CHECKS)
