"""`advise server` as an editor meets it: a real subprocess spoken to over its standard input and
output by pygls's own LSP client. Diagnostics follow the unsaved buffer, code actions' edits
fix or suppress what they say, notebooks are linted cell by cell, and no file is ever written."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any, Optional

import pytest

from conftest import FIXTURES, REPO

pytest.importorskip("pygls", reason="the language server needs the server extra, which the dev extra includes")

from lsprotocol import types  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

from torch_advise.lint.session import RunRequest, prepare, run  # noqa: E402
from torch_advise.server.documents import PythonFile  # noqa: E402
from torch_advise.server.lint import check  # noqa: E402
from torch_advise.server.positions import Text, replacement  # noqa: E402

# The longest any one answer may take: the first lint imports libcst, a second or so on a slow runner.
TIMEOUT = 60
TRAINER = (FIXTURES / "lint" / "core" / "trainer_class.py").read_text(encoding="utf-8")
SCALER_LINE = "        self.scaler = GradScaler()"
# The same line after a string whose emoji is two UTF-16 code units and one code point.
WIDE_SCALER_LINE = '        self.label = "é😀"; self.scaler = GradScaler()'
CONFIG = '[tool.advise]\ntarget = "h100"\ntorch-version = "2.13"\nextend-select = ["OPT001", "AMP001"]\n'


def utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


class Editor(LanguageClient):
    """An LSP client that keeps what the server publishes and how it ended."""

    def __init__(self) -> None:
        super().__init__("test-editor", "1")
        self.published: dict[str, asyncio.Queue[types.PublishDiagnosticsParams]] = defaultdict(asyncio.Queue)
        self.shown: list[str] = []
        self.returncode: Optional[int] = None

        @self.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            self.published[params.uri].put_nowait(params)

        @self.feature(types.WINDOW_SHOW_MESSAGE)
        def shown(params: types.ShowMessageParams) -> None:
            self.shown.append(params.message)

    async def server_exit(self, server: asyncio.subprocess.Process) -> None:
        self.returncode = server.returncode

    async def open(self, folder: Path, options: Any = None) -> None:
        await self.start_io(sys.executable, "-m", "torch_advise", "server", cwd=str(REPO))
        capabilities = types.ClientCapabilities(
            notebook_document=types.NotebookDocumentClientCapabilities(types.NotebookDocumentSyncClientCapabilities()),
        )
        await asyncio.wait_for(
            self.initialize_async(
                types.InitializeParams(
                    capabilities=capabilities,
                    workspace_folders=[types.WorkspaceFolder(folder.as_uri(), folder.name)],
                    initialization_options=options,
                )
            ),
            TIMEOUT,
        )
        self.initialized(types.InitializedParams())

    async def diagnostics(self, uri: str) -> list[types.Diagnostic]:
        """The next diagnostics published for the document."""
        return list((await asyncio.wait_for(self.published[uri].get(), TIMEOUT)).diagnostics)

    async def actions(self, uri: str, at: types.Range, only: Optional[list[str]] = None) -> list[types.CodeAction]:
        context = types.CodeActionContext(diagnostics=[], only=only)
        params = types.CodeActionParams(types.TextDocumentIdentifier(uri), at, context)
        found = await asyncio.wait_for(self.text_document_code_action_async(params), TIMEOUT)
        assert all(isinstance(action, types.CodeAction) for action in found or [])
        return list(found or [])

    async def close(self) -> None:
        """Shut down and exit, as the protocol says; the server must end on its own."""
        await asyncio.wait_for(self.shutdown_async(None), TIMEOUT)
        self.exit(None)
        await asyncio.wait_for(self.stop(), TIMEOUT)
        assert self.returncode == 0


def drive(scenario) -> None:
    """Run an editor's session against a fresh server; a server that hangs fails the test."""

    async def session() -> None:
        editor = Editor()
        try:
            await scenario(editor)
        finally:
            # pygls's client keeps the process it started to itself; a server left hanging by a
            # failed step must not outlive the test.
            if editor._server is not None and editor._server.returncode is None:
                editor._server.kill()

    asyncio.run(session())


def apply(text: str, edits: list[types.TextEdit]) -> str:
    """The text with LSP edits (UTF-16 columns) applied, as an editor applies them."""
    lines = re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", text) or [""]
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(position: types.Position) -> int:
        if position.line >= len(lines):
            return len(text)
        line, units, at = lines[position.line], 0, 0
        while at < len(line.rstrip("\r\n")) and units < position.character:
            units += utf16(line[at])
            at += 1
        return starts[position.line] + at

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


def relint(path: Path, text: str, fix: bool = False):
    """What `advise - --stdin-filename PATH --config CONFIG` finds in the text (and makes of it,
    with --fix), CONFIG being the workspace's, which the server must have found by itself."""
    request = RunRequest(stdin=text.encode("utf-8"), stdin_filename=str(path), fix=fix, config_file=str(path.parents[1] / "pyproject.toml"))
    results: list = []
    run(prepare(request), results.append)
    return results[0]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A workspace folder with its configuration and the trainer in a subfolder, outside any
    repository: only the workspace folder leads the lint to the configuration."""
    (tmp_path / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "train.py").write_text(TRAINER, encoding="utf-8")
    return tmp_path


def test_a_python_buffer_gets_diagnostics_fixes_and_suppressions_and_no_file_is_written(project):
    path = project / "src" / "train.py"
    uri = path.as_uri()
    buffer = TRAINER.replace(SCALER_LINE, WIDE_SCALER_LINE)
    line = buffer.splitlines().index(WIDE_SCALER_LINE)
    column = utf16(WIDE_SCALER_LINE[: WIDE_SCALER_LINE.index("GradScaler()")])
    expected = types.Range(types.Position(line, column), types.Position(line, column + len("GradScaler")))

    async def scenario(editor: Editor) -> None:
        await editor.open(project)
        editor.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "python", 1, buffer)))
        diagnostics = await editor.diagnostics(uri)
        scaler = [d for d in diagnostics if d.code == "AMP001" and d.range.start.line == line]
        assert len(scaler) == 1, diagnostics
        (shown,) = scaler
        assert shown.range == expected
        assert shown.source == "advise" and shown.severity == types.DiagnosticSeverity.Warning
        assert shown.code_description is not None and re.fullmatch(r"file://.*/AMP001-[a-z0-9-]+\.md", shown.code_description.href)
        # [tool.advise] of the workspace folder applies: OPT001 is opt-in.
        assert any(d.code == "OPT001" for d in diagnostics)

        actions = await editor.actions(uri, shown.range)
        titles = [action.title for action in actions]
        fix = next(action for action in actions if action.title.startswith("Fix AMP001"))
        assert fix.kind == types.CodeActionKind.QuickFix and fix.is_preferred
        # OPT001's fix is unsafe, and the client did not ask for unsafe fixes.
        assert not any(title.startswith("Fix OPT001") for title in titles)
        assert fix.edit is not None and set(fix.edit.changes or {}) == {uri}
        fixed = apply(buffer, list(fix.edit.changes[uri]))
        assert not [f for f in relint(path, fixed).findings if f.code == "AMP001"]
        assert 'self.scaler = GradScaler("cuda")' in fixed

        suppress = next(action for action in actions if action.title == "Suppress AMP001 on this line")
        assert suppress.edit is not None
        suppressed = apply(buffer, list(suppress.edit.changes[uri]))
        assert suppressed.splitlines()[line] == WIDE_SCALER_LINE + "  # advise: ignore[AMP001]"
        assert not [f for f in relint(path, suppressed).findings if f.code == "AMP001" and f.line == line + 1]

        (fix_all,) = await editor.actions(uri, shown.range, only=["source.fixAll"])
        assert fix_all.kind == "source.fixAll.advise" and fix_all.title == "Fix all safe fixes"
        assert fix_all.edit is not None
        assert apply(buffer, list(fix_all.edit.changes[uri])).encode() == relint(path, buffer, fix=True).fixed_source

        # The fixed text, sent as a change: the diagnostics follow it.
        editor.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=2, uri=uri), [types.TextDocumentContentChangeWholeDocument(fixed)],
        ))
        after = await editor.diagnostics(uri)
        assert not [d for d in after if d.code == "AMP001"]
        assert any(d.code == "OPT001" for d in after)
        editor.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri)))
        assert await editor.diagnostics(uri) == after
        editor.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))
        assert await editor.diagnostics(uri) == []
        await editor.close()

    drive(scenario)
    assert path.read_text(encoding="utf-8") == TRAINER
    assert sorted(p.name for p in project.rglob("*")) == ["pyproject.toml", "src", "train.py"]


def test_unsafe_fixes_are_offered_once_the_client_asks_for_them(project):
    # The project lets `advise --fix` apply unsafe fixes; the editor must still ask for them.
    (project / "pyproject.toml").write_text(CONFIG + "unsafe-fixes = true\n", encoding="utf-8")
    path = project / "src" / "train.py"
    uri = path.as_uri()

    async def scenario(editor: Editor) -> None:
        await editor.open(project)
        editor.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "python", 1, TRAINER)))
        (zero_grad,) = [d for d in await editor.diagnostics(uri) if d.code == "OPT001"]
        assert not [a for a in await editor.actions(uri, zero_grad.range) if a.title.startswith("Fix OPT001")]
        editor.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"advise": {"unsafeFixes": True}}))
        (fix,) = [a for a in await editor.actions(uri, zero_grad.range) if a.title.startswith("Fix OPT001")]
        assert fix.edit is not None and not fix.is_preferred
        assert "zero_grad(set_to_none=True)" in apply(TRAINER, list(fix.edit.changes[uri]))
        (fix_all,) = await editor.actions(uri, zero_grad.range, only=["source.fixAll.advise"])
        assert fix_all.title == "Fix all safe and unsafe fixes"
        # A buffer never saved is checked as a file in the workspace folder, with its configuration.
        editor.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem("untitled:Untitled-1", "python", 1, TRAINER)))
        assert any(d.code == "OPT001" for d in await editor.diagnostics("untitled:Untitled-1"))
        await editor.close()

    drive(scenario)
    assert path.read_text(encoding="utf-8") == TRAINER


NOTEBOOK_CELLS = [
    (types.NotebookCellKind.Markup, "markdown", "# Training\n"),
    (types.NotebookCellKind.Code, "python", "%matplotlib inline\nimport torch\n"),
    (types.NotebookCellKind.Code, "python", "from torch.cuda.amp import GradScaler\n\nscaler = GradScaler()\n"),
]


def test_a_notebook_document_is_linted_as_one_program_with_findings_in_their_cells(project):
    notebook = project / "train.ipynb"
    cells = [f"{notebook.as_uri()}#cell{index}" for index in range(len(NOTEBOOK_CELLS))]

    async def scenario(editor: Editor) -> None:
        await editor.open(project)
        shape = [types.NotebookCell(kind, uri) for (kind, _, _), uri in zip(NOTEBOOK_CELLS, cells)]
        texts = [types.TextDocumentItem(uri, language, 1, text) for (_, language, text), uri in zip(NOTEBOOK_CELLS, cells)]
        editor.notebook_document_did_open(
            types.DidOpenNotebookDocumentParams(types.NotebookDocument(notebook.as_uri(), "jupyter-notebook", 1, shape), texts)
        )
        published = {uri: await editor.diagnostics(uri) for uri in cells}
        assert published[cells[0]] == published[cells[1]] == []
        (scaler,) = published[cells[2]]
        assert scaler.code == "AMP001" and scaler.range == types.Range(types.Position(2, 9), types.Position(2, 19))

        actions = await editor.actions(cells[2], scaler.range)
        fix = next(action for action in actions if action.title.startswith("Fix AMP001"))
        assert fix.edit is not None and list(fix.edit.changes or {}) == [cells[2]]
        assert apply(NOTEBOOK_CELLS[2][2], list(fix.edit.changes[cells[2]])) == 'from torch.amp import GradScaler\n\nscaler = GradScaler("cuda")\n'
        suppress = next(action for action in actions if action.title == "Suppress AMP001 on this line")
        assert suppress.edit is not None
        assert apply(NOTEBOOK_CELLS[2][2], list(suppress.edit.changes[cells[2]])).splitlines()[2] == "scaler = GradScaler()  # advise: ignore[AMP001]"
        (fix_all,) = await editor.actions(cells[1], types.Range(types.Position(0, 0), types.Position(0, 0)), only=["source.fixAll"])
        assert fix_all.edit is not None and list(fix_all.edit.changes or {}) == [cells[2]]

        # The user edits the last cell: only what it now says is flagged.
        editor.notebook_document_did_change(types.DidChangeNotebookDocumentParams(
            types.VersionedNotebookDocumentIdentifier(version=2, uri=notebook.as_uri()),
            types.NotebookDocumentChangeEvent(cells=types.NotebookDocumentCellChanges(text_content=[
                types.NotebookDocumentCellContentChanges(
                    types.VersionedTextDocumentIdentifier(version=2, uri=cells[2]), [types.TextDocumentContentChangeWholeDocument("scaler = None\n")],
                ),
            ])),
        ))
        updated = {uri: await editor.diagnostics(uri) for uri in cells}
        assert updated == {uri: [] for uri in cells}
        await editor.close()

    drive(scenario)
    assert not notebook.exists()


def test_a_notebook_file_opened_as_text_gets_its_findings_where_the_json_holds_them(project):
    notebook = project / "train.ipynb"
    cells = [
        {"cell_type": "markdown" if kind == types.NotebookCellKind.Markup else "code", "id": str(index), "metadata": {},
         "source": text.splitlines(keepends=True)}
        for index, (kind, _, text) in enumerate(NOTEBOOK_CELLS)
    ]
    document = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    text = json.dumps(document, indent=1) + "\n"
    notebook.write_text(text, encoding="utf-8")
    row = next(number for number, line in enumerate(text.splitlines()) if "scaler = GradScaler()" in line)

    async def scenario(editor: Editor) -> None:
        await editor.open(project)
        editor.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(notebook.as_uri(), "json", 1, text)))
        flagged = [d for d in await editor.diagnostics(notebook.as_uri()) if d.range.start.line == row]
        assert [d.code for d in flagged] == ["AMP001"]
        column = text.splitlines()[row].index("GradScaler")
        assert flagged[0].range.start.character == column
        actions = await editor.actions(notebook.as_uri(), flagged[0].range)
        # A fix's edits are in the cells' text, not in the escaped JSON: the whole-file fix only.
        assert [action.kind for action in actions] == ["source.fixAll.advise"]
        assert actions[0].edit is not None
        fixed = apply(text, list(actions[0].edit.changes[notebook.as_uri()]))
        assert json.loads(fixed)["cells"][2]["source"] == ["from torch.amp import GradScaler\n", "\n", 'scaler = GradScaler("cuda")\n']
        await editor.close()

    drive(scenario)
    assert notebook.read_text(encoding="utf-8") == text


def test_a_configuration_that_cannot_run_is_shown_once_and_nothing_is_published(project):
    (project / "pyproject.toml").write_text('[tool.advise]\nselect = ["NOPE999"]\n', encoding="utf-8")
    uri = (project / "src" / "train.py").as_uri()

    async def scenario(editor: Editor) -> None:
        await editor.open(project)
        for version in (1, 2):
            if version == 1:
                editor.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "python", 1, TRAINER)))
            else:
                editor.text_document_did_change(types.DidChangeTextDocumentParams(
                    types.VersionedTextDocumentIdentifier(version=2, uri=uri), [types.TextDocumentContentChangeWholeDocument(TRAINER + "\n")],
                ))
            assert await editor.diagnostics(uri) == []
        assert len(editor.shown) == 1 and "NOPE999" in editor.shown[0]
        await editor.close()

    drive(scenario)


def test_a_buffer_with_a_coding_cookie_is_checked_in_the_encoding_it_declares(project):
    text = "# -*- coding: latin-1 -*-\n" + TRAINER.replace(SCALER_LINE, '        self.label = "é"; self.scaler = GradScaler()')
    checked = check(PythonFile("file:///train.py", str(project / "src" / "train.py"), text), [str(project)], None, fix_edits=True)
    (finding,) = [f for f in checked.findings if f.code == "AMP001" and "é" in f.source_line]
    assert finding.col == finding.source_line.index("GradScaler()") + 1
    assert checked.subject.source.decode("latin-1") == text


# ---- positions, without a server -----------------------------------------------------------------


def test_columns_are_counted_in_utf16_and_lines_end_only_at_line_breaks():
    text = Text('a = "😀"; b = 1\x0cc\r\nd\re\n', utf16)
    assert text.lines == ['a = "😀"; b = 1\x0cc', "d", "e", ""]
    assert text.position(1, 10) == types.Position(0, 10)  # `b`, after the emoji's two units
    assert text.position(3, 2) == types.Position(2, 1)
    assert text.position(9, 1) == types.Position(3, 0)  # past the end: the end
    # A client that negotiated UTF-8 positions counts bytes.
    assert Text('a = "😀"; b = 1', lambda s: len(s.encode("utf-8"))).position(1, 10) == types.Position(0, 12)


def test_a_replacement_spans_only_what_changed_and_never_half_a_crlf():
    old = Text("x = 1\r\ny = 2\r\n", utf16)
    edit = replacement(old, "x = 1\r\nz = 3\r\ny = 2\r\n")
    assert apply(old.text, [edit]) == "x = 1\r\nz = 3\r\ny = 2\r\n"
    assert edit.range.start == types.Position(1, 0)
    crlf = Text("a\r\nb", utf16)
    assert apply(crlf.text, [replacement(crlf, "a\nb")]) == "a\nb"


# ---- the command ---------------------------------------------------------------------------------


def test_without_pygls_the_command_names_the_extra_in_one_line():
    blocked = "import sys; sys.modules['pygls'] = None; sys.argv = ['advise', 'server']; from torch_advise.cli import run; run()"
    done = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["advise: error: advise server needs pygls and lsprotocol: pip install 'torch-advise[server]'"]


def test_checking_does_not_import_the_server():
    probe = (
        "import sys\nfrom torch_advise.cli import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygls', 'lsprotocol', 'torch')), file=sys.stderr)"
    )
    trainer = str(FIXTURES / "lint" / "core" / "trainer_class.py")
    done = subprocess.run([sys.executable, "-c", probe, trainer, "--no-cache"], capture_output=True, text=True, timeout=TIMEOUT)
    assert done.stderr.splitlines()[-1] == "[]"
