"""Reading sources and writing fixed files so that a failure never loses the original."""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from torch_advise.lint.files import PathError


def read_source(path: Path) -> bytes:
    """The file's bytes, untouched (the parser keeps encoding, BOM and line endings)."""
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise PathError(f"{path}: {exc.strerror or exc}") from None


def write_atomic(path: Path, data: bytes) -> None:
    """Replace the file's content with `data` in one step, keeping its permission bits.

    The bytes go to a temporary file in the same folder, are flushed to disk, then renamed
    over the original, so a crash or a full disk leaves either the old or the new file,
    never a truncated one. A symlink is kept: the file it points to is replaced.
    """
    target = Path(os.path.realpath(path))
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    except OSError as exc:
        raise PathError(f"{path}: {exc.strerror or exc}") from None
    # The rename below would replace a file its owner made read-only; writing it in place would not.
    if target.exists() and not os.access(target, os.W_OK):
        raise PathError(f"{path}: Permission denied")
    # A prefix of this call's own, so that a Ctrl-C even inside mkstemp, once the file exists
    # but before its name is returned, leaves nothing behind.
    prefix = f".{target.name}.{secrets.token_hex(8)}."
    import tempfile  # here, not at the top: a run that writes nothing never needs it

    try:
        descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=prefix, suffix=".tmp")
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as exc:
        _remove_temporaries(target.parent, prefix)
        if isinstance(exc, OSError):
            raise PathError(f"{path}: {exc.strerror or exc}") from exc
        raise


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
