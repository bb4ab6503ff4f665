"""Reading sources and writing fixed files so that a failure never loses the original."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Optional

from torch_advise.lint.files import PathError


def read_source(path: Path) -> bytes:
    """The file's bytes, untouched (the parser keeps encoding, BOM and line endings)."""
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise PathError(f"{path}: {exc.strerror or exc}") from None


def write_atomic(path: Path, data: bytes, expected: Optional[bytes] = None) -> None:
    """Replace the file's content with `data` in one step, keeping its permission bits.

    The bytes go to a temporary file in the same folder, are flushed to disk, then renamed
    over the original, so a crash or a full disk leaves either the old or the new file,
    never a truncated one. A symlink is kept: the file it points to is replaced.

    With `expected`, the file is replaced only if it still holds those bytes, so that an edit
    saved while the fix was made is not lost: see _replace_if_unchanged.
    """
    target = Path(os.path.realpath(path))
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        if expected is not None:
            raise PathError(f"{path}: removed while it was checked") from None
        mode = 0o666 & ~_umask()
    except OSError as exc:
        raise PathError(f"{path}: {exc.strerror or exc}") from None
    # The rename below would replace a file its owner made read-only; writing it in place would not.
    if target.exists() and not os.access(target, os.W_OK):
        raise PathError(f"{path}: Permission denied")
    # Here, not at the top: a run that writes nothing never needs them.
    import secrets
    import tempfile

    # A prefix of this call's own, so that a Ctrl-C even inside mkstemp, once the file exists
    # but before its name is returned, leaves nothing behind.
    prefix = f".{target.name}.{secrets.token_hex(8)}."

    try:
        descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=prefix, suffix=".tmp")
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        if expected is None:
            os.replace(temporary, target)
        else:
            _replace_if_unchanged(Path(path), target, Path(temporary), expected, prefix)
    except BaseException as exc:
        _remove_temporaries(target.parent, prefix)
        if isinstance(exc, OSError):
            raise PathError(f"{path}: {exc.strerror or exc}") from exc
        raise


def _replace_if_unchanged(path: Path, target: Path, temporary: Path, expected: bytes, prefix: str) -> None:
    """Rename `temporary` over `target` only while it holds `expected`, and undo it if an edit
    reached the old file after all.

    The fixed bytes are on disk before the file is looked at again, so what remains between the
    look and the rename is the rename itself. A second name for the old file is kept through it:
    an editor that writes into the file it opened (most do, or save to a new file and rename it,
    which the check of the inode catches) writes into that old file, and if it holds anything but
    what was checked once the fix is in place, the old file is put back: the edit wins and the
    fix is reported as not written. What is left: an editor renaming a new file over the original
    in the microseconds between the inode check and the rename.
    """
    held: Optional[Path] = target.with_name(f"{prefix}held.tmp")
    try:
        os.link(target, target.with_name(f"{prefix}held.tmp"))
    except FileNotFoundError:
        raise PathError(f"{path}: removed while it was checked") from None
    except OSError:
        held = None  # a file system without hard links: the plain look before the rename
    try:
        if (held or target).read_bytes() != expected:
            raise PathError(f"{path}: changed while it was checked")
        if held is not None and os.stat(target).st_ino != os.stat(held).st_ino:
            raise PathError(f"{path}: changed while it was checked")
        os.replace(temporary, target)
        if held is not None and held.read_bytes() != expected:
            os.replace(held, target)
            raise PathError(f"{path}: changed while it was checked; the edit was kept")
    finally:
        if held is not None and held.exists():
            held.unlink()


def _remove_temporaries(folder: Path, prefix: str) -> None:
    try:
        names = [name for name in os.listdir(folder) if name.startswith(prefix) and name.endswith(".tmp")]
    except OSError:
        return
    for name in names:
        try:
            os.unlink(folder / name)
        except OSError:
            pass


def _umask() -> int:
    # The only portable way to read the umask is to set it; restore it at once.
    current = os.umask(0)
    os.umask(current)
    return current
