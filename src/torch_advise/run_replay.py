"""A run that finds nothing changed since the same run last time answers as that one did,
before the lint is loaded.

A warm lint (every file answered by .advise_cache/) still loads the lint, reads the
configuration and the catalogue, walks the folders, finds every folder's scope and torch pin,
and reads and hashes every file and its entry: 0.08 s over 278 training files, where Python
starts in 0.008 s. So a run that parsed no file records what it read, through Python's audit
hooks (every file opened for reading and every folder listed: advise's own modules and
catalogue, the configuration, the checked files, the folders walked, and those searched for a
repository's root or a torch pin), the state of each project its findings read
(project_files.project_state), what it printed and its exit code. The next run with the same
command line, in the same folder, with the same environment and terminal, replays the record
when nothing it holds has changed; any difference is a miss, and the run goes the usual way.

Unchanged means the same stat (mode, inode, device, size, modification and change times in
nanoseconds) for each file opened; for each folder listed, whose times change when an entry is
added, removed or renamed; and for each folder inside a listed one, where a file probed for by
name (a virtual environment's pyvenv.cfg) would come or go. A file rewritten in the clock tick in
which the run read it could keep its stat (git's "racily clean" files), so no record is written
while an input is younger than two seconds. What a run writes is no input: its cache entries
and this user's key are left out, but not the cache folder itself, so that deleting
.advise_cache/ also drops the records that rest on it.

Records are kept in the user's cache folder beside the cache's signing key, readable and
writable by the user alone, so a repository cannot ship one. --no-cache neither reads nor writes
them; --fix, --write-baseline, standard input and a run that ends in an error are never recorded.
"""

from __future__ import annotations

import marshal
import os
import sys
import time
import zlib

from torch_advise import __version__
from torch_advise.lint.cache_secret import read_private, user_cache_folder, write_private

# What a replay imports is what it costs: typing alone is some 3 ms of a 30 ms replay. Type
# checkers take the name to be true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional

    Signature = Optional[tuple[int, int, int, int, int, int]]

LAYOUT = 1
# An input younger than this may yet change without changing its stat.
RECENT_NS = 2_000_000_000
# Records kept: each command line, folder and environment has its own.
KEPT = 64
# What the output depends on besides the files: colour, terminal, encoding, where caches,
# modules and nvidia-smi (the target when none is given) are found.
_ENVIRONMENT = (
    "HOME", "XDG_CACHE_HOME", "NO_COLOR", "FORCE_COLOR", "TERM", "PYTHONIOENCODING", "PYTHONUTF8",
    "LANG", "LC_ALL", "LC_CTYPE", "PYTHONPATH", "PATH",
)
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def _signature(path: str) -> Signature:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return (status.st_mode, status.st_ino, status.st_dev, status.st_size, status.st_mtime_ns, status.st_ctime_ns)


def _run_key(argv: list[str]) -> tuple[Any, ...]:
    """Everything besides the files that the run's output depends on."""
    streams = tuple((_isatty(stream), getattr(stream, "encoding", None)) for stream in (sys.stdout, sys.stderr))
    # The machine too: a home folder shared by a cluster's nodes is shared by nodes with other GPUs.
    machine = os.uname().nodename if hasattr(os, "uname") else os.environ.get("COMPUTERNAME")
    return (
        LAYOUT, __version__, __file__, sys.version, sys.executable, tuple(sys.path), os.getcwd(), tuple(argv),
        tuple(os.environ.get(name) for name in _ENVIRONMENT), streams, machine,
    )


def _isatty(stream: Any) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _record_path(key: tuple[Any, ...]) -> str:
    # A collision only makes two runs miss each other's records: the whole key is compared.
    name = f"{zlib.crc32(repr(key).encode('utf-8', 'backslashreplace')):08x}"
    return os.path.join(user_cache_folder(), "runs", name)


def recorded_answer(argv: list[str]) -> Optional[tuple[tuple[tuple[int, str], ...], int]]:
    """What the recorded run printed (stream 1 or 2, text) and its exit code, when nothing it
    read has changed; None otherwise."""
    try:
        key = _run_key(argv)
        record = _load(_record_path(key))
        if record is None or record[0] != key or not _unchanged(record[1], record[2]):
            return None
    except (OSError, ValueError, EOFError, TypeError):
        return None
    return record[3], record[4]


def replay(argv: list[str]) -> None:
    """Print what the recorded run printed and leave with its exit code, as a lint run from the
    console leaves (check_command._finish), when nothing it read has changed; else return."""
    answer = recorded_answer(argv)
    if answer is None:
        return
    chunks, code = answer
    for stream, text in chunks:
        (sys.stdout if stream == 1 else sys.stderr).write(text)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _load(path: str) -> Optional[tuple[Any, ...]]:
    """The record, or None when there is none or it could have been written by anyone else."""
    try:
        data = read_private(path)
    except FileNotFoundError:
        return None
    if data is None:
        return None
    record = marshal.loads(data)
    shaped = isinstance(record, tuple) and len(record) == 5 and isinstance(record[4], int)
    return record if shaped else None


def _unchanged(inputs: tuple[tuple[str, Signature], ...], projects: tuple[tuple[str, str], ...]) -> bool:
    if any(_signature(path) != signature for path, signature in inputs):
        return False
    if projects:
        from torch_advise.lint.project_files import project_state

        return all(project_state(folder) == state for folder, state in projects)
    return True


class _Recording:
    """What one run reads and prints, as the audit hook and its streams report it."""

    def __init__(self, key: tuple[Any, ...]) -> None:
        self.key = key
        self.opened: set[Any] = set()
        self.listed: set[Any] = set()
        self.printed: list[tuple[int, str]] = []
        self.streams = (sys.stdout, sys.stderr)
        # A hook that failed may have missed an input: such a run is not recorded.
        self.incomplete = False

    def hear(self, event: str, arguments: tuple[Any, ...]) -> None:
        try:
            if event == "open":
                path, mode, flags = arguments
                writes = any(letter in mode for letter in "wax+") if isinstance(mode, str) else bool(flags & _WRITE_FLAGS)
                if path is not None and not isinstance(path, int) and not writes:
                    self.opened.add(path)
            elif event in ("os.listdir", "os.scandir"):
                path = arguments[0]
                if not isinstance(path, int):
                    self.listed.add("." if path is None else path)
        except Exception:  # noqa: BLE001 - an audit hook that raises would fail the call it hears
            self.incomplete = True


class _Copying:
    """A stream that keeps what is written to it."""

    def __init__(self, stream: Any, number: int, printed: list[tuple[int, str]]) -> None:
        self._stream = stream
        self._number = number
        self._printed = printed

    def write(self, text: str) -> int:
        self._printed.append((self._number, text))
        return self._stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


_recording: Optional[_Recording] = None
_hooked = False


def _hear(event: str, arguments: tuple[Any, ...]) -> None:
    recording = _recording
    if recording is not None:
        recording.hear(event, arguments)


def start(argv: list[str], paths: tuple[str, ...]) -> None:
    """Record this run (its arguments allow a replay: see the module's docstring), unless no
    cache lies in or above the paths checked or the current folder: such a run parses every
    file, so it cannot be recorded, and a hook would cost it some 2 % (Python audits every call
    of id(), which the analysis makes hundreds of thousands of times)."""
    global _recording, _hooked
    # Loaded by the run anyway (its runner reads the cache); not by a replay, which never gets here.
    from torch_advise.lint.cache import CACHE_DIR_NAME

    # The cache is in the folder of the configuration found above the paths, else here.
    if not _cache_above((*paths, "."), CACHE_DIR_NAME):
        return
    try:
        recording = _Recording(_run_key(argv))
    except OSError:  # the current folder is gone
        return
    if not _hooked:
        sys.addaudithook(_hear)
        _hooked = True
    _recording = recording
    sys.stdout = _Copying(sys.stdout, 1, recording.printed)
    sys.stderr = _Copying(sys.stderr, 2, recording.printed)


def _cache_above(paths: tuple[str, ...], cache_folder: str) -> bool:
    seen: set[str] = set()
    for path in paths:
        folder = os.path.abspath(path)
        while folder not in seen:
            seen.add(folder)
            if os.path.isdir(os.path.join(folder, cache_folder)):
                return True
            parent = os.path.dirname(folder)
            if parent == folder:
                break
            folder = parent
    return False


def finish(code: int) -> None:
    """Keep the record of a run that parsed no file and ended without error."""
    global _recording
    recording, _recording = _recording, None
    if recording is None:
        return
    sys.stdout, sys.stderr = recording.streams
    # The engine loads for the first file that must be parsed (runner.py), in this process or
    # before its workers start: a run without it answered every file from the cache.
    if recording.incomplete or code not in (0, 1) or "torch_advise.lint.engine" in sys.modules:
        return
    try:
        _write(recording, code)
    except (OSError, ValueError):
        return  # a run that cannot record is no worse than one that did not try


def _write(recording: _Recording, code: int) -> None:
    from torch_advise.lint.cache import CACHE_DIR_NAME

    private = user_cache_folder()
    inputs: dict[str, Signature] = {}
    stand_ins: set[str] = set()
    for path in {os.path.abspath(os.fsdecode(os.fspath(p))) for p in recording.opened}:
        written = _written_by_advise(path, private, CACHE_DIR_NAME)
        if written is None:
            inputs[path] = _signature(path)
        elif written:
            stand_ins.add(written)
    for folder in {os.path.abspath(os.fsdecode(os.fspath(p))) for p in recording.listed}:
        inputs[folder] = _signature(folder)
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        inputs[entry.path] = _signature(entry.path)
        except OSError:
            pass
    oldest_allowed = time.time_ns() - RECENT_NS
    if any(signature is not None and signature[4] > oldest_allowed for signature in inputs.values()):
        return
    inputs.update((folder, _signature(folder)) for folder in stand_ins)
    project_files = sys.modules.get("torch_advise.lint.project_files")
    projects = tuple(sorted(project_files.states_taken().items())) if project_files is not None else ()
    record = (recording.key, tuple(sorted(inputs.items())), projects, tuple(recording.printed), code)
    _store(_record_path(recording.key), marshal.dumps(record))


def _written_by_advise(path: str, private: str, cache_folder: str) -> Optional[str]:
    """For what advise itself writes, the folder that stands for it ("" for none); None for an input.

    A cache entry stands for nothing but its .advise_cache/ folder, the user's key for nothing."""
    if path.startswith(private + os.sep):
        return ""
    parts = path.split(os.sep)
    if cache_folder in parts[:-1]:
        return os.sep.join(parts[: parts.index(cache_folder) + 1])
    return None


def _store(path: str, data: bytes) -> None:
    write_private(path, data)
    _prune(os.path.dirname(path))


def _prune(folder: str) -> None:
    with os.scandir(folder) as entries:
        records = sorted((entry for entry in entries if not entry.name.startswith(".")), key=lambda entry: entry.stat().st_mtime_ns)
    for entry in records[:-KEPT]:
        try:
            os.unlink(entry.path)
        except OSError:
            pass
