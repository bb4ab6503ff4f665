"""The key that signs lint cache entries, kept where no repository reaches: the user's cache folder.

.advise_cache/ lies in the project, as ruff's .ruff_cache does, so a repository could ship
entries of its own (committed with `git add -f`) saying that its files are clean. Each entry is
signed with a random key made once for this user on this machine and stored outside every
project, readable by the user alone: $XDG_CACHE_HOME/torch-advise/secret, else
~/.cache/torch-advise/secret. An entry the key did not sign is a miss, so entries made on another
machine (a CI job that restores .advise_cache/ but not this folder) are linted again and re-signed.
"""

from __future__ import annotations

import os
import stat

# Light: a replayed run (run_replay.py) loads this module, and typing alone costs it some 3 ms.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Optional

SECRET_FILE_NAME = "secret"
SECRET_BYTES = 32
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
# Owners and permission bits from stat mean nothing on Windows, where the profile's ACLs guard it.
_POSIX = hasattr(os, "geteuid")


def user_cache_folder() -> str:
    """Where this user's key is kept, and the records of replayable runs (run_replay.py); a path
    string, not a Path: a replayed run does not load pathlib."""
    configured = os.environ.get("XDG_CACHE_HOME", "")
    # The XDG rule: a relative path is invalid and is ignored.
    base = configured if os.path.isabs(configured) else os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "torch-advise")


def cache_secret() -> Optional[bytes]:
    """This user's key, made on first use; None when none can be read or made (lint uncached)."""
    path = os.path.join(user_cache_folder(), SECRET_FILE_NAME)
    try:
        secret = read_private(path, SECRET_BYTES + 1)
    except FileNotFoundError:
        secret = None
    except OSError:
        return None
    # Not a key (a shorter or longer file) is as good as none: a new one takes its place.
    return secret if secret is not None and len(secret) == SECRET_BYTES else _make(path)


def read_private(path: str, most: int = -1) -> Optional[bytes]:
    """Up to `most` bytes of a file of this user's that no one else could have written or read
    (never through a link); None for one that others could have, or that is no regular file.
    OSError when it cannot be opened."""
    descriptor = os.open(path, os.O_RDONLY | _NO_FOLLOW)
    with os.fdopen(descriptor, "rb") as handle:
        status = os.fstat(handle.fileno())
        if not stat.S_ISREG(status.st_mode) or (_POSIX and (status.st_uid != os.geteuid() or status.st_mode & 0o077)):
            return None
        return handle.read(most)


def _make(path: str) -> Optional[bytes]:
    """A new key in place of a missing or unfit one; entries signed with the old one become misses."""
    secret = os.urandom(SECRET_BYTES)
    try:
        # A run starting meanwhile reads a whole key or none. Two first runs at once may each
        # put theirs in place: the entries the replaced key signed are then misses, once.
        write_private(path, secret)
    except OSError:
        return None
    return secret


def write_private(path: str, data: bytes) -> None:
    """Put `data` at `path` whole or not at all, readable and writable by the user alone, in a
    folder (made if missing) that only the user may enter."""
    folder = os.path.dirname(path)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    import tempfile  # here, not at the top: most runs read what is kept here and write nothing

    # mkstemp makes the file readable by its owner alone.
    descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=".new-")
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
