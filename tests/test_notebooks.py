"""Jupyter notebooks: code cells checked as one program, findings placed in cells in every
output format, IPython's own lines masked, and fixes written into the changed cells alone.

For each fixtures/notebooks/NAME.ipynb:
- NAME.expected holds every finding, one `cell N:line:col: CODE message` per line;
- NAME.fixed.ipynb holds the notebook after `--fix --unsafe-fixes`.
argparse_epochs.ipynb holds fixtures/lint/loading/argparse_epochs.py cut into cells, so its
findings are the script's. Set ADVISE_UPDATE_GOLDEN=1 to rewrite the golden files after a
deliberate change, then review the diff.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from torch_advise.catalogue import load_catalogue
from torch_advise.config import Settings
from torch_advise.lint.magics import mask
from torch_advise.lint.notebook import code_sources, read_notebook
from torch_advise.lint.notebook_json import source_values
from torch_advise.lint.notebook_lint import lint_notebook
from torch_advise.lint.options import FileResult, FixMode, LintOptions
from torch_advise.lint.runner import lint_files
from torch_advise.lint.splice import Region

from conftest import FIXTURES, REPO, lint_text, make_target, run_advise

NOTEBOOKS = FIXTURES / "notebooks"
SOURCES = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if not p.name.endswith(".fixed.ipynb"))
SCRIPT = FIXTURES / "lint" / "loading" / "argparse_epochs.py"
UPDATE = os.environ.get("ADVISE_UPDATE_GOLDEN") == "1"
TARGET = ("--target", "a100", "--torch-version", "2.13")


def options(select=("ALL",), fix=None) -> LintOptions:
    catalogue = load_catalogue()
    return LintOptions(catalogue, frozenset(catalogue.select(list(select), None)), make_target(), FixMode(fix) if fix else None)


def lint(raw: bytes, *, select=("ALL",), fix=None, path="train.ipynb") -> FileResult:
    return lint_notebook(path, raw, options(select, fix))


def notebook(*cells: str, kind: str = "code") -> bytes:
    """A notebook as Jupyter writes it, one code cell per source."""
    document = {
        "cells": [
            {"cell_type": kind, "execution_count": None, "id": f"id-{i}", "metadata": {}, "outputs": [], "source": source.splitlines(keepends=True)}
            for i, source in enumerate(cells)
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return (json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode()


def _render(findings) -> str:
    return "".join(f"cell {f.cell}:{f.line}:{f.col}: {f.code} {f.message}\n" for f in findings)


def _compare(path: Path, actual: bytes) -> None:
    if UPDATE:
        path.write_bytes(actual)
        return
    assert path.exists(), f"missing golden file {path.relative_to(FIXTURES)}"
    assert actual == path.read_bytes()


def _without_code(document: dict) -> dict:
    """The notebook with its code cells' sources left out: what a fix must never change."""
    cells = [{key: value for key, value in cell.items() if not (key == "source" and cell["cell_type"] == "code")} for cell in document["cells"]]
    return {**document, "cells": cells}


def _outside_sources(text: str, changed: set[int]) -> str:
    """The file's text with the source values of the changed cells cut out."""
    values = source_values(text)
    pieces, at = [], 0
    for index in sorted(changed):
        value = values[index]
        assert value is not None
        pieces.append(text[at : value.start])
        at = value.end
    return "\0".join([*pieces, text[at:]])


# -- golden: findings and fixes --------------------------------------------------------------


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_findings_match_golden(source: Path):
    result = lint(source.read_bytes())
    assert all(f.cell for f in result.findings)
    _compare(source.with_suffix(".expected"), _render(result.findings).encode())


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_fix_changes_only_code_cells_keeps_every_other_byte_and_is_idempotent(source: Path):
    raw = source.read_bytes()
    result = lint(raw, fix="unsafe")
    assert result.changed and result.fixed_source is not None
    fixed = result.fixed_source
    _compare(source.with_name(source.stem + ".fixed.ipynb"), fixed)
    before, after = json.loads(raw), json.loads(fixed)
    assert _without_code(after) == _without_code(before)
    changed = {i for i, (old, new) in enumerate(zip(before["cells"], after["cells"])) if old != new}
    assert changed and all(before["cells"][i]["cell_type"] == "code" for i in changed)
    # Indent, key order, escapes, the final line break: all of it as it was, byte for byte.
    assert _outside_sources(fixed.decode(), changed) == _outside_sources(raw.decode(), changed)
    again = lint(fixed, fix="unsafe")
    assert not again.changed, "a second --fix changed the notebook again"
    assert all(f.fix is None for f in again.findings), "fixable findings remain after --fix"


def test_the_notebook_is_the_fixture_script_cut_into_cells():
    assert read_notebook((NOTEBOOKS / "argparse_epochs.ipynb").read_bytes()).program == SCRIPT.read_bytes()


def test_findings_are_the_scripts_placed_in_cells():
    raw = (NOTEBOOKS / "argparse_epochs.ipynb").read_bytes()
    cells = json.loads(raw)["cells"]
    first_lines, line = {}, 1
    for number, cell in enumerate(cells, 1):
        if cell["cell_type"] == "code":
            source = "".join(cell["source"])
            first_lines[number] = line
            line += source.count("\n") + (not source.endswith("\n"))

    def in_script(f):
        start = first_lines[f.cell] - 1
        return (f.code, f.message, f.line + start, f.col, f.end_line + start, f.end_col)

    from_notebook = [in_script(f) for f in lint(raw).findings]
    script = lint_text(SCRIPT.read_text(), target=make_target(), path=SCRIPT.name)
    from_script = [(f.code, f.message, f.line, f.col, f.end_line, f.end_col) for f in script.findings]
    assert from_notebook == from_script
    assert [f.code for f in lint(raw).findings] == ["DL003", "DL004"]


def test_the_fixed_notebook_holds_the_fixed_script():
    fixed = (NOTEBOOKS / "argparse_epochs.fixed.ipynb").read_bytes()
    assert read_notebook(fixed).program == SCRIPT.with_name("argparse_epochs.fixed.py").read_bytes()


def test_loader_built_in_one_cell_and_iterated_in_another_is_one_loader():
    raw = notebook(
        "import torch\nfrom torch.utils.data import DataLoader",
        "loader = DataLoader(dataset, batch_size=32, num_workers=4, pin_memory=True)",
        "for epoch in range(10):\n    for x, y in loader:\n        model(x.cuda()).sum().backward()\n        optimizer.step()",
    )
    (finding,) = lint(raw, select=["DL003"]).findings
    assert (finding.cell, finding.cell_id, finding.line, finding.col) == (2, "id-1", 1, 10)


# -- output formats --------------------------------------------------------------------------


@pytest.fixture
def project(tmp_path):
    (tmp_path / "train.ipynb").write_bytes((NOTEBOOKS / "argparse_epochs.ipynb").read_bytes())
    return tmp_path


def test_text_names_the_cell_as_ruff_does(project):
    result = run_advise("train.ipynb", "--select", "DL003,DL004", "--format", "concise", *TARGET, cwd=project)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].startswith("train.ipynb:cell 7:2:16: DL003 DataLoader workers are shut down")
    assert lines[2].startswith("train.ipynb:cell 7:10:97: DL004 prefetch_factor is set")


def test_full_text_shows_the_cells_line(project):
    result = run_advise("train.ipynb", "--select", "DL004", "--format", "full", *TARGET, cwd=project)
    assert "10 | val_loader = DataLoader(" in result.stdout


def test_json_carries_the_cell_its_id_and_edits_in_the_cells_lines(project):
    result = run_advise("train.ipynb", "--select", "DL003,DL004", "--format", "json", *TARGET, cwd=project)
    findings = json.loads(result.stdout)["findings"]
    assert [(f["code"], f["cell"], f["cell_id"], f["line"], f["col"]) for f in findings] == [
        ("DL003", 7, "cell-5", 2, 16),
        ("DL004", 7, "cell-5", 10, 97),
    ]
    source = "".join(json.loads((project / "train.ipynb").read_text())["cells"][6]["source"])
    fixed_cell = code_sources((NOTEBOOKS / "argparse_epochs.fixed.ipynb").read_bytes())[6]
    lines = source.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    edits = sorted((e for f in findings for e in f["edits"]), key=lambda e: (e["location"]["row"], e["location"]["column"]), reverse=True)
    assert {e["cell"] for e in edits} == {7}
    for edit in edits:
        start = starts[edit["location"]["row"] - 1] + edit["location"]["column"] - 1
        end = starts[edit["end_location"]["row"] - 1] + edit["end_location"]["column"] - 1
        source = source[:start] + edit["content"] + source[end:]
    assert source == fixed_cell


def test_json_of_a_script_says_it_is_in_no_cell(tmp_path):
    (tmp_path / "train.py").write_text(SCRIPT.read_text())
    findings = json.loads(run_advise("train.py", "--select", "DL004", "--format", "json", *TARGET, cwd=tmp_path).stdout)["findings"]
    assert findings[0]["cell"] is None and findings[0]["cell_id"] is None




def _file_text_at(path: Path, line: int, column: int, end_column: int) -> str:
    return path.read_text(encoding="utf-8").splitlines()[line - 1][column - 1 : end_column - 1]


def test_sarif_validates_points_into_the_notebook_file_and_names_the_cell(project, sarif_validator):
    result = run_advise("train.ipynb", "--select", "DL004", "--format", "sarif", *TARGET, cwd=project)
    document = json.loads(result.stdout)
    sarif_validator.validate(document)
    (finding,) = document["runs"][0]["results"]
    location = finding["locations"][0]
    assert location["physicalLocation"]["artifactLocation"] == {"uri": "train.ipynb", "uriBaseId": "%SRCROOT%"}
    region = location["physicalLocation"]["region"]
    # The region is where the flagged code is written in the file: inside its JSON string.
    assert _file_text_at(project / "train.ipynb", region["startLine"], region["startColumn"], region["endColumn"]) == "args.prefetch"
    assert location["properties"] == {
        "cell": 7, "cellId": "cell-5", "cellRegion": {"startLine": 10, "startColumn": 97, "endLine": 10, "endColumn": 110},
    }
    assert "fixes" not in finding


def test_github_annotations_sit_on_the_notebook_file_where_the_code_is_written(project):
    result = run_advise("train.ipynb", "--select", "DL004", "--format", "github", *TARGET, cwd=project)
    (line,) = result.stdout.splitlines()
    fields = dict(re.findall(r"(\w+)=([^,:]+)", line.split("::")[1]))
    assert fields["file"] == "train.ipynb" and fields["title"] == "DL004"
    assert _file_text_at(project / "train.ipynb", int(fields["line"]), int(fields["col"]), int(fields["endColumn"])) == "args.prefetch"
    assert line.split("::", 2)[2].startswith("cell 7:10:97: prefetch_factor is set")


def test_diff_shows_each_changed_cell_and_writes_nothing(project):
    before = (project / "train.ipynb").read_bytes()
    result = run_advise("train.ipynb", "--select", "DL003", "--diff", "--unsafe-fixes", *TARGET, cwd=project)
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith("--- a/train.ipynb:cell 7\n+++ b/train.ipynb:cell 7\n")
    assert "+    persistent_workers=args.workers > 0,\n" in result.stdout
    assert (project / "train.ipynb").read_bytes() == before


def test_fix_writes_the_notebook_and_a_second_run_changes_nothing(project):
    first = run_advise("train.ipynb", "--fix", "--unsafe-fixes", "--select", "DL003,DL004", *TARGET, cwd=project)
    assert first.returncode == 0, first.stdout + first.stderr
    assert (project / "train.ipynb").read_bytes() == (NOTEBOOKS / "argparse_epochs.fixed.ipynb").read_bytes()
    second = run_advise("train.ipynb", "--fix", "--unsafe-fixes", "--select", "DL003,DL004", *TARGET, cwd=project)
    assert second.returncode == 0 and "Fixed" not in second.stdout
    assert (project / "train.ipynb").read_bytes() == (NOTEBOOKS / "argparse_epochs.fixed.ipynb").read_bytes()


def test_standard_input_is_a_notebook_when_its_name_says_so():
    raw = (NOTEBOOKS / "argparse_epochs.ipynb").read_text()
    result = run_advise("-", "--stdin-filename", "train.ipynb", "--fix", "--unsafe-fixes", "--select", "DL003,DL004", *TARGET, stdin=raw)
    assert result.stdout == (NOTEBOOKS / "argparse_epochs.fixed.ipynb").read_text()


# -- IPython's lines -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "%time step()", "%matplotlib inline", "!pip install torch", "!!ls", "files = !ls", "a, b = %sx ls", "t = %timeit -o f()",
        "?torch", "torch.nn?", "np.*load*??", "%%time",
    ],
)
def test_ipython_lines_are_masked_keeping_the_line(line):
    masked = mask(f"x = 1\n{line}\ny = 2")
    assert masked.text == "x = 1\n#\ny = 2" and masked.lines == {2}


def test_a_magic_inside_a_block_becomes_pass_and_one_continued_with_a_backslash_goes_with_it():
    masked = mask("for i in range(3):\n    !pip install \\\n        torch\n    y = i")
    assert masked.text == "for i in range(3):\n    pass\n    pass\n    y = i"
    assert masked.lines == {2, 3}


@pytest.mark.parametrize(
    "source",
    [
        "y = a % b",
        "x = 1  # what?",
        "ok = a != b",
        's = """\n%not a magic\n!nor this\n"""',
        "f(a,\n  %b)",
        "x = 1 + \\\n  !y",
        "text = 'why?'",
    ],
)
def test_python_is_never_masked(source):
    assert mask(source).text == source and not mask(source).lines


def test_a_cell_magic_of_another_interpreter_masks_the_cell_and_one_that_runs_python_its_first_line():
    bash = mask("%%bash\nDataLoader(x).cuda()\n")
    assert bash.foreign and bash.lines == {1, 2} and bash.text == "#\n#\n"
    timed = mask("%%time\nfor x in loader:\n    x.cuda()")
    assert not timed.foreign and timed.lines == {1} and timed.text == "#\nfor x in loader:\n    x.cuda()"


def test_magics_neither_hide_findings_nor_are_touched_by_fixes():
    raw = (NOTEBOOKS / "magics.ipynb").read_bytes()
    findings = lint(raw).findings
    assert {(f.code, f.cell, f.line) for f in findings} >= {("DL002", 3, 4), ("OPT001", 4, 6)}
    # The suppression comment in cell 3 still suppresses; the %%bash cell's text is not code.
    assert not [f for f in findings if (f.cell, f.line) == (3, 3) or f.cell == 6]
    assert all(f.cell_id == "" for f in findings), "nbformat 4.4 cells have no id"
    before, after = code_sources(raw), code_sources(lint(raw, fix="unsafe").fixed_source or b"")
    for index, source in before.items():
        magic_lines = [line for line in source.splitlines() if line.lstrip().startswith(("%", "!", "?")) or line.endswith("?")]
        assert all(line in after[index].splitlines() for line in magic_lines)


def test_a_fix_into_a_masked_line_or_a_foreign_cell_is_not_admitted():
    notebook_ = read_notebook(notebook("import torch", "%time x = 1\ny = 2", "%%bash\nls"))
    program, cells = notebook_.program, notebook_.cells
    magic = program.index(b"#")
    assert not cells.admits(program, [Region(magic, magic + 1, b"x")])
    assert not cells.admits(program, [Region(magic + 1, magic + 1, b"x")]), "an insertion inside the masked line"
    assert cells.admits(program, [Region(magic, magic, b"z = 0\n")]), "an insertion before it"
    bash = program.rindex(b"#")
    assert not cells.admits(program, [Region(bash - 1, bash - 1, b"\nz = 0")])
    assert not cells.admits(program, [Region(bash, bash, b"z = 0\n")])


# -- fixes and cell boundaries ---------------------------------------------------------------

SETUP = 'import torch\n\nscaler = torch.amp.GradScaler("cuda")\nmodel = torch.nn.Linear(2, 2).cuda()\noptimizer = torch.optim.SGD(model.parameters())'
LOOP = (
    "for inputs, targets in batches:\n    loss = torch.nn.functional.mse_loss(model(inputs), targets)\n"
    "    scaler.scale(loss).backward()\n    scaler.update()"
)


def test_a_fix_that_would_move_code_across_a_cell_boundary_is_withheld():
    across = notebook(SETUP, LOOP, "    scaler.step(optimizer)")
    result = lint(across, select=["AMP004"], fix="unsafe")
    (finding,) = result.findings
    assert finding.code == "AMP004" and finding.fix is None
    assert not result.changed
    within = notebook(SETUP, LOOP + "\n    scaler.step(optimizer)")
    (finding,) = lint(within, select=["AMP004"]).findings
    assert finding.fix == "unsafe"
    fixed = lint(within, select=["AMP004"], fix="unsafe").fixed_source or b""
    assert code_sources(fixed)[1].endswith("    scaler.step(optimizer)\n    scaler.update()")


def test_a_fix_beside_a_magic_leaves_the_magic_where_it_was():
    cell = "loss = model(batch).sum()\nscaler.scale(loss).backward()\n%time x = 1\nscaler.update()\nscaler.step(optimizer)"
    fixed = lint(notebook(SETUP, cell), select=["AMP004"], fix="unsafe").fixed_source or b""
    assert code_sources(fixed)[1] == cell.replace("scaler.update()\nscaler.step(optimizer)", "scaler.step(optimizer)\nscaler.update()")


# -- what cannot be read ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ('{"cells": [', "invalid JSON (Expecting value at line 1 column 12)"),
        ('{"nbformat": 3, "worksheets": []}', "nbformat 3, and advise reads nbformat 4"),
        ('{"nbformat": 4, "metadata": {}}', "not a Jupyter notebook (no list of cells)"),
        ('[1, 2]', "not a Jupyter notebook (the JSON is not an object)"),
        ('{"nbformat": 4, "cells": [{"cell_type": "code", "source": 3}]}', "cell 1: its source is neither a string nor a list of strings"),
    ],
)
def test_a_malformed_notebook_is_a_one_line_error_and_never_written(tmp_path, content, says):
    (tmp_path / "broken.ipynb").write_text(content)
    result = run_advise("broken.ipynb", "--fix", "--format", "concise", "-q", cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stdout.startswith(f"broken.ipynb:1:1: E902 notebook not checked: {says}") and result.stdout.count("\n") == 1
    assert (tmp_path / "broken.ipynb").read_text() == content


def test_a_notebook_without_code_cells_has_no_findings(tmp_path):
    (tmp_path / "notes.ipynb").write_bytes(notebook("# Notes\nDataLoader(x).cuda()", kind="markdown"))
    result = run_advise("notes.ipynb", "--select", "ALL", cwd=tmp_path)
    assert result.returncode == 0 and "All checks passed." in result.stdout


def test_a_cell_python_refuses_is_named_even_where_the_next_cell_reads_on():
    (finding,) = lint(notebook("import torch", "x = (1,", "def f():\n    pass")).findings
    assert (finding.code, finding.cell, finding.line) == ("E999", 2, 1)


def test_a_fix_that_would_not_read_back_is_not_written(tmp_path, monkeypatch):
    import torch_advise.lint.notebook as notebook_module

    path = tmp_path / "train.ipynb"
    path.write_bytes((NOTEBOOKS / "argparse_epochs.ipynb").read_bytes())
    monkeypatch.setattr(notebook_module, "written_source", lambda text, value, old, new: ('"something else"', new))
    (result,) = lint_files([str(path)], Settings(root=tmp_path), options(["DL004"], fix="unsafe"), write=True)
    assert result.internal_error and "would not read back" in result.internal_error
    assert path.read_bytes() == (NOTEBOOKS / "argparse_epochs.ipynb").read_bytes()


# -- files, settings, cache, hooks, probe ----------------------------------------------------


def test_a_folder_walk_checks_notebooks_with_their_excludes_and_per_file_ignores(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.advise]\nselect = ["DL003", "DL004"]\nexclude = ["drafts"]\nper-file-ignores = { "nb/*.ipynb" = ["DL004"] }\n'
        'extend-include = ["*.pyw"]\n'
    )
    for folder in ("nb", "drafts", "other"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "train.ipynb").write_bytes((NOTEBOOKS / "argparse_epochs.ipynb").read_bytes())
    (tmp_path / "other" / "gui.pyw").write_text(SCRIPT.read_text())
    result = run_advise(".", "--format", "concise", "-q", *TARGET, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert [line.split(": ")[0] for line in result.stdout.splitlines()] == [
        "nb/train.ipynb:cell 7:2:16",
        "other/gui.pyw:32:16",
        "other/gui.pyw:40:97",
        "other/train.ipynb:cell 7:2:16",
        "other/train.ipynb:cell 7:10:97",
    ]


def test_the_cache_answers_an_unchanged_notebook_with_its_cells(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    import torch_advise.lint.notebook_lint as notebook_lint

    project = tmp_path / "project"
    project.mkdir()
    (project / "train.ipynb").write_bytes((NOTEBOOKS / "argparse_epochs.ipynb").read_bytes())
    calls = []
    original = notebook_lint.lint_notebook

    def counting(*args, **kwargs):
        calls.append(args[0])
        return original(*args, **kwargs)

    monkeypatch.setattr(notebook_lint, "lint_notebook", counting)
    runs = [list(lint_files([str(project)], Settings(root=project), options(["DL003", "DL004"]), cache=True)) for _ in range(2)]
    assert len(calls) == 1, "the second run read the notebook again"
    assert runs[0][0].findings == runs[1][0].findings
    assert [(f.cell, f.cell_id, f.file_region != ()) for f in runs[1][0].findings] == [(7, "cell-5", True), (7, "cell-5", True)]


def test_a_walk_reads_a_notebooks_code_for_the_words_its_rules_need(tmp_path, monkeypatch):
    import torch_advise.lint.notebook_lint as notebook_lint

    # In the JSON, the one `DataLoader` follows the escape `\n`: no whole word of the file.
    document = json.loads(notebook("print(1)"))
    document["cells"][0]["source"] = "from torch.utils.data import *\nDataLoader(dataset).cuda()"
    (tmp_path / "train.ipynb").write_text(json.dumps(document))
    (tmp_path / "other.ipynb").write_bytes(notebook("print('no loader here')"))
    calls = []
    original = notebook_lint.lint_notebook
    monkeypatch.setattr(notebook_lint, "lint_notebook", lambda *args, **kwargs: calls.append(Path(args[0]).name) or original(*args, **kwargs))
    list(lint_files([str(tmp_path)], Settings(root=tmp_path), options(["DL"])))
    assert calls == ["train.ipynb"]


def test_the_pre_commit_hooks_take_notebooks():
    hooks = (REPO / ".pre-commit-hooks.yaml").read_text()
    assert hooks.count("types_or: [python, jupyter]") == 2 and "types: [python]" not in hooks


def test_probe_says_it_runs_scripts_and_how_to_convert_a_notebook(tmp_path):
    (tmp_path / "train.ipynb").write_bytes(notebook("print(1)"))
    result = run_advise("probe", "train.ipynb", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "jupyter nbconvert --to script train.ipynb" in result.stderr


@pytest.mark.slow
def test_the_pre_commit_hooks_check_and_fix_a_notebook(tmp_path):
    pytest.importorskip("pre_commit", reason="pre-commit is not installed")
    from test_precommit import _git, _hook_section, _snapshot_of_working_tree, _try_repo

    hooks_repo = _snapshot_of_working_tree(tmp_path / "torch-advise")
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text('[tool.advise]\nselect = ["DL003", "DL004"]\nunsafe-fixes = true\n')
    (project / "train.ipynb").write_bytes((NOTEBOOKS / "argparse_epochs.ipynb").read_bytes())
    _git("init", "-q", cwd=project)
    _git("add", "-A", cwd=project)

    done = _try_repo(hooks_repo, project, tmp_path / "pre-commit-home")

    assert done.returncode == 1, done.stdout + done.stderr
    assert "train.ipynb:cell 7:2:16: DL003" in _hook_section(done.stdout, "advise")
    assert "Fixed 2 findings in 1 file." in _hook_section(done.stdout, "advise-fix")
    assert (project / "train.ipynb").read_bytes() == (NOTEBOOKS / "argparse_epochs.fixed.ipynb").read_bytes()
