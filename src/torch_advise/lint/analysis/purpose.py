"""What a file's name says it is for. A benchmark named for a precision (benchmark_fp32.py,
benchmark_torch_cuda_amp.py) measures that precision on purpose: advice to change it would
defeat the benchmark."""

from __future__ import annotations

from pathlib import Path

NAMED_FULL_PRECISION = ("fp32", "float32")
NAMED_FLOAT16 = ("fp16", "float16", "half", "amp")
_MEASUREMENT = ("bench", "baseline")


def benchmark_of(path: Path, precision: tuple[str, ...]) -> bool:
    stem = path.stem.lower()
    return any(word in stem for word in _MEASUREMENT) and any(word in stem for word in precision)
