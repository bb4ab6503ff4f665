"""The findings of files already checked, in .advise_cache/, keyed by everything they depend on.

An entry's key hashes the file's path and bytes, the per-file ignores that apply to it, and a
fingerprint of the run: tool and libcst versions, the selected rules, the target, the text of
every catalogue page and the source of the torch_advise package itself. So editing a check,
a rule page, a setting or the target never returns a stale answer; it just misses.

Only findings are stored, never trees or fixed files: --fix and --diff use an entry only when
none of its findings is fixable under the run's fix mode (a clean file skips parsing).

Each entry is one small file, written to a temporary name then renamed, so two runs sharing
the cache never see half an entry; a run that cannot write it just lints without caching.
Entries are signed with a key of the user's kept outside the project (cache_secret), so that
entries a repository ships are misses, not findings hidden.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import stat
import sys
from pathlib import Path
from typing import Optional

from torch_advise import __version__, records
from torch_advise.finding import Finding
from torch_advise.lint.cache_secret import cache_secret
from torch_advise.records import dataclass
from torch_advise.versions import installed_version

CACHE_DIR_NAME = ".advise_cache"
# Bump when the entry layout changes, so that old entries are never read as new ones (an entry
# from before signatures has none, so it is a miss already).
LAYOUT = "v2"
_FINDING_FIELDS = tuple(f.name for f in records.fields(Finding))
# The signature leads an entry as its first field, so that an entry stays one JSON object a
# person can read: {"signature":"<HMAC-SHA256 hex of the entry without it>","key":...}.
_SIGNATURE_OPENING = b'{"signature":"'
_SIGNATURE_LENGTH = 64
_SIGNED_BODY = len(_SIGNATURE_OPENING) + _SIGNATURE_LENGTH + len(b'",')
_PACKAGE = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class CachedResult:
    findings: list[Finding]
    parse_error: bool
    # Stored for a file the pre-filter skipped: it says nothing about the file's syntax.
    prefiltered: bool


def _package_source_digest(digest: hashlib._Hash) -> None:
    for path in sorted(_PACKAGE.rglob("*.py")):
        digest.update(path.relative_to(_PACKAGE).as_posix().encode())
        digest.update(path.read_bytes())


def run_fingerprint(options) -> str:
    """What every result of this run depends on besides the file: `options` is a LintOptions."""
    digest = hashlib.sha256()
    parts = [LAYOUT, __version__, sys.version.split()[0], installed_version("libcst") or "unknown"]
    for option in records.fields(options):
        value = getattr(options, option.name)
        # The catalogue counts by its pages' text below; fix mode changes no finding of a file
        # that --fix leaves as it is, which is the only kind of result stored.
        # Fields left out of comparison are what a run learns as it goes (the folders' pins).
        if option.name not in ("catalogue", "fix") and option.compare:
            parts.append(f"{option.name}={sorted(value) if isinstance(value, frozenset) else value!r}")
    for part in parts:
        digest.update(part.encode() + b"\0")
    for rule in options.catalogue.rules:
        digest.update(rule.text.encode() + b"\0")
    _package_source_digest(digest)
    return digest.hexdigest()


_TEXT_FIELDS = ("path", "code", "message", "slug", "severity", "source_line")
_POSITION_FIELDS = ("line", "col", "end_line", "end_col")
# A notebook's: its cell and where the finding is written in its file (finding.Finding).
_CELL_DEFAULTS = {"cell": 0, "cell_id": "", "file_region": []}


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _finding(item: object) -> Optional[Finding]:
    """A stored finding, or None when the entry does not hold one of the shape advise writes."""
    if not isinstance(item, dict) or set(item) - set(_FINDING_FIELDS):
        return None
    if not all(isinstance(item.get(name), str) for name in _TEXT_FIELDS):
        return None
    positions = [item.get(name) for name in _POSITION_FIELDS]
    if not all(_count(p) for p in positions) or item["line"] < 1 or item["col"] < 1:
        return None
    if item.get("fix") not in (None, "safe", "unsafe") or item.get("fix_edits", []) != []:
        return None
    cell = {**_CELL_DEFAULTS, **{name: item[name] for name in _CELL_DEFAULTS if name in item}}
    region = cell["file_region"]
    if not (_count(cell["cell"]) and isinstance(cell["cell_id"], str) and isinstance(region, list) and len(region) == (4 if cell["cell"] else 0)):
        return None
    if not all(_count(number) and number >= 1 for number in region):
        return None
    kept = {name: item[name] for name in _FINDING_FIELDS if name in item and name not in ("fix_edits", *_CELL_DEFAULTS)}
    return Finding(**kept, cell=cell["cell"], cell_id=cell["cell_id"], file_region=tuple(region))


# Opening with O_NOFOLLOW fails on a link; where the flag is missing (Windows) the entry's real
# path is checked instead.
_NO_FOLLOW: Optional[int] = getattr(os, "O_NOFOLLOW", None)


def _holds(project: object) -> bool:
    """An entry that read the project holds while the project's files are as they were."""
    if project is None:
        return True
    if not (isinstance(project, list) and len(project) == 2 and all(isinstance(part, str) for part in project)):
        return False
    # Imported here: a run whose entries never read the project does not pay for it.
    from torch_advise.lint.project_files import project_state

    return project_state(project[0]) == project[1]


def _inside(real_path: str, real_folder: str) -> bool:
    return real_path.startswith(real_folder) or real_path + os.sep == real_folder


class Cache:
    """Entries under `directory` for runs with one fingerprint."""

    def __init__(self, directory: Path, fingerprint: str, secret: bytes) -> None:
        self.directory = Path(directory)
        self.fingerprint = fingerprint
        self._secret = secret
        self._prepared = False
        self._directory = str(self.directory)
        self._real = os.path.realpath(self.directory) + os.sep
        self._folders: dict[str, bool] = {}

    @classmethod
    def for_run(cls, root: Path, options) -> Optional[Cache]:
        """The project's cache; none when its folder is a link out of the project, where a
        checked-out repository could have it write into any folder of the user's, or when the
        user's signing key can be neither read nor made."""
        directory = Path(root) / CACHE_DIR_NAME
        if not _inside(os.path.realpath(directory), os.path.realpath(root) + os.sep):
            return None
        secret = cache_secret()
        if secret is None:
            return None
        return cls(directory, run_fingerprint(options), secret)

    def key(self, path: str, source: bytes, ignored: frozenset[str], torch_version: tuple[int, int]) -> str:
        """The entry of a file's bytes under this run, its ignored rules and the torch it is advised
        for (its folder's own pin may differ from the run's)."""
        digest = hashlib.sha256()
        digest.update(self.fingerprint.encode() + b"\0")
        digest.update(path.encode("utf-8", "surrogateescape") + b"\0")
        digest.update(",".join(sorted(ignored)).encode() + b"\0")
        digest.update("{}.{}".format(*torch_version).encode() + b"\0")
        digest.update(source)
        return digest.hexdigest()

    def _entry_folder(self, key: str) -> str:
        # Strings, not Paths: a warm run builds one for every file it checks.
        return os.path.join(self._directory, LAYOUT, key[:2])

    def _folder_within(self, folder: str) -> bool:
        """A link planted inside the cache folder must not lead reads or writes out of it.

        Entries share 256 folders in one layout folder: the layout folder is resolved once a run,
        and an entry folder in it that is no link (one lstat) is inside too; the entry itself is
        never followed if it is a link (see _read), and a write replaces a link rather than
        following it."""
        if folder not in self._folders:
            layout = os.path.dirname(folder)
            if layout not in self._folders:
                self._folders[layout] = _inside(os.path.realpath(layout) + os.sep, self._real)
            try:
                linked = stat.S_ISLNK(os.lstat(folder).st_mode)
            except OSError:
                linked = False  # not made yet: it will be made a folder where the layout folder is
            self._folders[folder] = self._folders[layout] and (
                not linked or _inside(os.path.realpath(folder) + os.sep, self._real)
            )
        return self._folders[folder]

    def _read(self, entry: str) -> bytes:
        if _NO_FOLLOW is None:
            if not _inside(os.path.realpath(entry), self._real):
                raise OSError(f"{entry}: leads out of the cache")
            with open(entry, "rb") as handle:
                return handle.read()
        descriptor = os.open(entry, os.O_RDONLY | _NO_FOLLOW)
        with os.fdopen(descriptor, "rb") as handle:
            return handle.read()

    def _signature(self, payload: bytes) -> bytes:
        return hmac.digest(self._secret, payload, "sha256").hex().encode()

    def _signed(self, payload: bytes) -> bytes:
        return _SIGNATURE_OPENING + self._signature(payload) + b'",' + payload[1:]

    def _verified(self, entry: bytes) -> Optional[bytes]:
        """The entry without its signature, or None when this user's key did not sign it."""
        payload = b"{" + entry[_SIGNED_BODY:]
        signature = entry[len(_SIGNATURE_OPENING) : len(_SIGNATURE_OPENING) + _SIGNATURE_LENGTH]
        if not entry.startswith(_SIGNATURE_OPENING) or not hmac.compare_digest(signature, self._signature(payload)):
            return None
        return payload

    def load(self, key: str) -> Optional[CachedResult]:
        """The stored result, or None when absent, unreadable or not signed by this user (a miss,
        never an error)."""
        folder = self._entry_folder(key)
        if not self._folder_within(folder):
            return None
        try:
            payload = self._verified(self._read(os.path.join(folder, key[2:])))
        except OSError:
            return None
        if payload is None:
            return None
        try:
            data = json.loads(payload)
        except (ValueError, RecursionError):  # the recursion limit bounds the depth parsed
            return None
        # An entry of another shape (an older layout, a hand edit, one copied from another
        # file's key) is a miss: the file is linted again, never trusted or crashed on.
        if not (
            isinstance(data, dict)
            and data.get("key") == key
            and isinstance(data.get("findings"), list)
            and isinstance(data.get("parse_error"), bool)
            and isinstance(data.get("prefiltered"), bool)
            and _holds(data.get("project"))
        ):
            return None
        findings = [_finding(item) for item in data["findings"]]
        if any(finding is None for finding in findings):
            return None
        return CachedResult([f for f in findings if f is not None], data["parse_error"], data["prefiltered"])

    def store(
        self, key: str, findings: list[Finding], parse_error: bool = False, prefiltered: bool = False,
        project: Optional[tuple[str, str]] = None,
    ) -> None:
        """`project`: (folder, state) when the findings read the project's other files; the
        entry then holds only while project_files.project_state of that folder is the same."""
        try:
            payload = json.dumps(
                {
                    "key": key,
                    "findings": [{name: getattr(f, name) for name in _FINDING_FIELDS} for f in findings],
                    "parse_error": parse_error,
                    "prefiltered": prefiltered,
                    "project": list(project) if project is not None else None,
                },
                separators=(",", ":"),
            ).encode()
        except (TypeError, ValueError):
            return  # a finding carries something JSON cannot hold: lint it again next time
        entry = self._signed(payload)
        folder = self._entry_folder(key)
        try:
            if not self._folder_within(folder):
                return
            self._prepare()
            os.makedirs(folder, exist_ok=True)
            import tempfile  # here, not at the top: a warm run writes nothing and never needs it

            descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
            try:
                with os.fdopen(descriptor, "wb") as handle:
                    handle.write(entry)
                os.replace(temporary, os.path.join(folder, key[2:]))
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError:
            return  # a read-only or full disk must not fail the lint

    def _prepare(self) -> None:
        if self._prepared:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        ignore = self.directory / ".gitignore"
        # lexists: a link left there, even a dangling one, is never written through.
        if not os.path.lexists(ignore):
            # Keeps the cache out of commits without the user editing their own .gitignore.
            ignore.write_text("# Created by advise; safe to delete.\n*\n")
        tag = self.directory / "CACHEDIR.TAG"
        if not os.path.lexists(tag):
            tag.write_text("Signature: 8a477f597d28d172789f06886806bc55\n# The lint cache of advise (torch-advise).\n")
        self._prepared = True
