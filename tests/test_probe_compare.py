"""`advise compare`: two saved probe runs, a noise-aware verdict on step time, exit 1 on a regression."""

import json
import os
import random

import jsonschema
from click.testing import CliRunner

from torch_advise.probe.command import compare as compare_command
from torch_advise.probe.command import probe
from torch_advise.probe.compare import compare
from torch_advise.probe.report import SCHEMA_PATH, SCHEMA_VERSION

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "fixtures", "probe")

with open(SCHEMA_PATH, encoding="utf-8") as handle:
    SCHEMA = json.load(handle)


def report_of(step_ms, fired=(), share=0.2):
    ordered = sorted(step_ms)
    return {
        "schema_version": SCHEMA_VERSION,
        "steps": {"step_ms": list(step_ms), "median_ms": ordered[len(ordered) // 2], "p90_ms": ordered[int(len(ordered) * 0.9)]},
        "input": {"share": share},
        "syncs": {"measured": False, "lines": []},
        "device": {"peak_memory_bytes": None},
        "verdicts": [{"id": name, "status": "fired"} for name in fired],
    }


def noisy_steps(seed, scale=1.0, steps=50):
    """Step times as a busy machine gives them: 20 ms with jitter and the odd slow step."""
    rng = random.Random(seed)
    return [scale * (20.0 + rng.gauss(0, 0.8) + (rng.random() < 0.08) * rng.uniform(5, 15)) for _ in range(steps)]


def test_runs_of_the_same_script_on_a_noisy_machine_never_fail():
    results = [compare(report_of(noisy_steps(seed)), report_of(noisy_steps(seed + 1000))) for seed in range(200)]
    assert not any(result.regressed for result in results)


def test_a_run_slower_by_ten_percent_fails_and_one_slower_by_two_does_not():
    baseline = report_of(noisy_steps(1))
    assert compare(baseline, report_of(noisy_steps(2, scale=1.10))).regressed
    assert not compare(baseline, report_of(noisy_steps(2, scale=1.02))).regressed
    # A stricter threshold catches the smaller one; 2 % is then beyond noise on 50 steps each.
    assert compare(report_of([20.0 + i % 3 * 0.1 for i in range(50)]),
                   report_of([20.6 + i % 3 * 0.1 for i in range(50)]), threshold_pct=1).regressed


def test_a_verdict_the_baseline_did_not_fire_is_a_regression():
    baseline = report_of(noisy_steps(1), fired=["input-bound"])
    same = report_of(noisy_steps(2), fired=["input-bound"])
    more = report_of(noisy_steps(2), fired=["input-bound", "sync-heavy"])
    assert not compare(baseline, same).regressed
    assert compare(baseline, more).new_verdicts == ["sync-heavy"]
    assert compare(baseline, more).regressed


def write(tmp_path, name, report):
    path = tmp_path / name
    path.write_text(json.dumps(report))
    return str(path)


def test_compare_prints_the_table_and_exits_by_the_verdict(tmp_path):
    base = write(tmp_path, "base.json", report_of(noisy_steps(1), share=0.58))
    slow = write(tmp_path, "slow.json", report_of(noisy_steps(2, scale=1.3), share=0.48))
    result = CliRunner().invoke(compare_command, [base, slow])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    step = compare(json.loads(open(base).read()), json.loads(open(slow).read())).step
    assert 1.2 < step.estimate < 1.4
    assert lines[-1] == (f"REGRESSION: steps are slower by more than 5 % (median step x{step.estimate:.3f}, "
                         f"95% interval x{step.low:.3f}-x{step.high:.3f})")
    assert any(line.startswith("waiting on input") and line.endswith("-10.0 points") for line in lines)
    result = CliRunner().invoke(compare_command, [base, slow, "--threshold", "50"])
    assert result.exit_code == 0 and "no regression beyond 50 %" in result.output


def test_a_file_that_is_not_a_report_is_a_one_line_error_and_exit_2(tmp_path):
    base = write(tmp_path, "base.json", report_of(noisy_steps(1)))
    cases = {
        "missing.json": None,
        "text.json": "not json",
        "list.json": "[1, 2]",
        "future.json": json.dumps({**report_of([20.0]), "schema_version": SCHEMA_VERSION + 1}),
        "empty.json": json.dumps(report_of([20.0]) | {"steps": {"step_ms": []}}),
    }
    for name, text in cases.items():
        if text is not None:
            (tmp_path / name).write_text(text)
        result = CliRunner().invoke(compare_command, [base, str(tmp_path / name)])
        assert result.exit_code == 2, name
        assert result.output.count("\n") == 1 and result.output.startswith(f"advise: error: {tmp_path / name}: ")


def saved_run(tmp_path, name, *script_args):
    saved = tmp_path / f"{name}.json"
    args = [os.path.join(FIXTURES, "input_bound.py"), "--steps", "15", "--save", str(saved), "--", *script_args]
    result = CliRunner().invoke(probe, args)
    assert result.exit_code == 0, result.output
    report = json.loads(saved.read_text())
    jsonschema.validate(report, SCHEMA, cls=jsonschema.Draft202012Validator)
    return str(saved)


def test_a_script_made_slower_fails_against_its_saved_baseline(tmp_path):
    baseline = saved_run(tmp_path, "main", "--compute-ms", "15")
    slower = saved_run(tmp_path, "pull-request", "--compute-ms", "30")
    result = CliRunner().invoke(compare_command, [baseline, slower])
    assert result.exit_code == 1, result.output
    assert "REGRESSION: steps are slower" in result.output
    assert CliRunner().invoke(compare_command, [baseline, baseline]).exit_code == 0
