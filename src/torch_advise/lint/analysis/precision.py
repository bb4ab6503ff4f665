"""Names that choose a precision: where code names one of these, it is not plain float32 by
omission."""

from __future__ import annotations

import ast

# TF32 switches, low-precision and float64 dtypes and casts, scalers, mixed-precision policies.
PRECISION_NAMES = frozenset(
    {
        "autocast",
        "GradScaler",
        "ShardedGradScaler",
        "MixedPrecision",
        "MixedPrecisionPolicy",
        "set_float32_matmul_precision",
        "allow_tf32",
        "fp32_precision",
        "bfloat16",
        "float16",
        "half",
        "float64",
        "double",
    }
)


def chosen_precisions(named: list[ast.expr], tested: set[int], numpy_names: frozenset[str]) -> frozenset[str]:
    """The precision names among `named` (names and attributes) that choose something: not those
    a comparison only tests (`x.dtype == torch.float16`, `dtype in (torch.float16, ...)`, ids in
    `tested`), nor numpy's dtypes (`np.float64` is a host array's)."""
    chosen = set()
    for node in named:
        if id(node) in tested:
            continue
        if isinstance(node, ast.Name):
            chosen.add(node.id)
        elif isinstance(node, ast.Attribute) and not (isinstance(node.value, ast.Name) and node.value.id in numpy_names):
            chosen.add(node.attr)
    return frozenset(chosen)
