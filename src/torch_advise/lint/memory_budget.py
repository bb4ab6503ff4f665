"""How much memory libcst may take for one file, and whether a file's shape fits.

libcst's tree costs memory per syntax node, not per byte: measured on torch's own sources and on
one-line literals (libcst 1.x, CPython 3.11), 3.5 to 4.4 KB a node of Python's own tree, where
ordinary code has about 0.12 nodes a byte and a line of `1+1+...` or `[0,0,...]` up to 1.5. So
3 MB of a one-line table needs gigabytes where 3 MB of code needs a few hundred megabytes.
When libcst runs out of memory its Rust parser aborts the process, with no exception to catch,
so a file must be refused before the parse: Python's tree (parsed first anyway) is counted when
the worst shape could exceed the budget, and the budget is the smaller of a fixed cap and what
the process's own limits (RLIMIT_AS, the cgroup's memory.max) leave free.
"""

from __future__ import annotations

import ast
import os
from typing import Optional

BYTES_PER_NODE = 5_000
# Nodes of Python's tree per byte of source, at most: `1+1+...` on one line.
MOST_NODES_PER_BYTE = 1.5
CAP = 2 * 1024**3
# What the rest of the process (the interpreter, torch-advise, the other file's results) keeps.
RESERVE = 256 * 1024**2


def _rlimit_headroom() -> Optional[int]:
    try:
        import resource
    except ImportError:  # Windows
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY:
        return None
    return soft - _virtual_size()


def _virtual_size() -> int:
    try:
        with open("/proc/self/statm") as handle:
            return int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _cgroup_headroom() -> Optional[int]:
    """Free memory under this process's cgroup (v2) limit, where there is one."""
    try:
        with open("/proc/self/cgroup") as handle:
            entries = [line.strip().split(":", 2) for line in handle]
        relative = next(path for hierarchy, _, path in entries if hierarchy == "0")
        folder = os.path.join("/sys/fs/cgroup", relative.lstrip("/"))
        with open(os.path.join(folder, "memory.max")) as handle:
            limit = handle.read().strip()
        if limit == "max":
            return None
        with open(os.path.join(folder, "memory.current")) as handle:
            return int(limit) - int(handle.read().strip())
    except (OSError, ValueError, StopIteration):
        return None


def allowed_bytes() -> int:
    """What one file's parse may take now."""
    limits = [CAP] + [headroom - RESERVE for headroom in (_rlimit_headroom(), _cgroup_headroom()) if headroom is not None]
    return max(0, min(limits))


def needed_bytes(source: bytes, tree: ast.AST, allowed: int) -> Optional[int]:
    """What libcst would need for this file, when it may be more than `allowed`; None when the
    file fits whatever its shape (then its tree is not even counted)."""
    if len(source) * MOST_NODES_PER_BYTE * BYTES_PER_NODE <= allowed:
        return None
    needed = sum(1 for _ in ast.walk(tree)) * BYTES_PER_NODE
    return needed if needed > allowed else None
