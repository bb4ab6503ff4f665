"""[tool.advise] in the nearest pyproject.toml of the project, read into Settings the CLI then overrides."""

from __future__ import annotations

import fnmatch
import os
from pathlib import Path, PurePosixPath
from typing import Any, Optional

from torch_advise.catalogue import normalize_selector
from torch_advise.project_scope import project_scope
from torch_advise.records import dataclass, field
from torch_advise.toml_reader import toml

CONFIG_FILE_NAME = "pyproject.toml"
_KEYS = (
    "select",
    "extend-select",
    "ignore",
    "per-file-ignores",
    "target",
    "torch-version",
    "exclude",
    "extend-include",
    "unsafe-fixes",
)


class ConfigError(Exception):
    """Unusable configuration; the message is one line naming the file and the key."""


@dataclass
class Settings:
    select: Optional[list[str]] = None  # None: the default set (the pages with default = true)
    extend_select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    target: Optional[str] = None
    torch_version: Optional[str] = None
    exclude: list[str] = field(default_factory=list)
    # Globs of files a folder walk checks besides *.py and *.ipynb, as ruff's extend-include.
    extend_include: list[str] = field(default_factory=list)
    unsafe_fixes: bool = False
    config_path: Optional[Path] = None
    root: Path = field(default_factory=Path.cwd)


def find_config(start: Path) -> Optional[Path]:
    """The first pyproject.toml with a [tool.advise] table in the project's folders, walking up
    from `start` no further than the repository's root or the home folder (see project_scope)."""
    scope = project_scope(start)
    for folder in scope.folders:
        candidate = folder / CONFIG_FILE_NAME
        if candidate.is_file() and _advise_table(candidate) is not None:
            owner = scope.foreign_owner(candidate)
            if owner is not None:
                raise ConfigError(
                    f"{_display(candidate)}: owned by another user (uid {owner}) outside any repository or home folder; "
                    "name it with --config to use it"
                )
            return candidate
    return None


def load_settings(paths: list[str], config_file: Optional[str] = None) -> Settings:
    """Settings for linting `paths`: from --config if given, else the nearest configuration."""
    path: Optional[Path]
    if config_file is not None:
        path = Path(config_file)
        if not path.is_file():
            raise ConfigError(f"{config_file}: No such file")
        table = _advise_table(path)
        if table is None:
            if path.name == CONFIG_FILE_NAME:
                raise ConfigError(f"{config_file}: no [tool.advise] table")
            # A standalone file (advise.toml) holds the keys at its top level.
            table = _read_toml(path)
    else:
        path = find_config(common_parent(paths))
        if path is None:
            return Settings()
        table = _advise_table(path)
    return _settings_from_table(table or {}, path)


def codes_ignored_for(settings: Settings, path: Path) -> set[str]:
    """Selectors per-file-ignores turns off for `path` (codes upper-cased, slugs as written)."""
    if not settings.per_file_ignores:
        return set()
    relative = _relative_to_root(settings, path)
    ignored: set[str] = set()
    for pattern, selectors in settings.per_file_ignores.items():
        if _matches(pattern, relative.as_posix()) or _matches(pattern, relative.name):
            ignored.update(normalize_selector(s) for s in selectors if s.strip())
    return ignored


def is_excluded(settings: Settings, path: Path) -> bool:
    """Whether an exclude glob matches the path (relative to root), a parent folder, or its name."""
    if not settings.exclude:
        return False
    relative = _relative_to_root(settings, path)
    candidates = [relative.as_posix(), *relative.parts]
    candidates += [parent.as_posix() for parent in relative.parents if parent.name]
    return any(_matches(pattern, candidate) for pattern in settings.exclude for candidate in candidates)


def entry_excluded(settings: Settings, path: Path) -> bool:
    """Whether an exclude glob matches the path itself (relative to root) or its name.

    For walking a tree: its folders were checked on the way down, and a folder the user
    named explicitly is linted even when an exclude matches it.
    """
    if not settings.exclude:
        return False
    relative = _relative_to_root(settings, path)
    return any(_matches(p, relative.as_posix()) or _matches(p, relative.name) for p in settings.exclude)


def entry_included(settings: Settings, path: Path) -> bool:
    """Whether an extend-include glob matches the file (relative to root) or its name."""
    relative = _relative_to_root(settings, path)
    return any(_matches(p, relative.as_posix()) or _matches(p, relative.name) for p in settings.extend_include)


def _matches(pattern: str, candidate: str) -> bool:
    pattern = pattern.rstrip("/")
    if pattern.startswith("./"):
        pattern = pattern[2:]
    return fnmatch.fnmatchcase(candidate, pattern)


def _relative_to_root(settings: Settings, path: Path) -> PurePosixPath:
    """The path relative to root; as given (normalized) when it lies outside root."""
    try:
        relative = os.path.relpath(os.path.abspath(path), os.path.abspath(settings.root))
    except ValueError:  # another drive
        relative = os.pardir
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        relative = os.path.normpath(path)
    return PurePosixPath(Path(relative).as_posix())


def common_parent(paths: list[str]) -> Path:
    """The deepest folder holding every path: where a run's project files are looked for."""
    if not paths:
        return Path.cwd()
    try:
        return Path(os.path.commonpath([os.path.abspath(p) for p in paths]))
    except ValueError:  # paths on different drives
        return Path.cwd()


def _read_toml(path: Path) -> dict[str, Any]:
    tomllib = toml()
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{_display(path)}: invalid TOML: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{_display(path)}: invalid TOML: nested too deeply to read") from None
    except OSError as exc:
        raise ConfigError(f"{_display(path)}: {exc.strerror or exc}") from None


def _advise_table(path: Path) -> Optional[dict[str, Any]]:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise ConfigError(f"{_display(path)}: {exc.strerror or exc}") from None
    # Most pyproject.toml files on the way up are not ours; don't make their syntax our problem.
    if "advise" not in text:
        return None
    tool = _read_toml(path).get("tool", {})
    table = tool.get("advise") if isinstance(tool, dict) else None
    if table is not None and not isinstance(table, dict):
        raise ConfigError(f"{_display(path)}: tool.advise must be a table")
    return table


def _display(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def _settings_from_table(table: dict[str, Any], path: Path) -> Settings:
    where = f"{_display(path)}: [tool.advise]"
    unknown = [key for key in table if key not in _KEYS]
    if unknown:
        raise ConfigError(f"{where} unknown key {unknown[0]!r} (known: {', '.join(_KEYS)})")
    settings = Settings(config_path=Path(os.path.abspath(path)), root=Path(os.path.abspath(path)).parent)
    if "select" in table:
        settings.select = _string_list(table["select"], where, "select")
    if "extend-select" in table:
        settings.extend_select = _string_list(table["extend-select"], where, "extend-select")
    if "ignore" in table:
        settings.ignore = _string_list(table["ignore"], where, "ignore")
    if "per-file-ignores" in table:
        settings.per_file_ignores = _per_file_ignores(table["per-file-ignores"], where)
    if "exclude" in table:
        settings.exclude = _string_list(table["exclude"], where, "exclude")
    if "extend-include" in table:
        settings.extend_include = _string_list(table["extend-include"], where, "extend-include")
    if "target" in table:
        settings.target = _target(table["target"], where)
    if "torch-version" in table:
        if not isinstance(table["torch-version"], str):
            raise ConfigError(f'{where} torch-version must be a string, e.g. "2.4"')
        settings.torch_version = table["torch-version"]
    if "unsafe-fixes" in table:
        if not isinstance(table["unsafe-fixes"], bool):
            raise ConfigError(f"{where} unsafe-fixes must be true or false")
        settings.unsafe_fixes = table["unsafe-fixes"]
    return settings


def _string_list(value: Any, where: str, key: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{where} {key} must be a list of strings")
    return list(value)


def _per_file_ignores(value: Any, where: str) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        raise ConfigError(f"{where} per-file-ignores must be a table of glob = [codes]")
    return {glob: _string_list(codes, where, f"per-file-ignores {glob!r}") for glob, codes in value.items()}


def _target(value: Any, where: str) -> str:
    # `target = 8.0` is a TOML float; a compute capability written that way is still meant.
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ConfigError(f'{where} target must be a string, e.g. "8.0" or "h100"')
    return str(value)
