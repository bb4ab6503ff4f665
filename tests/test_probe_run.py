"""The probe end to end on CPU: real scripts from fixtures/probe run under `advise probe`."""

import json
import os
import subprocess
import sys

import jsonschema
import pytest
from click.testing import CliRunner

from torch_advise.probe import command
from torch_advise.probe.command import probe
from torch_advise.probe.output.render import render_text
from torch_advise.probe.output.report import SCHEMA_PATH, exit_code

from conftest import run_probe

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "fixtures", "probe")

with open(SCHEMA_PATH, encoding="utf-8") as handle:
    SCHEMA = json.load(handle)


def verdict(report, name):
    return next(item for item in report["verdicts"] if item["id"] == name)


def live_processes_running(fragment):
    """Processes (zombies aside) whose command line mentions ``fragment``."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                cmdline = handle.read().replace(b"\0", b" ").decode(errors="replace")
            with open(f"/proc/{pid}/stat") as handle:
                state = handle.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if fragment in cmdline and state != "Z":
            found.append(pid)
    return found


def test_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_input_bound_fires_on_the_loader_with_a_speedup_from_its_input_share(tmp_path):
    code, slow = run_probe(tmp_path, "input_bound", "--steps", "30")
    assert code == 0
    flagged = verdict(slow, "input-bound")
    assert flagged["status"] == "fired"
    assert slow["device"]["kind"] == "cpu" and "CPU run" in flagged["summary"]
    assert flagged["lines"] == [{"path": os.path.join(FIXTURES, "input_bound.py"), "line": 40}]
    # 20 ms of decoding a batch against a 15 ms step: input is over a third of every step however
    # busy the machine, and the promise is what removing it would buy. How close that comes to
    # what workers buy is a figure for benchmarks/probe_prediction.py: separate runs differ by
    # the machine's load between them.
    assert slow["input"]["share"] > 1 / 3
    assert flagged["predicted_speedup"] == pytest.approx(1 / (1 - slow["input"]["share"]), rel=0.01)
    assert flagged["summary"] == (f"host waiting on input (CPU run): {slow['input']['share']:.0%} of step time; "
                                  f"up to {flagged['predicted_speedup']:.2f}x faster when input is ready in time")


def test_compute_bound_is_not_flagged_and_lint_findings_are_joined(tmp_path):
    summary = tmp_path / "summary.md"
    summary.write_text("# earlier steps\n")
    code, report = run_probe(tmp_path, "compute_bound", "--steps", "15", "--summary", str(summary))
    assert code == 0
    written = summary.read_text()
    assert written.startswith("# earlier steps\n## advise probe ") and "\n```\n" in written
    assert "steps:   15 measured" in written
    assert report["outcome"]["status"] == "completed"
    assert report["steps"]["measured"] == 15
    assert verdict(report, "input-bound")["status"] == "clear"
    assert report["steps"]["median_ms"] >= 20.0  # the fixture sleeps 20 ms per step
    # Its loader is a TensorDataset of small rows (no DL001, DL002); the fp32 model is AMP006's.
    fp32 = [row for row in report["findings"] if row["code"] == "AMP006"]
    assert fp32 and fp32[0]["status"] == "not exercised"
    assert fp32[0]["detail"] == "the probe does not measure AMP006"


def test_crash_reports_the_exception_and_its_line(tmp_path):
    code, report = run_probe(tmp_path, "crash_at_step3")
    assert code == 3
    outcome = report["outcome"]
    assert outcome["status"] == "raised" and outcome["failed"]
    assert outcome["exception"]["type"] == "RuntimeError"
    assert outcome["exception"]["line"] == 19
    assert report["steps"]["measured"] == 0
    assert "warm-up" in report["steps"]["note"]
    # The text report shows the script's traceback, down to the line that raised.
    text = render_text(report, base=ROOT).splitlines()
    shown = [line.removeprefix("         | ") for line in text if line.startswith("         | ")]
    assert shown == outcome["exception"]["traceback"].rstrip("\n").splitlines()
    assert shown[-1] == "RuntimeError: loss went NaN at step 3"
    assert any('crash_at_step3.py", line 19, in main' in line for line in shown)


def test_hang_times_out_and_leaves_no_process_behind(tmp_path):
    # Generous: on a loaded CI machine importing torch and starting workers can take seconds.
    code, report = run_probe(tmp_path, "hang", "--timeout", "15")
    assert code == 3
    assert report["outcome"]["status"] == "timed-out"
    assert report["outcome"]["exception"]["line"] == 22  # where it hung
    assert report["steps"]["note"] == "the probe stopped the script at the 15 s timeout during warm-up (2 of 5 steps); nothing measured"
    assert report["loaders"][0]["num_workers"] == 2
    assert live_processes_running(os.path.join(FIXTURES, "hang.py")) == []


def test_a_sigterm_the_script_did_not_get_from_the_probe_is_no_timeout(tmp_path):
    code, report = run_probe(tmp_path, "self_signal", "--warmup", "2", script_args=("--at", "6"))
    assert code == 3
    outcome = report["outcome"]
    assert (outcome["status"], outcome["signal"], outcome["failed"]) == ("killed", "SIGTERM", True)
    assert outcome["detail"] == "the script was ended by SIGTERM, which did not come from the probe"
    assert outcome["exception"]["line"] == 20  # where the script was when it came
    assert report["steps"]["measured"] == 3
    assert report["steps"]["note"] == "SIGTERM ended the script after 3 of 50 measured steps"


def test_a_signal_that_ends_the_script_before_it_reports_is_named(tmp_path):
    code, report = run_probe(tmp_path, "self_signal", script_args=("--at", "6", "--signal", "SIGUSR1"))
    assert code == 3
    outcome = report["outcome"]
    assert (outcome["status"], outcome["signal"]) == ("killed", "SIGUSR1")
    assert outcome["detail"] == "the script was ended by SIGUSR1, which did not come from the probe; it left no report"
    assert report["steps"]["note"] == "SIGUSR1 ended the script; no steps were reported"


def test_a_script_that_raises_at_import_shows_the_traceback_python_shows(tmp_path):
    script = os.path.join(FIXTURES, "raise_at_import.py")
    direct = subprocess.run([sys.executable, script], capture_output=True, text=True, timeout=120)
    assert direct.returncode == 1
    as_python_shows = direct.stderr[direct.stderr.index("Traceback (most recent call last):"):]
    code, report = run_probe(tmp_path, "raise_at_import")
    assert code == 3
    exception = report["outcome"]["exception"]
    assert (exception["type"], exception["line"]) == ("KeyError", 9)
    assert exception["traceback"] == as_python_shows


def test_sys_exit_zero_reports_what_was_measured_and_script_output_goes_to_stderr():
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src"))
    completed = subprocess.run(
        [sys.executable, "-c", "from torch_advise.probe.command import probe; probe()",
         os.path.join(FIXTURES, "sys_exit.py"), "--format", "json", "--", "--at", "8"],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert completed.returncode == 0
    report = json.loads(completed.stdout)
    assert "stopping at step 8" in completed.stderr
    assert report["outcome"]["status"] == "exited" and report["outcome"]["exit_code"] == 0
    assert report["steps"]["measured"] == 3
    assert report["steps"]["note"] == "the script ended after 3 of 50 measured steps"


def test_os_exit_reports_what_was_measured_before_it(tmp_path):
    code, report = run_probe(tmp_path, "sys_exit", script_args=("--at", "8", "--hard"))
    assert code == 0
    outcome = report["outcome"]
    assert (outcome["status"], outcome["exit_code"], outcome["call"], outcome["failed"]) == ("exited", 0, "os._exit", False)
    assert outcome["detail"] == "the script called os._exit(0)"
    assert report["steps"]["measured"] == 3
    code, report = run_probe(tmp_path, "sys_exit", script_args=("--at", "8", "--hard", "--code", "5"))
    assert code == 3 and report["outcome"]["exit_code"] == 5


def test_sys_exit_nonzero_is_a_failed_script(tmp_path):
    code, report = run_probe(tmp_path, "sys_exit", "--warmup", "2", script_args=("--at", "4", "--code", "4"))
    assert code == 3
    assert report["outcome"]["exit_code"] == 4
    assert report["steps"]["measured"] == 2


def test_no_optimizer_times_steps_by_batches(tmp_path):
    code, report = run_probe(tmp_path, "no_optimizer", "--steps", "10")
    assert code == 0
    assert report["steps"]["source"] == "batch"
    assert report["steps"]["measured"] == 10
    assert any(note["measurement"] == "step boundaries" for note in report["not_applicable"])


def test_no_dataloader_takes_input_from_the_gap_before_the_forward(tmp_path):
    code, report = run_probe(tmp_path, "no_dataloader", "--steps", "10")
    assert code == 0
    assert report["steps"]["measured"] == 10
    assert report["input"]["source"] == "gap"
    # Its randn calls are a real share of a tiny step: judged either way, never n/a.
    assert verdict(report, "input-bound")["status"] in ("fired", "clear")
    assert not any(note["measurement"] == "input stalls" for note in report["not_applicable"])


def test_fail_on_turns_a_fired_verdict_into_exit_1():
    report = {"outcome": {"failed": False},
              "verdicts": [{"id": "input-bound", "status": "fired"}, {"id": "sync-heavy", "status": "clear"}]}
    assert exit_code(report, {"input-bound"}) == 1
    assert exit_code(report, {"sync-heavy"}) == 0
    assert exit_code(report, set()) == 0
    report["outcome"]["failed"] = True
    assert exit_code(report, {"input-bound"}) == 3


def test_unknown_fail_on_verdict_is_a_usage_error():
    result = CliRunner().invoke(probe, [os.path.join(FIXTURES, "compute_bound.py"), "--fail-on", "slow"])
    assert result.exit_code == 2
    assert "unknown verdict slow" in result.output


def test_without_torch_says_how_to_install_it(monkeypatch):
    monkeypatch.setattr(command.importlib.util, "find_spec", lambda name: None)
    result = CliRunner().invoke(probe, [os.path.join(FIXTURES, "compute_bound.py")])
    assert result.exit_code == 2
    assert "advise probe needs torch>=2.1 in the same environment" in result.output
