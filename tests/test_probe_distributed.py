"""`advise probe --nproc-per-node N`: every rank measured under torch.distributed.run (gloo, CPU),
the late rank found and timed, and nothing of any rank left running after a timeout or a kill."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest
from click.testing import CliRunner
from test_lifetime import alive, leftovers, recorded, wait_until

from torch_advise.probe.command import probe
from torch_advise.probe.judge.ranks import job_input_speedup, lateness, rank_section

from conftest import FIXTURES, REPO, run_probe

pytest.importorskip("torch")
STRAGGLER = FIXTURES / "probe" / "straggler.py"
pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")


def test_the_slower_rank_is_named_late_by_about_the_delay_built_in(tmp_path):
    code, report = run_probe(tmp_path, "straggler", "--nproc-per-node", "2", "--steps", "30",
                             script_args=("--delay-ms", "30", "--slow-rank", "1"))
    assert code == 0
    ranks = report["ranks"]
    assert report["settings"]["nproc_per_node"] == 2
    assert [row["rank"] for row in ranks["per_rank"]] == [0, 1]
    assert all(row["outcome"] == "completed" and row["measured"] == 30 for row in ranks["per_rank"])
    assert ranks["late_rank"] == 1
    assert ranks["lateness_ms"] == pytest.approx(30, rel=0.2)
    # Rank 0 waits on nobody: its own lateness is a small part of rank 1's, whatever the load.
    assert ranks["per_rank"][0]["median_lateness_ms"] < ranks["lateness_ms"] / 5
    # The report's body is the late rank's: its loader is the one waiting on input.
    assert ranks["shown_rank"] == 1
    assert report["input"]["share"] > report["ranks"]["lateness_ms"] / report["steps"]["median_ms"] * 0.8
    assert "rank 1 is late by" in ranks["summary"]
    # Every rank's input waits (10 ms a batch, rank 1's 40 ms): the job's speedup is the verdict's.
    verdict = next(item for item in report["verdicts"] if item["id"] == "input-bound")
    assert verdict["status"] == "fired" and verdict["predicted_speedup"] == ranks["job_input_speedup"] > 1.5
    assert "the job up to" in verdict["summary"]


def test_a_balanced_run_reports_no_straggler(tmp_path):
    code, report = run_probe(tmp_path, "straggler", "--nproc-per-node", "2", "--steps", "30",
                             script_args=("--delay-ms", "0"))
    assert code == 0
    ranks = report["ranks"]
    assert ranks["late_rank"] is None and ranks["lateness_ms"] is None
    assert ranks["summary"].startswith("no straggler")
    assert all(row["measured"] == 30 for row in ranks["per_rank"])


def test_the_text_report_lists_every_rank_and_the_verdict(tmp_path):
    result = CliRunner().invoke(probe, [str(STRAGGLER), "--nproc-per-node", "2", "--steps", "15"])
    assert result.exit_code == 0, result.output
    assert "ranks (2; the figures above are rank 1's):" in result.output
    assert "  rank 0   median step" in result.output and "  rank 1   median step" in result.output
    assert "rank 1 is late by" in result.output


def test_a_timeout_stops_every_rank_and_every_worker(tmp_path):
    pids_file = tmp_path / "pids"
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "PYTHONPATH": str(REPO / "src")}
    out = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-m", "torch_advise", "probe", str(STRAGGLER), "--nproc-per-node", "2", "--timeout", "20",
         "--format", "json", "--output", str(out), "--", "--workers", "2", "--hang-rank", "1", "--pids", str(pids_file)],
        env=env, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 3, done.stderr[-2000:]
    report = json.loads(out.read_text())
    assert [row["outcome"] for row in report["ranks"]["per_rank"]] == ["timed-out", "timed-out"]
    assert report["outcome"]["status"] == "timed-out"
    pids = recorded(pids_file)
    assert len(pids) == 6  # two ranks, two workers each
    assert wait_until(lambda: not any(alive(pid) for pid in pids), 10), [pid for pid in pids if alive(pid)]
    assert wait_until(lambda: not leftovers(temp), 5), leftovers(temp)


def test_sigkill_of_the_probe_stops_every_rank(tmp_path):
    pids_file = tmp_path / "pids"
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    process = subprocess.Popen(
        [sys.executable, "-m", "torch_advise", "probe", str(STRAGGLER), "--nproc-per-node", "2", "--steps", "100000",
         "--format", "json", "--output", str(tmp_path / "report.json"), "--", "--workers", "2", "--pids", str(pids_file)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    assert wait_until(lambda: len(recorded(pids_file)) == 6, 120)
    process.send_signal(signal.SIGKILL)
    process.wait(10)
    pids = recorded(pids_file)
    assert wait_until(lambda: not any(alive(pid) for pid in pids), 10), [pid for pid in pids if alive(pid)]


def test_try_and_nproc_per_node_together_is_a_usage_error():
    result = CliRunner().invoke(probe, [str(STRAGGLER), "--nproc-per-node", "2", "--try", "DL001"])
    assert result.exit_code == 2
    assert "cannot be used with --nproc-per-node" in result.output


def test_lateness_is_measured_from_the_earliest_rank_at_each_step():
    late = lateness({0: [10.000, 11.000, 12.050], 1: [10.030, 11.000, 12.000], 2: [10.010, None, 12.000]})
    # The step rank 2 did not reach is left out for every rank.
    assert late == {0: [0.0, pytest.approx(50.0)], 1: [pytest.approx(30.0), 0.0], 2: [pytest.approx(10.0), 0.0]}


def _raw(status="completed", arrivals=(), median=20.0):
    return {"outcome": {"status": status, "exit_code": None},
            "steps": {"measured": len(arrivals), "median_ms": median, "p90_ms": median, "step_ms": [median] * len(arrivals)},
            "arrivals_s": list(arrivals)}


def test_the_report_shows_a_failed_rank_first_then_the_late_one():
    on_time, late = [1.0, 2.0, 3.0], [1.005, 2.005, 3.005]
    section, shown = rank_section({0: _raw(arrivals=on_time), 1: _raw(arrivals=late)})
    assert (shown, section["late_rank"]) == (1, 1)
    assert section["lateness_ms"] == pytest.approx(5.0)
    section, shown = rank_section({0: _raw(arrivals=on_time), 1: _raw("raised", arrivals=on_time)})
    assert (shown, section["late_rank"]) == (1, None)
    section, shown = rank_section({0: _raw(arrivals=on_time), 1: None})
    assert shown == 1 and section["per_rank"][1]["outcome"] == "no report"
    assert section["summary"].startswith("lateness not measured")


def test_lateness_below_a_tenth_of_the_step_is_no_straggler():
    section, _ = rank_section({0: _raw(arrivals=[1.0, 2.0]), 1: _raw(arrivals=[1.0019, 2.0019], median=20.0)})
    assert section["late_rank"] is None
    assert section["summary"] == ("no straggler: every rank arrives within 1.9 ms of the first "
                                  "(median; a straggler is 2.0 ms or more late)")


def rank_raw(step_ms, stall_ms, steps=10):
    fetches = [{"loader": 0, "step": step, "host_wait_ms": stall_ms, "gpu_idle_ms": None, "is_batch": True}
               for step in range(1, steps + 1)]
    return {"steps": {"clock": "host", "measured": steps, "window_ms": step_ms * steps, "fetches": fetches}}


def test_the_jobs_speedup_is_set_by_the_rank_with_the_most_work_of_its_own():
    section = {"per_rank": [{"rank": 0, "median_lateness_ms": 0.0}, {"rank": 1, "median_lateness_ms": 10.0}]}
    # Rank 1 waits 30 ms on input and arrives 10 ms late; rank 0 waits for it 10 ms but has 40 ms
    # of compute: with input free, the job goes at rank 0's 40 ms, not rank 1's 20 ms.
    results = {0: rank_raw(50.0, 0.0), 1: rank_raw(50.0, 30.0)}
    assert job_input_speedup(results, section) == pytest.approx(50 / 40)
    # Rank 0's own work is short too: then the job gains what the late rank does.
    results = {0: rank_raw(50.0, 30.0), 1: rank_raw(50.0, 30.0)}
    assert job_input_speedup(results, section) == pytest.approx(50 / 20)
    assert job_input_speedup({0: None, 1: None}, section) is None
