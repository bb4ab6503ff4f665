"""Bad input as users produce it: one clear line and a documented exit code, never a traceback,
a hang or a crash, and nothing the user had is lost."""

from __future__ import annotations

import ast
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest

from conftest import REPO, run_advise

TRAIN = '''import torch
from torch.utils.data import DataLoader


def train(model, dataset, optimizer):
    loader = DataLoader(dataset, batch_size=32)
    for x, y in loader:
        optimizer.zero_grad(set_to_none=False)  # réinitialise
        loss = torch.nn.functional.mse_loss(model(x.cuda()), y.cuda())
        loss.backward()
        optimizer.step()
'''
FIXED_LINE = "optimizer.zero_grad(set_to_none=True)"
# DL002's and OPT001's fixes are unsafe: --unsafe-fixes lets --fix and --diff apply them.
CORE = ["--target", "a100", "--torch-version", "2.13", "--select", "DL001,DL002,OPT001", "--unsafe-fixes", "--no-cache", "-j", "1"]


def one_line_error(result: subprocess.CompletedProcess) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def without_dac_override(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """The CLI as a user for whom file permissions hold (root keeps CAP_DAC_OVERRIDE)."""
    command = [sys.executable, "-m", "torch_advise", *args]
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("needs setpriv to drop root's override of file permissions")
        drop = "-dac_override,-dac_read_search"
        command = ["setpriv", "--bounding-set", drop, "--inh-caps", drop, "--", *command]
    env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(REPO / "src")}
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    "source",
    [
        pytest.param("x = " + "(" * 2000 + "1" + ")" * 2000 + "\n", id="parentheses-2000-deep"),
        pytest.param("x = " + "[" * 300 + "]" * 300 + "\n", id="lists-300-deep"),
    ],
)
def test_nesting_python_refuses_is_a_syntax_error_not_a_crash(tmp_path, source):
    (tmp_path / "deep.py").write_text(source)
    result = run_advise("deep.py", *CORE, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "deep.py:1:205: E999" in result.stdout and "too many nested parentheses" in result.stdout


@pytest.mark.parametrize(
    "source",
    [
        pytest.param("x = " + "[" * 199 + "]" * 199 + "\n", id="lists-199-deep"),
        pytest.param("x = 1" + " + 1" * 1500 + "\n", id="sum-of-1500-terms"),
    ],
)
def test_deep_code_python_accepts_is_checked(tmp_path, source):
    (tmp_path / "deep.py").write_text(source + TRAIN)
    result = run_advise("deep.py", *CORE, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "DL001" in result.stdout and "internal error" not in result.stderr


@pytest.mark.parametrize("special", ["fifo", "device"])
def test_a_named_path_that_is_not_a_regular_file_is_refused_not_read_forever(tmp_path, special):
    if special == "fifo":
        os.mkfifo(tmp_path / "pipe.py")
        name = "pipe.py"
    else:
        name = os.devnull
    result = run_advise(name, *CORE, cwd=tmp_path)
    assert result.returncode == 2
    assert one_line_error(result) == f"advise: error: {name}: not a regular file"


def test_a_folder_that_cannot_be_listed_is_reported_and_the_rest_is_still_checked(tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    closed = tmp_path / "closed"
    closed.mkdir()
    closed.chmod(0)
    try:
        result = without_dac_override(".", *CORE, cwd=tmp_path)
    finally:
        closed.chmod(0o755)
    assert result.returncode == 2
    assert "closed:1:1: E902 closed: Permission denied; nothing in it was checked" in result.stdout
    assert "train.py:6:14: DL001" in result.stdout
    assert "Traceback" not in result.stderr


def test_a_looping_link_and_a_fifo_in_a_folder_are_reported_and_the_rest_is_still_checked(tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    (tmp_path / "one.py").symlink_to("two.py")
    (tmp_path / "two.py").symlink_to("one.py")
    (tmp_path / "gone.py").symlink_to("nowhere.py")
    os.mkfifo(tmp_path / "pipe.py")
    result = run_advise(".", *CORE, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "one.py:1:1: E902 one.py: Too many levels of symbolic links" in result.stdout
    assert "two.py:1:1: E902 two.py: Too many levels of symbolic links" in result.stdout
    assert "pipe.py:1:1: E902 pipe.py: not a regular file" in result.stdout
    assert "gone.py" not in result.stdout  # a link to nothing holds no file to check
    assert "train.py:6:14: DL001" in result.stdout
    assert result.stderr == ""


def test_a_chain_python_refuses_is_named_not_checked_and_the_rest_is_checked_within_seconds(tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    # "DataLoader" lets the chain through the pre-filter, as a real one would get through.
    (tmp_path / "chain.py").write_text("x = DataLoader" + ".b" * 12_000 + "\n")
    (tmp_path / "sum.py").write_text("loss = " + " + ".join(["backward"] * 20_000) + "\n")
    # The same sum over many short lines, inside brackets or joined by backslashes.
    (tmp_path / "lines.py").write_text("loss = (backward\n" + "+ b\n" * 20_000 + ")\n")
    (tmp_path / "joined.py").write_text("loss = backward \\\n" + "+ b \\\n" * 20_000 + "+ b\n")
    started = time.monotonic()
    result = run_advise(".", *CORE, "-j", "2", cwd=tmp_path)
    assert time.monotonic() - started < 60
    assert result.returncode == 1, result.stderr
    refused = "E999 file could not be parsed, nothing checked: an expression nested deeper than Python's own parser accepts"
    assert f"chain.py:1:1: {refused}" in result.stdout
    for name in ("sum.py", "lines.py", "joined.py"):
        assert f"{name}:1:1: {refused}" in result.stdout
    assert "train.py:6:14: DL001" in result.stdout


def test_a_file_over_the_size_budget_is_named_not_checked_and_the_rest_is_checked(tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    row = "    [" + ", ".join(["0.125"] * 16) + "],\n"
    (tmp_path / "table.py").write_text("from torch.utils.data import DataLoader\nTABLE = [\n" + row * 48_000 + "]\n")
    result = run_advise(".", *CORE, "--format", "sarif", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    results = json.loads(result.stdout)["runs"][0]["results"]
    found = {(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]) for r in results}
    assert ("E903", "table.py") in found and ("DL001", "train.py") in found
    message = next(r["message"]["text"] for r in results if r["ruleId"] == "E903")
    size = (tmp_path / "table.py").stat().st_size / 2**20
    assert message == f"file not checked: {size:.1f} MiB, more than the 4 MiB one file may have"


def test_an_unknown_coding_cookie_is_reported_at_column_1(tmp_path):
    (tmp_path / "train.py").write_bytes(b"# -*- coding: klingon -*-\nx = 1\n")
    result = run_advise("train.py", "--format", "json", "--no-cache", cwd=tmp_path)
    finding = json.loads(result.stdout)["findings"][0]
    assert (finding["code"], finding["line"], finding["col"]) == ("E999", 1, 1)
    assert "unknown encoding: klingon" in finding["message"]


def test_a_cr_only_file_keeps_its_last_line_ending_when_fixed(tmp_path):
    (tmp_path / "train.py").write_bytes(b"import torch\rwith torch.cuda.amp.autocast():\r    pass\r")
    run_advise("train.py", "--fix", "--extend-select", "AMP001", "--no-cache", cwd=tmp_path)
    fixed = b'import torch\rwith torch.amp.autocast("cuda", dtype=torch.float16, cache_enabled=True):\r    pass\r'
    assert (tmp_path / "train.py").read_bytes() == fixed
    again = run_advise("train.py", "--fix", "--extend-select", "AMP001", "--no-cache", cwd=tmp_path)
    assert again.returncode == 0 and "Fixed" not in again.stdout


def test_an_unknown_code_in_per_file_ignores_is_an_error(tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    (tmp_path / "pyproject.toml").write_text('[tool.advise.per-file-ignores]\n"scripts/*" = ["DL01", "E999"]\n')
    result = run_advise(".", cwd=tmp_path)
    assert result.returncode == 2
    assert one_line_error(result) == (
        "advise: error: per-file-ignores 'scripts/*': unknown rule selector 'DL01': no rule code or slug matches it"
    )


def _entries(root: Path) -> list[Path]:
    return [p for p in (root / ".advise_cache").rglob("*") if p.is_file() and p.parent.parent.name.startswith("v")]


@pytest.mark.parametrize(
    "forge",
    [
        lambda entry, other: entry.write_text('{"findings": [{"line": "one"}], "parse_error": false, "prefiltered": false}'),
        lambda entry, other: entry.write_text('[1, 2, 3]'),
        # Another file's clean entry copied over this one's would hide its findings.
        lambda entry, other: entry.write_bytes(other.read_bytes()),
    ],
    ids=["wrong-types", "wrong-shape", "copied-from-another-key"],
)
def test_a_cache_entry_of_another_shape_or_key_is_a_miss(tmp_path, forge):
    (tmp_path / "train.py").write_text(TRAIN)
    (tmp_path / "clean.py").write_text("x = 1\n")
    options = ["--target", "a100", "--torch-version", "2.13", "--select", "DL001", "-j", "1"]
    first = run_advise(".", *options, cwd=tmp_path)
    entries = {json.loads(p.read_text())["findings"] != []: p for p in _entries(tmp_path)}
    forge(entries[True], entries[False])
    again = run_advise(".", *options, cwd=tmp_path)
    assert again.returncode == 1, again.stderr
    assert again.stdout == first.stdout


def test_a_named_unreadable_file_is_reported_and_the_others_are_still_checked(tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    secret = tmp_path / "secret.py"
    secret.write_text(TRAIN)
    secret.chmod(0)
    result = without_dac_override("secret.py", "train.py", *CORE, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "secret.py:1:1: E902 secret.py: Permission denied" in result.stdout
    assert "train.py:6:14: DL001" in result.stdout


def test_fix_leaves_a_read_only_file_alone_and_fixes_the_others(tmp_path):
    for name in ("locked.py", "open.py"):
        (tmp_path / name).write_text(TRAIN)
    (tmp_path / "locked.py").chmod(0o444)
    result = without_dac_override("locked.py", "open.py", "--fix", *CORE, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "locked.py:1:1: E902 fixes not written: locked.py: Permission denied" in result.stdout
    assert "locked.py:8:" in result.stdout.split("OPT001")[0].splitlines()[-1]
    assert (tmp_path / "locked.py").read_text() == TRAIN
    assert FIXED_LINE in (tmp_path / "open.py").read_text()


def test_a_pyproject_whose_tool_is_not_a_table_is_not_an_internal_error(tmp_path):
    (tmp_path / "pyproject.toml").write_text('tool = 3\nname = "advise"\n')
    (tmp_path / "train.py").write_text(TRAIN)
    result = run_advise("train.py", *CORE, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "train.py:6:14: DL001" in result.stdout


def test_a_pyproject_that_is_not_utf_8_is_a_configuration_error(tmp_path):
    (tmp_path / "pyproject.toml").write_bytes(b"\xff\xfe[tool.advise]\n")
    (tmp_path / "train.py").write_text(TRAIN)
    result = run_advise("train.py", *CORE, cwd=tmp_path)
    assert result.returncode == 2
    assert one_line_error(result).startswith("advise: error: pyproject.toml: invalid TOML:")


@pytest.mark.parametrize(
    "args",
    [
        ["--format", "xml"],
        ["-j", "0"],
        ["--no-such-flag"],
        ["probe"],
        ["probe", "missing.py"],
    ],
    ids=["bad-choice", "bad-range", "unknown-flag", "probe-without-script", "probe-missing-script"],
)
def test_usage_errors_are_one_line_and_exit_2(tmp_path, args):
    (tmp_path / "train.py").write_text(TRAIN)
    if args[0] != "probe":
        args = ["train.py", *args]
    result = run_advise(*args, cwd=tmp_path)
    assert result.returncode == 2
    line = one_line_error(result)
    assert line.startswith("advise: error: ") and line.endswith("--help')")


def test_diff_of_a_latin_1_file_shows_its_characters(tmp_path):
    (tmp_path / "old.py").write_bytes(("# -*- coding: latin-1 -*-\n" + TRAIN).encode("latin-1"))
    result = run_advise("old.py", "--diff", *CORE, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert f"+        {FIXED_LINE}  # réinitialise" in result.stdout


def test_probe_refuses_an_output_it_could_not_write_before_running_the_script(tmp_path):
    (tmp_path / "train.py").write_text("open('ran', 'w').close()\n")
    for option in ("--output", "--summary"):
        result = run_advise("probe", "train.py", option, "gone/report.txt", cwd=tmp_path)
        assert result.returncode == 2
        assert one_line_error(result) == "advise: error: gone/report.txt: No such file or directory"
    assert not (tmp_path / "ran").exists()


def interrupted(args: list[str], cwd: Path, ready: Callable[[], bool]) -> subprocess.CompletedProcess:
    """The CLI given Ctrl-C once `ready()`: SIGINT to its whole process group, as a terminal sends it."""
    env = {**os.environ, "NO_COLOR": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "torch_advise", *args], cwd=cwd, env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        # A shell that runs tests in the background starts them with SIGINT ignored; a terminal does not.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    while process.poll() is None and not ready():
        # A run that never gets ready would fill its output pipe and wait forever: fail instead.
        assert time.monotonic() < deadline, "the run never reached the point to interrupt it at"
        time.sleep(0.02)
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def test_ctrl_c_is_exit_130_with_one_line_and_no_half_written_file(tmp_path):
    files = [tmp_path / f"train_{index}.py" for index in range(300)]
    for path in files:
        path.write_text(TRAIN)
    result = interrupted([".", "--fix", *CORE], tmp_path, ready=lambda: files[0].read_text() != TRAIN)
    assert result.returncode == 130, result.stderr
    assert one_line_error(result) == "advise: interrupted"
    fixed = files[0].read_text()
    assert FIXED_LINE in fixed
    contents = [path.read_text() for path in files]
    assert set(contents) == {TRAIN, fixed} and contents.count(TRAIN) > 0
    assert not list(tmp_path.glob(".*.tmp"))


def test_ctrl_c_during_probe_stops_the_script_too(tmp_path):
    (tmp_path / "train.py").write_text("import os, time\nopen('pid', 'w').write(str(os.getpid()))\ntime.sleep(60)\n")
    pid_file = tmp_path / "pid"
    result = interrupted(["probe", "train.py"], tmp_path, ready=lambda: pid_file.exists() and bool(pid_file.read_text()))
    assert result.returncode == 130, result.stderr
    # The script's own stderr passes through (torch warns there when numpy is absent); advise
    # adds no traceback, and reports the run as far as it went.
    assert "Traceback" not in result.stderr
    assert "outcome: the probe was stopped by SIGINT" in result.stdout.splitlines()
    with pytest.raises(ProcessLookupError):
        os.kill(int(pid_file.read_text()), 0)


def _fix_as_read(path: Path, read: bytes):
    from torch_advise.catalogue import load_catalogue
    from torch_advise.lint.options import FixMode, LintOptions
    from torch_advise.lint.runner import _lint_read_file

    from conftest import make_target

    catalogue = load_catalogue()
    options = LintOptions(catalogue, frozenset({"AMP001"}), make_target(), FixMode.SAFE)
    return _lint_read_file(path, read, options, frozenset(), write_within=path.parent)


DEPRECATED = b"import torch\nwith torch.cuda.amp.autocast():\n    pass\n"


def test_fix_does_not_write_over_an_edit_made_while_the_file_was_checked(tmp_path):
    script = tmp_path / "train.py"
    script.write_bytes(DEPRECATED + b"# saved by the editor meanwhile\n")
    result = _fix_as_read(script, DEPRECATED)
    assert script.read_bytes() == DEPRECATED + b"# saved by the editor meanwhile\n"
    assert result.findings[0].code == "E902"
    assert result.findings[0].message == f"fixes not written: {script}: changed while it was checked"


def test_fix_does_not_bring_back_a_file_removed_while_it_was_checked(tmp_path):
    script = tmp_path / "train.py"
    result = _fix_as_read(script, DEPRECATED)
    assert not script.exists()
    assert result.findings[0].message == f"fixes not written: {script}: removed while it was checked"


def _project_and_elsewhere(tmp_path: Path) -> tuple[Path, Path]:
    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    project.mkdir()
    elsewhere.mkdir()
    (project / "own.py").write_text(TRAIN)
    return project, elsewhere


def test_fix_never_writes_through_a_link_out_of_the_project(tmp_path):
    project, elsewhere = _project_and_elsewhere(tmp_path)
    (elsewhere / "train.py").write_text(TRAIN)
    (project / "train.py").symlink_to(elsewhere / "train.py")
    (project / "inner.py").symlink_to(project / "own.py")
    result = run_advise(".", "--fix", *CORE, cwd=project)
    assert result.returncode == 2
    assert (elsewhere / "train.py").read_text() == TRAIN
    assert FIXED_LINE in (project / "own.py").read_text()  # through a link that stays inside, too
    assert (project / "inner.py").is_symlink()
    unwritten = [line for line in result.stdout.splitlines() if "E902" in line]
    assert unwritten == [
        f"train.py:1:1: E902 fixes not written: train.py: a symlink to {elsewhere / 'train.py'}, "
        f"outside the project {project}; fix that file itself"
    ]


def test_the_cache_never_writes_through_a_link_out_of_the_project(tmp_path):
    project, elsewhere = _project_and_elsewhere(tmp_path)
    cached = [arg for arg in CORE if arg != "--no-cache"]
    uncached = run_advise(".", *CORE, cwd=project)
    (project / ".advise_cache").symlink_to(elsewhere, target_is_directory=True)
    assert run_advise(".", *cached, cwd=project).stdout == uncached.stdout
    assert list(elsewhere.iterdir()) == []
    # Links planted inside the cache folder: its layout folder, and a dangling .gitignore.
    (project / ".advise_cache").unlink()
    (project / ".advise_cache").mkdir()
    (project / ".advise_cache" / "v2").symlink_to(elsewhere, target_is_directory=True)
    (project / ".advise_cache" / ".gitignore").symlink_to(elsewhere / "gitignore")
    for _ in range(2):
        assert run_advise(".", *cached, cwd=project).stdout == uncached.stdout
    assert list(elsewhere.iterdir()) == []
    # And every one of the entry folders inside a real layout folder.
    (project / ".advise_cache" / "v2").unlink()
    (project / ".advise_cache" / "v2").mkdir()
    for number in range(256):
        (project / ".advise_cache" / "v2" / f"{number:02x}").symlink_to(elsewhere, target_is_directory=True)
    for _ in range(2):
        assert run_advise(".", *cached, cwd=project).stdout == uncached.stdout
    assert list(elsewhere.iterdir()) == []


def test_a_cache_entry_that_is_a_link_is_neither_read_nor_written_through(tmp_path):
    project, elsewhere = _project_and_elsewhere(tmp_path)
    cached = [arg for arg in CORE if arg != "--no-cache"]
    uncached = run_advise(".", *CORE, cwd=project)
    assert "DL001" in uncached.stdout
    run_advise(".", *cached, cwd=project)
    [entry] = [p for p in (project / ".advise_cache").rglob("*") if p.is_file() and len(p.name) > 40]
    # A forged entry that says the file is clean, planted as a link to a file out of the project.
    forged = json.loads(entry.read_text())
    forged["findings"] = []
    (elsewhere / "entry").write_text(json.dumps(forged))
    entry.unlink()
    entry.symlink_to(elsewhere / "entry")
    for _ in range(2):
        assert run_advise(".", *cached, cwd=project).stdout == uncached.stdout
    assert json.loads((elsewhere / "entry").read_text()) == forged


def _advise_with(tmp_path: Path, *args: str, **popen) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "torch_advise", *args], cwd=tmp_path, stderr=subprocess.PIPE, text=True, timeout=120, **popen
    )


def test_a_closed_stdout_is_one_line(tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    result = _advise_with(tmp_path, "train.py", *CORE, preexec_fn=lambda: os.close(1))
    assert result.returncode == 2
    assert one_line_error(result) == "advise: error: standard output is closed: nothing could be reported"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_under_the_report_is_one_line(tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    with open("/dev/full", "w") as full:
        result = _advise_with(tmp_path, "train.py", *CORE, stdout=full)
    assert result.returncode == 2
    assert one_line_error(result) == "advise: error: cannot write the report: No space left on device"


def test_a_configuration_nested_too_deep_is_a_configuration_error(tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    (tmp_path / "pyproject.toml").write_text("[tool.advise]\nx = " + "[" * 5000 + "]" * 5000 + "\n")
    result = run_advise("train.py", cwd=tmp_path)
    assert result.returncode == 2
    assert one_line_error(result) == "advise: error: pyproject.toml: invalid TOML: nested too deeply to read"


def _reassigned_through_helpers(helpers: int) -> str:
    """An augmentation pipeline as real data sets write it: one image reassigned through many
    helpers, each of them called on the others' results."""
    lines = ["import random", "import numpy as np", "import torch", "from torch.utils.data import DataLoader, Dataset", ""]
    for k in range(helpers):
        lines += [f"def step{k}(image, u=0.5):", "    if random.random() < u:", "        image = np.flip(image, 1)", "    return image", ""]
    lines += ["def augment(image, infer=False):", "    if infer:", "        image = step0(image, u=0)", "        return np.asarray(image)"]
    lines += [f"    image = step{k}(image)" for k in range(helpers)]
    lines += ["    return image", "", "class Images(Dataset):", "    def __getitem__(self, i):", "        image = np.zeros((8, 8))"]
    lines += ["        image = augment(image)", "        image = augment(image, infer=True)", "        return torch.from_numpy(image.copy())", ""]
    lines += ["def loaders(data, workers):", "    return DataLoader(data, num_workers=workers), DataLoader(data, num_workers=workers)", ""]
    return "\n".join(lines)


def test_a_value_reassigned_through_many_helpers_is_traced_once_per_origin():
    from torch_advise.lint.analysis.builder import build_model
    from torch_advise.lint.engine import own_tree
    from torch_advise.lint.syntax_tree import nodes as cst

    source = _reassigned_through_helpers(12).encode()
    model = build_model(own_tree(source, ast.parse(source)))
    for site in model.calls:
        for argument in site.node.args:
            if isinstance(argument.value, cst.Name):
                origins = model.origins(argument.value, site.scope)
                assert len({(id(o.expr), id(o.scope)) for o in origins}) == len(origins)


def test_a_data_set_that_reassigns_an_image_through_many_helpers_is_checked_not_hung(tmp_path):
    (tmp_path / "dataset.py").write_text(_reassigned_through_helpers(12))
    result = run_advise("dataset.py", "--select", "ALL", "--no-cache", "-j", "1", cwd=tmp_path)
    assert result.returncode in (0, 1), result.stderr
