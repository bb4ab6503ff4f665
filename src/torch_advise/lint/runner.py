"""Lints a set of paths: finds the files, lints each, writes fixes, streams results in order."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Optional

from torch_advise.catalogue import Catalogue, UnknownRuleError
from torch_advise.config import Settings, codes_ignored_for
from torch_advise.finding import Finding
from torch_advise.lint.engine import FileResult, LintOptions, lint_source
from torch_advise.lint.files import PathError, discover
from torch_advise.lint.writer import read_source, write_atomic


def ignored_codes(catalogue: Catalogue, settings: Settings, path: Path) -> frozenset[str]:
    codes: set[str] = set()
    for selector in codes_ignored_for(settings, path):
        try:
            codes |= catalogue.matching(selector)
        except UnknownRuleError:
            continue
    return frozenset(codes)


def lint_file(path: Path, settings: Settings, options: LintOptions, write: bool = False) -> FileResult:
    """One file's result. With `write`, fixed bytes are written back atomically."""
    try:
        source = read_source(path)
    except PathError as error:
        finding = Finding(str(path), 1, 1, "E902", str(error), slug="io-error", severity="error")
        return FileResult(str(path), [finding], b"", parse_error=True)
    result = lint_source(str(path), source, options, ignored_codes(options.catalogue, settings, path))
    if write and result.changed:
        assert result.fixed_source is not None
        write_atomic(path, result.fixed_source)
    return result


def lint_files(
    paths: list[str], settings: Settings, options: LintOptions, write: bool = False, files: Optional[list[Path]] = None
) -> Iterator[FileResult]:
    for path in files if files is not None else discover(paths, settings):
        yield lint_file(path, settings, options, write)
