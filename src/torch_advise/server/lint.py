"""One lint of an editor's document, as `advise - --stdin-filename PATH` lints a buffer: the
configuration, per-file-ignores and project facts of PATH, the bytes from the editor, nothing
read from or written to PATH itself.

The lint runs in the workspace folder that holds the document, as an editor's `advise -` runs in
it: outside a repository, that folder bounds where [tool.advise] and the torch pin are looked
for (project_scope.py), whichever folder the client started the server in.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Optional

from torch_advise.finding import Finding
from torch_advise.lint.analysis.project import forget_project_reads
from torch_advise.lint.options import FileResult
from torch_advise.lint.session import RunRequest, prepare, run
from torch_advise.records import dataclass
from torch_advise.server.documents import Subject


@dataclass(frozen=True)
class Checked:
    subject: Subject
    findings: list[Finding]
    unsafe_fixes: bool  # the client's setting
    fixed_source: Optional[bytes]  # what --fix makes of the subject; None when not asked or nothing changed
    internal_error: Optional[str]

    def fixable(self, finding: Finding) -> bool:
        return finding.fix == "safe" or (finding.fix == "unsafe" and self.unsafe_fixes)


def check(subject: Subject, folders: Sequence[str], unsafe_fixes: bool, *, fix_edits: bool = False, fix: bool = False) -> Checked:
    """The subject's findings; with `fix_edits`, each fixable one with its own fix's edits (each
    fix applied alone, several times the lint's cost, so only for code actions); with `fix`,
    what --fix makes of the subject. `unsafe_fixes` is the editor's to give, whatever the
    project's `unsafe-fixes` says: that setting lets `advise --fix` apply them, and an editor
    would apply them at every save. Raises session.RunError for a configuration that cannot run."""
    request = RunRequest(stdin=subject.source, stdin_filename=subject.path, fix=fix, unsafe_fixes=unsafe_fixes, fix_edits=fix_edits)
    results: list[FileResult] = []
    forget_project_reads()
    with _working_in(_folder_of(subject.path, folders)):
        session = prepare(request)
        run(session, results.append)
    (result,) = results
    return Checked(
        subject, result.findings, session.unsafe_fixes, result.fixed_source if result.changed else None, result.internal_error
    )


def _folder_of(path: str, folders: Sequence[str]) -> Optional[str]:
    """The deepest workspace folder that holds the path."""
    return max((folder for folder in folders if _holds(folder, path)), key=len, default=None)


def _holds(folder: str, path: str) -> bool:
    folder = os.path.abspath(folder)
    try:
        return os.path.commonpath([folder, os.path.abspath(path)]) == folder
    except ValueError:  # on another drive
        return False


@contextmanager
def _working_in(folder: Optional[str]) -> Iterator[None]:
    if folder is None or not os.path.isdir(folder):
        yield
        return
    previous = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(previous)
