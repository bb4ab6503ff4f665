"""The check command as a user drives it: output, exit codes, fixes written or not."""

from __future__ import annotations

import ast
import json
import os
import stat
from pathlib import Path

import pytest

from conftest import REPO, run_advise

BAD = '''import torch
from torch.utils.data import DataLoader


def train(model, dataset, optimizer):
    loader = DataLoader(dataset, batch_size=32)  # the training data
    for x, y in loader:
        optimizer.zero_grad(set_to_none=False)
        loss = torch.nn.functional.mse_loss(model(x.cuda()), y.cuda())
        loss.backward()
        optimizer.step()


SCALER = torch.cuda.amp.GradScaler()  # the old spelling
'''
CLEAN = '''import torch


def train(model, batches, optimizer):
    for x, y in batches:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
'''
# The core rules these tests are about; others (AMP006 on this fp32 script) are tested elsewhere.
# AMP001's fix is safe; DL001's, DL002's and OPT001's are unsafe.
TARGET = ["--target", "a100", "--torch-version", "2.13", "--select", "DL001,DL002,OPT001,AMP001"]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "train.py").write_text(BAD)
    (tmp_path / "clean.py").write_text(CLEAN)
    return tmp_path


def test_findings_are_reported_ruff_style_and_exit_1(project):
    result = run_advise("train.py", *TARGET, cwd=project)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "target sm_80 (A100, --target), torch 2.13 (--torch-version)"
    assert lines[1].startswith("train.py:6:14: DL001 ")
    assert lines[2].startswith("train.py:6:14: DL002 ") and not lines[2].endswith("[*]")
    assert lines[3].startswith("train.py:8:41: OPT001 ") and not lines[3].endswith("[*]")
    assert lines[4].startswith("train.py:14:10: AMP001 ") and lines[4].endswith("[*]")
    assert "Found 4 findings in 1 file." in lines
    assert "[*] 1 fixable with --fix." in lines
    assert "3 more fixable with --fix --unsafe-fixes." in lines


def test_clean_file_exits_0(project):
    result = run_advise("clean.py", *TARGET, cwd=project)
    assert result.returncode == 0
    assert result.stdout.splitlines()[-1] == "All checks passed."


def test_fix_writes_safe_fixes_only_and_keeps_comments(project):
    result = run_advise("train.py", "--fix", *TARGET, cwd=project)
    fixed = (project / "train.py").read_text()
    assert 'SCALER = torch.amp.GradScaler("cuda")  # the old spelling' in fixed
    assert "pin_memory" not in fixed and "num_workers" not in fixed, "DL001's and DL002's fixes are unsafe"
    assert "zero_grad(set_to_none=False)" in fixed, "OPT001's fix is unsafe"
    assert result.returncode == 1  # DL001, DL002 and OPT001 remain
    assert "Fixed 1 finding in 1 file." in result.stdout
    again = run_advise("train.py", "--fix", *TARGET, cwd=project)
    assert (project / "train.py").read_text() == fixed
    assert "Fixed" not in again.stdout


def test_unsafe_fixes_apply_everything(project):
    result = run_advise("train.py", "--fix", "--unsafe-fixes", *TARGET, cwd=project)
    assert result.returncode == 0
    fixed = (project / "train.py").read_text()
    assert fixed.startswith("import os\nimport torch\n")
    assert "num_workers=min(8, os.cpu_count() or 1), pin_memory=True)" in fixed


def test_diff_shows_changes_and_writes_nothing(project):
    result = run_advise("train.py", "--diff", *TARGET, cwd=project)
    assert result.returncode == 1
    assert "--- a/train.py" in result.stdout and "+++ b/train.py" in result.stdout
    assert '+SCALER = torch.amp.GradScaler("cuda")  # the old spelling' in result.stdout
    assert "set_to_none=True" not in result.stdout, "an unsafe fix shows only with --unsafe-fixes"
    assert (project / "train.py").read_text() == BAD
    clean = run_advise("clean.py", "--diff", *TARGET, cwd=project)
    assert clean.returncode == 0 and clean.stdout == ""


def test_select_and_ignore_by_prefix_code_and_slug(project):
    only_dl = run_advise("train.py", "--target", "a100", "--select", "DL", "--ignore", "dataloader-workers", cwd=project)
    codes = [line.split()[1] for line in only_dl.stdout.splitlines()[1:] if line.startswith("train.py")]
    assert codes == ["DL002"]


def test_unknown_selector_is_a_usage_error(project):
    result = run_advise("train.py", "--select", "XX9", cwd=project)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == ["advise: error: unknown rule selector 'XX9': no rule code or slug matches it"]


def test_missing_path_is_one_line_and_exit_2(project):
    result = run_advise("nope.py", cwd=project)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "nope.py" in result.stderr
    assert "Traceback" not in result.stderr


def test_bad_target_is_one_line_and_exit_2(project):
    result = run_advise("train.py", "--target", "gtx-quantum", cwd=project)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "--target" in result.stderr


def test_syntax_error_is_a_finding_and_the_file_is_never_written(project):
    broken = project / "broken.py"
    broken.write_text("import torch\ndef f(:\n    pass\n")
    before = broken.read_bytes()
    result = run_advise("broken.py", "train.py", "--fix", "--unsafe-fixes", *TARGET, cwd=project)
    assert result.returncode == 1
    assert "broken.py:2:7: E999 file could not be parsed, nothing checked: invalid syntax (Python 3.11 refuses it)" in result.stdout.splitlines()
    assert broken.read_bytes() == before
    assert "num_workers" in (project / "train.py").read_text(), "other files are still fixed"


def test_fix_keeps_crlf_bom_and_file_mode(project):
    path = project / "windows.py"
    path.write_bytes(b"\xef\xbb\xbf" + BAD.replace("\n", "\r\n").encode())
    os.chmod(path, 0o754)
    run_advise("windows.py", "--fix", *TARGET, cwd=project)
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    assert b'SCALER = torch.amp.GradScaler("cuda")  # the old spelling\r\n' in data
    assert b"\n" not in data.replace(b"\r\n", b"")
    assert stat.S_IMODE(path.stat().st_mode) == 0o754


def test_suppression_comments(project):
    (project / "quiet.py").write_text(
        BAD.replace("# the training data", "# advise: ignore[DL001, dataloader-pin-memory]").replace(
            "optimizer.zero_grad(set_to_none=False)", "optimizer.zero_grad(set_to_none=False)  # noqa: OPT001"
        ).replace("# the old spelling", "# advise: ignore")
    )
    result = run_advise("quiet.py", *TARGET, cwd=project)
    assert result.returncode == 0, result.stdout


def test_pyproject_settings_apply(project):
    (project / "pyproject.toml").write_text(
        '[tool.advise]\nignore = ["OPT001"]\ntarget = "v100"\nper-file-ignores = {"train.py" = ["DL002"]}\n'
    )
    result = run_advise("train.py", "--select", "DL001,DL002,OPT001", cwd=project)
    assert result.stdout.splitlines()[0].startswith("target sm_70 (V100, pyproject.toml)")
    codes = [line.split()[1] for line in result.stdout.splitlines() if line.startswith("train.py")]
    assert codes == ["DL001"]


def test_bad_config_is_one_line_and_exit_2(project):
    (project / "pyproject.toml").write_text('[tool.advise]\nselekt = ["DL"]\n')
    result = run_advise("train.py", cwd=project)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "selekt" in result.stderr


def test_directories_are_walked_and_virtualenvs_skipped(project):
    venv = project / ".venv" / "lib" / "site-packages"
    venv.mkdir(parents=True)
    (venv / "vendored.py").write_text(BAD)
    (project / "pkg").mkdir()
    (project / "pkg" / "more.py").write_text(BAD)
    result = run_advise(".", *TARGET, cwd=project)
    paths = {line.split(":")[0] for line in result.stdout.splitlines()[1:] if ": DL" in line}
    assert paths == {"train.py", os.path.join("pkg", "more.py")}


def test_json_format(project):
    import json

    result = run_advise("train.py", "--format", "json", *TARGET, cwd=project)
    document = json.loads(result.stdout)
    assert [f["code"] for f in document["findings"]] == ["DL001", "DL002", "OPT001", "AMP001"]
    assert [f["fix"] for f in document["findings"]] == ["unsafe", "unsafe", "unsafe", "safe"]
    assert document["target"]["compute_capability"] == "8.0"


def test_rules_and_explain():
    listing = run_advise("rules")
    assert listing.returncode == 0
    assert any(line.split()[:2] == ["DL002", "dataloader-pin-memory"] for line in listing.stdout.splitlines())
    page = run_advise("explain", "dataloader-pin-memory")
    source = (REPO / "rules" / "DL002-dataloader-pin-memory.md").read_text()
    assert page.returncode == 0
    assert page.stdout.splitlines()[0] == "DL002 (dataloader-pin-memory) · warning · fix: unsafe · opt-in"
    assert page.stdout.endswith(source[source.index("# DataLoader batches"):])
    assert "+++" not in page.stdout and 'code = "DL002"' not in page.stdout
    unknown = run_advise("explain", "ZZ001")
    assert unknown.returncode == 2 and "advise rules" in unknown.stderr


def test_rule_is_explain_as_ruff_users_type_it():
    assert run_advise("rule", "DL002").stdout == run_advise("explain", "DL002").stdout


def test_explain_as_json_carries_the_page_without_front_matter():
    result = run_advise("explain", "AMP004", "--format", "json")
    document = json.loads(result.stdout)
    assert (document["code"], document["slug"], document["page"]) == ("AMP004", "grad-scaler-call-order", "AMP004-grad-scaler-call-order.md")
    assert document["explanation"].startswith("# ") and "+++" not in document["explanation"]
    assert json.loads(run_advise("explain", "AMP004", "--output-format", "json").stdout) == document


def test_a_mistyped_command_is_named_as_one(tmp_path):
    result = run_advise("prob", "train.py", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "advise: error: no such file or command: 'prob'; did you mean probe?\n"


def test_a_file_named_like_a_command_is_still_checked(tmp_path):
    (tmp_path / "probes").write_text("x = 1\n")
    result = run_advise("probes", cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_a_missing_file_far_from_any_command_is_reported_as_missing(tmp_path):
    result = run_advise("train.py", cwd=tmp_path)
    assert result.returncode == 2 and "train.py: No such file or directory" in result.stderr


def test_output_format_is_accepted_as_ruff_spells_it(project):
    ruff_spelling = run_advise("train.py", "--output-format", "json", *TARGET, cwd=project)
    assert json.loads(ruff_spelling.stdout) == json.loads(run_advise("train.py", "--format", "json", *TARGET, cwd=project).stdout)


def test_version_and_module_entry_point():
    from torch_advise import __version__

    result = run_advise("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"advise {__version__}"


def test_a_device_defined_from_itself_does_not_crash(project):
    (project / "dlpack.py").write_text(
        "import torch\n\n\ndef move(x, device):\n    device = torch.device(device)\n    return x.to(device)\n"
    )
    result = run_advise("dlpack.py", cwd=project)
    assert result.returncode == 0, result.stderr


def test_an_internal_fault_on_one_file_is_one_line_and_the_others_are_still_checked(project, monkeypatch):
    from click.testing import CliRunner

    from torch_advise.cli import main
    from torch_advise.lint import engine

    real = engine.lint_source

    def faulty(path, source, options, ignored=frozenset()):
        if path.endswith("clean.py"):
            raise RecursionError("maximum recursion depth exceeded")
        return real(path, source, options, ignored)

    monkeypatch.setattr(engine, "lint_source", faulty)
    monkeypatch.chdir(project)
    result = CliRunner().invoke(main, ["check", "clean.py", "train.py", "--no-cache", "-j", "1", *TARGET])
    assert result.exit_code == 2
    assert "advise: error: clean.py: not checked, internal error (RecursionError: maximum recursion depth exceeded)" in result.output
    assert "train.py:6:14: DL001" in result.output
    assert "1 file not checked because of an internal error (see above)." in result.output
    assert "Traceback" not in result.output


def test_a_file_left_unchecked_is_not_reported_as_passing(project, monkeypatch):
    """Nothing in any format says a file passed when a fault inside advise skipped it."""
    import json

    from click.testing import CliRunner

    from torch_advise.cli import main
    from torch_advise.lint import engine

    def faulty(path, source, options, ignored=frozenset()):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(engine, "lint_source", faulty)
    monkeypatch.chdir(project)
    text = CliRunner().invoke(main, ["check", "clean.py", "--no-cache", *TARGET])
    assert text.exit_code == 2
    assert "All checks passed." not in text.output
    assert "1 file not checked because of an internal error (see above)." in text.output
    document = CliRunner().invoke(main, ["check", "clean.py", "--no-cache", "--format", "json", *TARGET])
    summary = json.loads(document.stdout)["summary"]
    assert (summary["files_checked"], summary["files_not_checked"]) == (0, ["clean.py"])
    sarif = CliRunner().invoke(main, ["check", "clean.py", "--no-cache", "--format", "sarif", *TARGET])
    invocation = json.loads(sarif.stdout)["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False
    assert invocation["toolExecutionNotifications"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "clean.py"


def test_a_selection_of_no_rules_is_a_usage_error(project):
    result = run_advise("train.py", "--select", "DL", "--ignore", "DL", cwd=project)
    assert result.returncode == 2
    assert result.stderr.strip() == "advise: error: no rule is selected: check --select, --ignore and [tool.advise]"


def _codes(stdout: str) -> list[str]:
    return [line.split()[1] for line in stdout.splitlines() if line.startswith("train.py:")]


def test_the_default_set_leaves_opt_in_rules_out_until_selected(project):
    # BAD's loader lacks workers and pinning (DL001, DL002: opt-in) and zeroes grads (OPT001: opt-in).
    plain = run_advise("train.py", "--target", "a100", "--torch-version", "2.13", "--no-cache", cwd=project)
    assert not {"DL001", "DL002", "OPT001"} & set(_codes(plain.stdout)), plain.stdout
    extended = run_advise(
        "train.py", "--target", "a100", "--torch-version", "2.13", "--no-cache", "--extend-select", "DL001", cwd=project
    )
    assert "DL001" in _codes(extended.stdout) and "DL002" not in _codes(extended.stdout)
    everything = run_advise("train.py", "--target", "a100", "--torch-version", "2.13", "--no-cache", "--select", "ALL", cwd=project)
    assert {"DL001", "DL002", "OPT001"} <= set(_codes(everything.stdout))


def test_extend_select_in_the_configuration_adds_to_the_default_set(project):
    (project / "pyproject.toml").write_text('[tool.advise]\nextend-select = ["OPT001"]\n')
    result = run_advise("train.py", "--target", "a100", "--torch-version", "2.13", "--no-cache", cwd=project)
    assert "OPT001" in _codes(result.stdout) and "DL001" not in _codes(result.stdout)


def test_rules_lists_which_rules_are_opt_in():
    listing = run_advise("rules").stdout.splitlines()
    rows = {line.split()[0]: line for line in listing}
    assert " opt-in " in rows["DL001"] and " default " in rows["AMP007"]


def _apply(text: str, edits: list[dict]) -> str:
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(point: dict) -> int:
        return starts[point["row"] - 1] + point["column"] - 1

    for edit in sorted(edits, key=lambda e: offset(e["location"]), reverse=True):
        text = text[: offset(edit["location"])] + edit["content"] + text[offset(edit["end_location"]) :]
    return text


@pytest.mark.parametrize("fixture, rule", [("amp/fp32_script.py", "AMP006"), ("amp/deprecated_api.py", "AMP001"), ("core/zero_grad.py", "OPT001")])
def test_json_edits_are_the_fix(tmp_path, fixture, rule):
    source = (REPO / "fixtures" / "lint" / fixture).read_text()
    script = tmp_path / "train.py"
    script.write_text(source)
    options = ["--select", rule, "--target", "a100", "--torch-version", "2.13", "--no-cache"]
    report = json.loads(run_advise("train.py", "--format", "json", *options, cwd=tmp_path).stdout)
    fixable = [f for f in report["findings"] if f["fix"]]
    assert fixable and all(f["edits"] for f in fixable)
    assert all(not f["edits"] for f in report["findings"] if not f["fix"])
    assert all(f["page"] == f"rules/{f['code']}-{f['slug']}.md" and (REPO / f["page"]).is_file() for f in report["findings"])
    # Each finding's edits are its own fix, relative to the file as read (editors apply one at
    # a time): applied alone, they leave a file that parses and has fewer findings (one fix may
    # settle more than one: a rewritten import serves every use of it).
    for finding in fixable:
        script.write_text(_apply(source, finding["edits"]))
        ast.parse(script.read_text())
        after = json.loads(run_advise("train.py", "--format", "json", *options, cwd=tmp_path).stdout)["findings"]
        assert len(after) < len(report["findings"])
    if len(fixable) == 1:
        script.write_text(source)
        run_advise("train.py", "--fix", "--unsafe-fixes", *options, cwd=tmp_path)
        assert _apply(source, fixable[0]["edits"]) == script.read_text()


@pytest.mark.parametrize(
    "typed, meant",
    [
        ("chek", "check"), ("cehck", "check"), ("prob", "probe"), ("porbe", "probe"), ("rlues", "rules"), ("rul", "rule"),
        ("expalin", "explain"), ("comapre", "compare"),
    ],
)
def test_a_mistyped_command_of_any_length_is_named_as_one(tmp_path, typed, meant):
    result = run_advise(typed, "train.py", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == f"advise: error: no such file or command: {typed!r}; did you mean {meant}?\n"


def test_a_file_named_like_a_mistyped_command_is_still_checked(tmp_path):
    (tmp_path / "chek").write_text("x = 1\n")
    result = run_advise("chek", cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_help_lists_every_command_users_can_type():
    listed = run_advise("--help").stdout.split("Commands:\n", 1)[1]
    names = {line.split()[0] for line in listed.splitlines() if line.startswith("  ") and not line.startswith("   ")}
    assert names == {"check", "compare", "explain", "probe", "rule", "rules", "server"}


def test_a_folder_without_python_files_is_a_warning_naming_it(tmp_path):
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "train.txt").write_text("not python\n")
    result = run_advise("notes", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stderr == "advise: warning: no Python files found under the given path(s): notes\n"
    assert run_advise("notes", "--quiet", cwd=tmp_path).stderr == ""


def test_error_on_no_files_makes_a_run_that_checks_nothing_fail(tmp_path):
    (tmp_path / "notes").mkdir()
    (tmp_path / "data").mkdir()
    result = run_advise("notes", "data", "--error-on-no-files", "--exit-zero", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "advise: error: no Python files found under the given path(s): notes, data\n"
    (tmp_path / "data" / "train.py").write_text(CLEAN)
    assert run_advise("notes", "data", "--error-on-no-files", cwd=tmp_path).returncode == 0


def test_a_missing_path_stays_an_error_with_error_on_no_files(tmp_path):
    result = run_advise("nosuchdir", "--error-on-no-files", cwd=tmp_path)
    assert result.returncode == 2 and result.stderr == "advise: error: nosuchdir: No such file or directory\n"


def _summary_count(stdout: str, verb: str) -> int:
    line = next((line for line in stdout.splitlines() if line.startswith(verb + " ")), f"{verb} 0 findings")
    return int(line.split()[1])


@pytest.mark.parametrize(
    "fixture, options",
    [
        # Both AMP001 findings are fixable, and --fix removes both.
        ("core/trainer_class.py", ["--extend-select", "AMP001", "--target", "h100"]),
        # pin_memory=True settles each DL005 on the same loader's copies too.
        ("loading/pageable_copies.py", ["--select", "ALL", "--unsafe-fixes", "--target", "a100"]),
        # Fixed in several passes: a finding a first fix reveals is not one the file had.
        ("amp/deprecated_api.py", ["--select", "ALL", "--unsafe-fixes", "--target", "a100"]),
    ],
)
def test_fixed_counts_the_findings_the_fix_removed(tmp_path, fixture, options):
    (tmp_path / "train.py").write_bytes((REPO / "fixtures" / "lint" / fixture).read_bytes())
    options = [*options, "--torch-version", "2.13", "--no-cache"]
    before = _summary_count(run_advise("train.py", *options, cwd=tmp_path).stdout, "Found")
    fixed = run_advise("train.py", "--fix", *options, cwd=tmp_path)
    after = _summary_count(fixed.stdout, "Found")
    assert before > after
    removed = before - after
    assert f"Fixed {removed} finding{'s' if removed != 1 else ''} in 1 file." in fixed.stdout.splitlines()


def test_a_rerun_that_fixes_nothing_does_not_say_after_fixes(project):
    first = run_advise("train.py", "--fix", *TARGET, cwd=project)
    assert "Found 3 findings in 1 file (after fixes)." in first.stdout.splitlines()
    again = run_advise("train.py", "--fix", *TARGET, cwd=project)
    assert "Fixed" not in again.stdout
    assert "Found 3 findings in 1 file." in again.stdout.splitlines()


def test_python_m_imports_nothing_from_the_current_folder_once_advise_runs(tmp_path):
    """`python -m` puts the current folder first on sys.path: a checked project's own click.py or
    json.py must not be imported, and so run, in place of the library advise means."""
    for module in ("click", "json", "libcst"):
        (tmp_path / f"{module}.py").write_text("raise SystemExit('the project folder was imported')\n")
    (tmp_path / "train.py").write_text(CLEAN)
    result = run_advise("train.py", "--format", "json", "--no-cache", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["summary"]["files_checked"] == 1
