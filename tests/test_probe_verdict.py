"""Verdict maths, thresholds and the join of static findings to runtime figures."""

import pytest

from torch_advise.finding import Finding
from torch_advise.probe.judge import verdict as v
from torch_advise.probe.judge.join import join

SCRIPT = "/work/train.py"


def raw_run(*, gpu=True, capability="9.0", idle_ms=0.0, host_ms=0.0, window_ms=1000.0, loaders=None,
            syncs=None, copies=None, autocast=None, scalers=None):
    fetches = [{"loader": 0, "step": 1, "host_wait_ms": host_ms, "gpu_idle_ms": idle_ms if gpu else None,
                "is_batch": True}]
    return {
        "device": {"kind": "cuda" if gpu else "cpu", "capability": capability if gpu else None},
        "steps": {"clock": "cuda" if gpu else "host", "measured": 10, "window_ms": window_ms,
                  "fetches": fetches},
        "loaders": loaders if loaders is not None else [loader()],
        "syncs": {"measured": gpu, "lines": syncs or [], "unattributed": 0},
        "copies": copies or {"measured": False, "reason": "no CUDA device in this run"},
        "autocast": autocast or [],
        "scalers": scalers or [],
    }


def loader(line=42, **settings):
    row = {"id": 0, "path": SCRIPT, "line": line, "num_workers": 0, "pin_memory": False,
           "persistent_workers": False, "first_batch_ms": [300.0], "batches_pinned": False}
    row.update(settings)
    return row


def finding(code, line, end_line=0):
    return Finding(path=SCRIPT, line=line, col=5, code=code, message=f"{code} message", end_line=end_line)


def by_id(raw):
    return {item["id"]: item for item in v.verdicts(raw)}


def test_predicted_speedup_is_one_over_the_busy_share():
    assert v.predicted_speedup(0.61) == pytest.approx(2.564, rel=1e-3)
    assert v.predicted_speedup(0.014) == pytest.approx(1.014, rel=1e-3)
    assert v.predicted_speedup(0.0) == 1.0


def test_gpu_verdict_uses_idle_time_not_host_wait():
    # The H200's GPU-bound scenario: the host waits 58 % in next(), the GPU idles 1.4 %.
    raw = raw_run(idle_ms=14.0, host_ms=577.0)
    verdict = by_id(raw)["input-bound"]
    assert verdict["status"] == "clear"
    assert verdict["figure"] == pytest.approx(0.014)
    assert v.input_figures(raw)["host_wait_share"] == pytest.approx(0.577)


def test_input_bound_fires_at_ten_percent_with_its_speedup_and_loader_line():
    verdict = by_id(raw_run(idle_ms=610.0, host_ms=952.0))["input-bound"]
    assert verdict["status"] == "fired"
    assert verdict["predicted_speedup"] == pytest.approx(2.564, rel=1e-3)
    assert verdict["lines"] == [{"path": SCRIPT, "line": 42}]
    assert by_id(raw_run(idle_ms=100.0))["input-bound"]["status"] == "fired"
    assert by_id(raw_run(idle_ms=99.0))["input-bound"]["status"] == "clear"


def test_cpu_verdict_uses_host_wait_and_says_it_is_a_cpu_one():
    verdict = by_id(raw_run(gpu=False, host_ms=500.0))["input-bound"]
    assert verdict["status"] == "fired"
    assert "CPU run" in verdict["summary"]
    assert verdict["predicted_speedup"] == pytest.approx(2.0)


def test_gpu_only_verdicts_do_not_apply_on_cpu():
    verdicts = by_id(raw_run(gpu=False))
    for name in ("sync-heavy", "pageable-copies", "fp16-on-bf16"):
        assert verdicts[name]["status"] == "not-applicable"
        assert "no CUDA device" in verdicts[name]["summary"]


def test_no_dataloader_means_no_input_verdict():
    assert by_id(raw_run(loaders=[]))["input-bound"]["status"] == "not-applicable"


def test_sync_heavy_fires_at_one_sync_per_step():
    syncs = [{"path": SCRIPT, "line": 88, "count": 10, "per_step": 1.0}]
    verdict = by_id(raw_run(syncs=syncs))["sync-heavy"]
    assert verdict["status"] == "fired"
    assert verdict["lines"] == [{"path": SCRIPT, "line": 88}]
    rare = [{"path": SCRIPT, "line": 88, "count": 1, "per_step": 0.1}]
    assert by_id(raw_run(syncs=rare))["sync-heavy"]["status"] == "clear"


def copies(pageable_ms, count=4, steps=2, lines=None):
    tally = {"count": count, "time_ms": pageable_ms, "per_step": count / steps,
             "lines": lines or [{"path": SCRIPT, "line": 45, "count": count}]}
    empty = {"count": 0, "time_ms": 0.0, "per_step": 0.0, "lines": []}
    return {"measured": True, "reason": None, "profiled_steps": steps, "profiled_ms": 100.0,
            "pageable": tally if count else empty, "pinned": empty}


def test_pageable_copies_fire_at_one_percent_of_profiled_time():
    assert by_id(raw_run(copies=copies(5.0)))["pageable-copies"]["status"] == "fired"
    assert by_id(raw_run(copies=copies(0.5)))["pageable-copies"]["status"] == "clear"


def autocast_row(dtype, line=60, device="cuda"):
    return {"path": SCRIPT, "line": line, "device": device, "dtype": dtype, "enabled": True, "entries": 10}


def test_fp16_on_bf16_depends_on_compute_capability():
    assert by_id(raw_run(autocast=[autocast_row("float16")]))["fp16-on-bf16"]["status"] == "fired"
    on_t4 = raw_run(capability="7.5", autocast=[autocast_row("float16")])
    assert by_id(on_t4)["fp16-on-bf16"]["status"] == "clear"
    assert by_id(raw_run(autocast=[autocast_row("bfloat16")]))["fp16-on-bf16"]["status"] == "clear"


def test_scaler_with_bf16():
    scalers = [{"path": SCRIPT, "line": 30, "device": "cuda", "enabled": True, "steps": 10}]
    raw = raw_run(autocast=[autocast_row("bfloat16")], scalers=scalers)
    assert by_id(raw)["scaler-with-bf16"]["status"] == "fired"


def test_worker_restart_needs_a_second_epoch():
    one = loader(num_workers=4, first_batch_ms=[300.0])
    assert by_id(raw_run(loaders=[one]))["worker-restart"]["status"] == "not-applicable"
    two = loader(num_workers=4, first_batch_ms=[300.0, 280.0])
    assert by_id(raw_run(loaders=[two]))["worker-restart"]["status"] == "fired"


def actions(verdict):
    return [(action["change"], action["line"]) for action in verdict["actions"]]


def test_each_fired_verdict_names_the_change_and_its_line(monkeypatch):
    monkeypatch.setattr(v, "enough_workers", lambda: 4)
    fired = by_id(raw_run(idle_ms=610.0, loaders=[loader(batches=10)], syncs=[{"path": SCRIPT, "line": 88, "count": 10, "per_step": 1.0}],
                          copies=copies(5.0), autocast=[autocast_row("float16")],
                          scalers=[{"path": SCRIPT, "line": 30, "device": "cuda", "enabled": True, "steps": 10}]))
    assert actions(fired["input-bound"]) == [("set num_workers=4 (now 0)", 42)]
    assert actions(fired["sync-heavy"]) == [
        ("stop this sync every step (1.0 per step): keep the value on the GPU, or read it every N steps", 88)]
    assert actions(fired["pageable-copies"]) == [
        ("set pin_memory=True", 42), ("pass non_blocking=True (from pinned memory the copy overlaps the step)", 45)]
    assert actions(fired["fp16-on-bf16"]) == [("set dtype=torch.bfloat16 (and drop the GradScaler it needed)", 60)]
    bf16 = by_id(raw_run(autocast=[autocast_row("bfloat16")],
                         scalers=[{"path": SCRIPT, "line": 30, "device": "cuda", "enabled": True, "steps": 10}]))
    assert actions(bf16["scaler-with-bf16"]) == [("remove the GradScaler (or pass enabled=False)", 30)]
    restarts = by_id(raw_run(loaders=[loader(num_workers=4, first_batch_ms=[300.0, 280.0])]))
    assert actions(restarts["worker-restart"]) == [("set persistent_workers=True", 42)]
    assert all(item["actions"] == [] for item in by_id(raw_run()).values() if item["status"] != "fired")


def test_an_input_bound_loader_with_enough_workers_is_told_to_make_batches_cheaper(monkeypatch):
    monkeypatch.setattr(v, "enough_workers", lambda: 4)
    verdict = by_id(raw_run(idle_ms=610.0, loaders=[loader(num_workers=4, dataset="Shards")]))["input-bound"]
    assert actions(verdict) == [("make each batch cheaper to load (Shards.__getitem__ or the collate_fn): "
                                 "num_workers=4 already uses the cores this run may use", 42)]


def test_a_distributed_run_reports_the_jobs_speedup_not_the_ranks():
    verdict = v.input_bound(raw_run(idle_ms=610.0), v.input_figures(raw_run(idle_ms=610.0)), job_speedup=1.4)
    assert verdict["predicted_speedup"] == 1.4
    assert "the job up to 1.40x faster when every rank's input is ready in time (this rank's own steps: 2.56x)" in verdict["summary"]


def statuses(findings, raw):
    return [(row["code"], row["status"]) for row in join(findings, raw)]


def test_dataloader_finding_confirmed_with_figure_and_speedup():
    rows = join([finding("DL001", 42)], raw_run(idle_ms=610.0))
    assert rows[0]["status"] == "confirmed"
    assert rows[0]["figure"] == pytest.approx(0.61)
    assert "61%" in rows[0]["detail"] and "2.6x" in rows[0]["detail"]


def test_dataloader_finding_not_confirmed_when_gpu_is_busy():
    rows = join([finding("DL001", 42)], raw_run(idle_ms=14.0, host_ms=577.0))
    assert rows[0]["status"] == "not confirmed"
    assert "1%" in rows[0]["detail"]


def test_multiline_call_matches_runtime_line_inside_it():
    raw = raw_run(idle_ms=610.0, loaders=[loader(line=44)])
    assert statuses([finding("DL001", 42, end_line=47)], raw) == [("DL001", "confirmed")]
    assert statuses([finding("DL001", 50)], raw) == [("DL001", "not exercised")]


def test_cuda_findings_are_not_exercised_on_cpu():
    raw = raw_run(gpu=False, host_ms=500.0)
    found = statuses([finding("DL002", 42), finding("SYNC001", 88), finding("DL005", 45)], raw)
    assert found == [("DL002", "not exercised"), ("DL005", "not exercised"), ("SYNC001", "not exercised")]
    assert join([finding("DL002", 42)], raw)[0]["detail"] == "no CUDA device in this run"


def test_pin_memory_confirmed_by_pageable_copies():
    raw = raw_run(copies=copies(5.0))
    assert statuses([finding("DL002", 42), finding("DL005", 45), finding("DL005", 46)], raw) == [
        ("DL002", "confirmed"), ("DL005", "confirmed"), ("DL005", "not confirmed")]
    pinned = raw_run(copies=copies(5.0), loaders=[loader(pin_memory=True)])
    assert statuses([finding("DL002", 42)], pinned) == [("DL002", "not confirmed")]


def test_sync_finding_confirmed_at_its_line_only():
    syncs = [{"path": SCRIPT, "line": 88, "count": 10, "per_step": 1.0}]
    raw = raw_run(syncs=syncs, idle_ms=358.0)
    rows = join([finding("SYNC001", 88), finding("SYNC001", 90)], raw)
    assert [row["status"] for row in rows] == ["confirmed", "not confirmed"]
    assert "1.0 syncs per step" in rows[0]["detail"]


def test_amp_findings():
    raw = raw_run(autocast=[autocast_row("float16")],
                  scalers=[{"path": SCRIPT, "line": 30, "device": "cuda", "enabled": True, "steps": 9}])
    rows = join([finding("AMP002", 60), finding("AMP003", 30)], raw)
    assert rows[0]["status"] == "not confirmed"  # AMP003 at line 30 sorts first: fp16 needs scaling
    assert rows[1]["status"] == "confirmed"
    assert rows[1]["detail"] == "autocast ran in float16 on a bf16-capable GPU (sm_90)"


def test_unknown_rule_is_not_exercised_with_a_reason():
    rows = join([finding("OPT001", 10)], raw_run())
    assert rows[0]["status"] == "not exercised"
    assert rows[0]["detail"] == "the probe does not measure OPT001"
