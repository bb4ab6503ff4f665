"""`advise server`: the language server's wiring to the protocol, on pygls.

Each open document is linted when it is opened, changed and saved, from the editor's text, and
its diagnostics are published. Code actions (actions.py) come from a lint that also works out
each finding's own fix, which costs several lints, so it runs only when an editor asks for
actions, and is kept while the text stays the same. A notebook document is linted whole and
its diagnostics are published for each cell (documents.py). Lints run one at a time, in the
order the editor's messages come.

Client settings, as initializationOptions or workspace/didChangeConfiguration settings, either
at the top level or in an "advise" section: `unsafeFixes` (boolean, default false) offers
fixes that may change what the program computes.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional, Union

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from torch_advise import __version__
from torch_advise.lint.files import is_notebook
from torch_advise.lint.session import RunError
from torch_advise.server.actions import KINDS, code_actions
from torch_advise.server.diagnostics import SOURCE, diagnostic
from torch_advise.server.documents import Cell, Notebook, NotebookFile, PythonFile, Subject
from torch_advise.server.lint import Checked, check
from torch_advise.server.positions import Text

_PYTHON = "python"


class AdviseServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            SOURCE,
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            notebook_document_sync=types.NotebookDocumentSyncOptions(
                notebook_selector=[
                    types.NotebookDocumentFilterWithCells(
                        cells=[types.NotebookCellLanguage(_PYTHON)], notebook="jupyter-notebook"
                    )
                ],
                save=True,
            ),
        )
        self.unsafe_fixes = False
        # For code actions, by the subject's URI: the last lint with each fix's edits, and the
        # last --fix; reused while the text is the same (an editor asks at every cursor move).
        self.with_edits: dict[str, Checked] = {}
        self.fixed: dict[str, Checked] = {}
        self.shown_error: Optional[str] = None
        self.shut_down = False

    def configure(self, options: Any) -> None:
        section = options.get(SOURCE, options) if isinstance(options, dict) else None
        if isinstance(section, dict) and isinstance(section.get("unsafeFixes"), bool):
            self.unsafe_fixes = section["unsafeFixes"]
            self.with_edits.clear()
            self.fixed.clear()

    # ---- what a URI is ------------------------------------------------------------------------

    def folders(self) -> list[str]:
        paths = [to_fs_path(folder.uri) for folder in self.workspace.folders.values()]
        found = [path for path in paths if path]
        return found or ([self.workspace.root_path] if self.workspace.root_path else [])

    def path(self, uri: str) -> str:
        """The file the document is checked as: its own path, or for a buffer never saved
        (untitled:Untitled-1), a file of its name in the first workspace folder."""
        path = to_fs_path(uri)
        if path:
            return path
        folders = self.folders()
        name = uri.rstrip("/").rpartition("/")[2].rpartition(":")[2] or "untitled"
        return os.path.join(folders[0] if folders else os.getcwd(), name)

    def subject(self, uri: str) -> Optional[Subject]:
        """What to lint for a document, a notebook or a notebook's cell; None for a document
        in another language."""
        notebook = self.workspace.get_notebook_document(notebook_uri=uri) or self.workspace.get_notebook_document(cell_uri=uri)
        if notebook is not None:
            return Notebook(notebook.uri, self.path(notebook.uri), tuple(self._cell(cell) for cell in notebook.cells))
        document = self.workspace.get_text_document(uri)
        path = self.path(uri)
        if is_notebook(Path(path)):
            return NotebookFile(uri, path, document.source)
        if document.language_id not in (None, "", _PYTHON):
            return None
        return PythonFile(uri, path, document.source)

    def _cell(self, cell: types.NotebookCell) -> Cell:
        document = self.workspace.get_text_document(cell.document)
        if cell.kind == types.NotebookCellKind.Markup:
            kind = "markdown"
        else:
            # A cell in another language (%%sql in some kernels, R) is no Python to check.
            kind = "code" if document.language_id in (None, "", _PYTHON) else "raw"
        return Cell(cell.document, kind, document.source)

    # ---- linting --------------------------------------------------------------------------------

    def lint(self, subject: Subject, fix_edits: bool = False, fix: bool = False) -> Optional[Checked]:
        """The subject's lint, or None when its configuration cannot run, which the user is told."""
        try:
            checked = check(subject, self.folders(), self.unsafe_fixes, fix_edits=fix_edits, fix=fix)
        except RunError as error:
            self.tell(f"advise: {error}")
            return None
        self.shown_error = None
        if checked.internal_error:
            self.tell(f"advise: {subject.path}: not checked, internal error ({checked.internal_error}); please report it")
        return checked

    def tell(self, message: str) -> None:
        """Log every error; show it once while it lasts, not at every keystroke."""
        self.window_log_message(types.LogMessageParams(types.MessageType.Error, message))
        if message != self.shown_error:
            self.shown_error = message
            self.window_show_message(types.ShowMessageParams(types.MessageType.Error, message))

    def publish(self, uri: str) -> None:
        subject = self.subject(uri)
        if subject is None:
            return
        checked = self.lint(subject)
        found: dict[str, list[types.Diagnostic]] = {document: [] for document in subject.texts}
        self.forget(subject.uri)
        if checked is not None:
            units = self.workspace.position_codec.client_num_units
            texts = {document: Text(text, units) for document, text in subject.texts.items()}
            for finding in checked.findings:
                place = subject.place(finding)
                if place is not None:
                    found[place[0]].append(diagnostic(finding, place, texts[place[0]]))
        for document, diagnostics in found.items():
            self.send(document, diagnostics)

    def send(self, uri: str, diagnostics: Optional[list[types.Diagnostic]] = None) -> None:
        """Publish the document's diagnostics; none clears them."""
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri, diagnostics or [], self.workspace.get_text_document(uri).version)
        )

    def forget(self, uri: str) -> None:
        self.with_edits.pop(uri, None)
        self.fixed.pop(uri, None)

    def current(self, subject: Subject, cache: dict[str, Checked], fix: bool) -> Optional[Checked]:
        """The lint of the subject as it is now: the cached one while its text is the same."""
        cached = cache.get(subject.uri)
        if cached is not None and cached.subject == subject:
            return cached
        checked = self.lint(subject, fix_edits=not fix, fix=fix)
        if checked is not None:
            cache[subject.uri] = checked
        return checked

    def actions(self, params: types.CodeActionParams) -> list[types.CodeAction]:
        subject = self.subject(params.text_document.uri)
        if subject is None:
            return []
        checked = self.current(subject, self.with_edits, fix=False)
        if checked is None:
            return []
        return code_actions(
            checked,
            params.text_document.uri,
            params.range,
            params.context.only,
            self.workspace.position_codec.client_num_units,
            lambda: self.current(subject, self.fixed, fix=True),
        )


def make_server() -> AdviseServer:
    server = AdviseServer()

    @server.feature(types.INITIALIZE)
    def initialize(ls: AdviseServer, params: types.InitializeParams) -> None:
        ls.configure(params.initialization_options)

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: AdviseServer, params: None) -> None:
        ls.shut_down = True

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def configuration(ls: AdviseServer, params: types.DidChangeConfigurationParams) -> None:
        ls.configure(params.settings)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def text_changed(
        ls: AdviseServer,
        params: Union[types.DidOpenTextDocumentParams, types.DidChangeTextDocumentParams, types.DidSaveTextDocumentParams],
    ) -> None:
        ls.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def text_closed(ls: AdviseServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.forget(params.text_document.uri)
        ls.send(params.text_document.uri)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    @server.feature(types.NOTEBOOK_DOCUMENT_DID_SAVE)
    def notebook_opened(ls: AdviseServer, params: Union[types.DidOpenNotebookDocumentParams, types.DidSaveNotebookDocumentParams]) -> None:
        ls.publish(params.notebook_document.uri)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def notebook_changed(ls: AdviseServer, params: types.DidChangeNotebookDocumentParams) -> None:
        structure = params.change.cells.structure if params.change.cells else None
        for removed in (structure.did_close or []) if structure else []:
            ls.send(removed.uri)
        ls.publish(params.notebook_document.uri)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def notebook_closed(ls: AdviseServer, params: types.DidCloseNotebookDocumentParams) -> None:
        ls.forget(params.notebook_document.uri)
        for cell in params.cell_text_documents:
            ls.send(cell.uri)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(code_action_kinds=list(KINDS)))
    def code_action(ls: AdviseServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        return ls.actions(params)

    return server


def serve() -> int:
    """Serve one client on standard input and output until it says exit; the exit code the
    protocol asks for: 0 after a shutdown request, else 1 (the client went away, or said exit
    without shutdown)."""
    server = make_server()
    server.start_io()
    return 0 if server.shut_down else 1
