"""What a name says it is for. A benchmark named for a precision (benchmark_fp32.py,
benchmark_torch_cuda_amp.py) measures that precision on purpose: advice to change it would
defeat the benchmark. A flag named for bfloat16 (`args.bf16`) that switches an autocast on asks
for bfloat16, whatever dtype the call names."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

from torch_advise.lint.analysis.syntax import keyword_args, string_value
from torch_advise.lint.syntax_tree import nodes as cst

NAMED_FULL_PRECISION = ("fp32", "float32")
NAMED_FLOAT16 = ("fp16", "float16", "half", "amp")
_MEASUREMENT = ("bench", "baseline")


def benchmark_of(path: Path, precision: tuple[str, ...]) -> bool:
    stem = path.stem.lower()
    return any(word in stem for word in _MEASUREMENT) and any(word in stem for word in precision)


# Only the flag's own name decides; `amp` or `mixed_precision` name no type.
_BFLOAT16_WORDS = re.compile(r"bf16|bfloat", re.IGNORECASE)


def bfloat16_flag(call: cst.Call) -> Optional[str]:
    """The name of the flag passed as `enabled=` when it is named for bfloat16 and read as it is
    (`use_bf16`, `args.bf16`, `cfg["bf16"]`); None for anything computed from one (a negation)."""
    enabled = keyword_args(call).get("enabled")
    name = None
    if isinstance(enabled, cst.Name):
        name = enabled.value
    elif isinstance(enabled, cst.Attribute):
        name = enabled.attr.value
    elif isinstance(enabled, cst.Subscript) and len(enabled.slice) == 1:
        key = enabled.slice[0].slice
        name = string_value(key.value) if isinstance(key, cst.Index) else None
    return name if name and _BFLOAT16_WORDS.search(name) else None
