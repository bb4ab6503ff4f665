"""A fix written as the smallest regions of the file it must replace, so that every byte outside
them stays as it was.

libcst regenerates a whole module, and its regeneration of an unedited module is not always the
file it read: a form feed or a backslash continuation that opens a statement's line is dropped.
So a fixed file is not taken as libcst writes it. The differences between libcst's code for the
module before the edits and after them are the edits' regions; each is carried over to the
place in the original bytes where libcst's code came from, and only there is the file changed.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from torch_advise.records import dataclass


@dataclass(frozen=True)
class Region:
    """Replace `original[start:end]` with `text` (bytes offsets; start == end inserts)."""

    start: int
    end: int
    text: bytes


class SpliceError(ValueError):
    """libcst's code is not the original with bytes left out: its regions cannot be placed."""


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


def _offsets(lines: Sequence[bytes]) -> list[int]:
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    return offsets


def changed_regions(before: bytes, after: bytes) -> list[Region]:
    """The smallest regions of `before` whose replacement gives `after`: lines that differ,
    trimmed of what they share at either end."""
    old, new = _lines(before), _lines(after)
    old_at, new_at = _offsets(old), _offsets(new)
    regions = []
    import difflib  # here, not at the top: only a run that writes or shows fixes splices

    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if i2 - i1 == j2 - j1:
            # As many lines as before: each line changed in place, a region of its own.
            blocks = [(old_at[i], old_at[i + 1], new_at[j], new_at[j + 1]) for i, j in zip(range(i1, i2), range(j1, j2))]
        else:
            blocks = [(old_at[i1], old_at[i2], new_at[j1], new_at[j2])]
        for start, end, new_start, new_end in blocks:
            deleted, inserted = before[start:end], after[new_start:new_end]
            if deleted == inserted:
                continue
            prefix = len(os.path.commonprefix([deleted, inserted]))
            suffix = len(os.path.commonprefix([deleted[prefix:][::-1], inserted[prefix:][::-1]]))
            regions.append(Region(start + prefix, end - suffix, inserted[prefix : len(inserted) - suffix]))
    return regions


# Bytes compared at once where the two agree, which is almost everywhere.
_RUN = 256


def _origin_map(regenerated: bytes, original: bytes) -> list[int]:
    """For each byte of libcst's code, the offset of the same byte in the original. libcst only
    leaves bytes out, so its code is the original with some bytes missing: each byte is matched
    to the first byte of the original after the last match that equals it."""
    mapping: list[int] = []
    i = j = 0
    while j < len(regenerated):
        if i >= len(original):
            raise SpliceError("libcst's code holds bytes the file does not")
        if regenerated[j : j + _RUN] == original[i : i + _RUN] and j + _RUN <= len(regenerated):
            mapping.extend(range(i, i + _RUN))
            i, j = i + _RUN, j + _RUN
        elif regenerated[j] == original[i]:
            mapping.append(i)
            i, j = i + 1, j + 1
        else:
            i += 1  # a byte libcst left out
    return mapping


def _placed(region: Region, mapping: list[int]) -> Region:
    if region.start == region.end:
        # Just after the byte before it, so that a byte libcst dropped there (a form feed
        # opening the next line) stays with the line it opened.
        start = mapping[region.start - 1] + 1 if region.start > 0 else 0
        return Region(start, start, region.text)
    return Region(mapping[region.start], mapping[region.end - 1] + 1, region.text)


def _finer(region: Region, regenerated: bytes) -> list[Region]:
    """A region split where its old and new text agree, byte by byte."""
    old = regenerated[region.start : region.end]
    pieces = []
    import difflib

    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, region.text, autojunk=False).get_opcodes():
        if tag != "equal":
            pieces.append(Region(region.start + i1, region.start + i2, region.text[j1:j2]))
    return pieces


def _spans_a_gap(region: Region, mapping: list[int]) -> bool:
    """Whether libcst left bytes out between the region's first and last byte."""
    return region.end - region.start > 1 and mapping[region.end - 1] - mapping[region.start] != region.end - 1 - region.start


def regions_in_original(original: bytes, regenerated: bytes, fixed: bytes) -> list[Region]:
    """The fix's regions, placed in the original bytes (see the module's docstring). A region
    over bytes libcst left out is first split where old and new agree, so that those bytes,
    which no edit touched, stay outside it."""
    regions = changed_regions(regenerated, fixed)
    if regenerated == original:
        return regions
    mapping = _origin_map(regenerated, original)
    placed = []
    for region in regions:
        for piece in _finer(region, regenerated) if _spans_a_gap(region, mapping) else [region]:
            placed.append(_placed(piece, mapping))
    return placed


def splice(original: bytes, regenerated: bytes, fixed: bytes) -> bytes:
    """The original bytes with the fix's regions replaced, and nothing else changed."""
    if regenerated == original:
        return fixed
    pieces, position = [], 0
    for region in regions_in_original(original, regenerated, fixed):
        pieces += [original[position : region.start], region.text]
        position = region.end
    pieces.append(original[position:])
    return b"".join(pieces)

