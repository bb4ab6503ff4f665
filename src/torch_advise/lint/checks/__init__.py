"""The checks: one module per rule, named like its catalogue page.

`rules/DL002-dataloader-pin-memory.md` is checked by `dl002_dataloader_pin_memory.py`, whose
`check(ctx)` reads the file's analysis and calls `ctx.report(node, message, fix=...)`. The
rule's code comes from the module's name, so adding a rule is its page and its module.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Callable

from torch_advise.lint.analysis.context import CheckContext

Check = Callable[[CheckContext], None]
_CHECKS: dict[str, Check] = {}


def module_name(code: str, slug: str) -> str:
    """The module that checks a rule: `dl002_dataloader_pin_memory` for DL002."""
    return f"{code.lower()}_{slug.replace('-', '_')}"


def load_checks() -> dict[str, Check]:
    """Each rule's check by its code."""
    if not _CHECKS:
        for module in pkgutil.iter_modules(__path__):
            code = module.name.split("_", 1)[0].upper()
            _CHECKS[code] = importlib.import_module(f"{__name__}.{module.name}").check
    return _CHECKS
