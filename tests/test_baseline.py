"""Baselines: record today's findings, then report only new ones, even after the code moves."""

from __future__ import annotations

import json

LOADER = "    loader = DataLoader(dataset, batch_size=32, num_workers=4)\n"

TRAIN = (
    "import torch\n"
    "from torch.utils.data import DataLoader\n"
    "\n"
    "\n"
    "def train(model, dataset, optimizer):\n"
    + LOADER
    + "    for inputs, targets in loader:\n"
    "        inputs = inputs.cuda()\n"
    "        optimizer.zero_grad(set_to_none=False)\n"
    "        loss = torch.nn.functional.mse_loss(model(inputs), targets.cuda())\n"
    "        loss.backward()\n"
    "        optimizer.step()\n"
)

EVALUATE = (
    "\n"
    "\n"
    "def evaluate(model, dataset):\n"
    "    loader = DataLoader(dataset, batch_size=256, num_workers=4)\n"
    "    for inputs, _ in loader:\n"
    "        model(inputs.cuda())\n"
)

SELECT = ("--select", "DL002,OPT001")


def test_baselined_findings_are_hidden_and_new_ones_reported_after_edits(advise, tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    written = advise(*SELECT, "--write-baseline", "advise-baseline.json", "train.py", cwd=tmp_path)
    assert written.returncode == 0, written.stderr
    assert "Wrote 2 findings to advise-baseline.json." in written.stderr
    entries = json.loads((tmp_path / "advise-baseline.json").read_text())["findings"]
    assert [(e["path"], e["code"], e["line"]) for e in entries] == [("train.py", "DL002", 6), ("train.py", "OPT001", 9)]

    unchanged = advise(*SELECT, "--baseline", "advise-baseline.json", "train.py", cwd=tmp_path)
    assert unchanged.returncode == 0
    assert "All checks passed." in unchanged.stdout
    assert "2 findings in the baseline not shown." in unchanged.stdout

    # Lines added above move both findings; a loader in a new function is a new finding.
    (tmp_path / "train.py").write_text('"""Training."""\n\n' + TRAIN + EVALUATE)
    moved = advise(*SELECT, "--baseline", "advise-baseline.json", "train.py", cwd=tmp_path)
    assert moved.returncode == 1
    reported = [line for line in moved.stdout.splitlines() if line.startswith("train.py:")]
    assert [line.split(" ")[:2] for line in reported] == [["train.py:18:14:", "DL002"]], moved.stdout
    assert "2 findings in the baseline not shown." in moved.stdout


def test_a_baseline_written_with_fix_records_what_is_left_and_says_what_was_fixed(advise, tmp_path):
    # The zero_grad call has a fix; zeroing each .grad in a loop has none and stays.
    manual = TRAIN.replace(
        "        optimizer.zero_grad(set_to_none=False)\n",
        "        optimizer.zero_grad(set_to_none=False)\n        for p in model.parameters():\n            p.grad.zero_()\n",
    )
    (tmp_path / "train.py").write_text(manual)
    written = advise("--select", "OPT001", "--fix", "--unsafe-fixes", "--write-baseline", "b.json", "train.py", cwd=tmp_path)
    assert written.returncode == 0, written.stderr
    assert written.stderr.splitlines()[-2:] == ["Fixed 1 finding in 1 file.", "Wrote 1 finding to b.json."]
    assert "zero_grad(set_to_none=True)" in (tmp_path / "train.py").read_text()
    entries = json.loads((tmp_path / "b.json").read_text())["findings"]
    assert [(e["code"], e["line"]) for e in entries] == [("OPT001", 11)]


def test_identical_lines_are_counted_not_merged(advise, tmp_path):
    twice = TRAIN.replace("        optimizer.step()\n", "        optimizer.step()\n        optimizer.zero_grad(set_to_none=False)\n")
    (tmp_path / "train.py").write_text(twice)
    assert advise(*SELECT, "--write-baseline", "b.json", "train.py", cwd=tmp_path).returncode == 0

    thrice = twice + "        optimizer.zero_grad(set_to_none=False)\n"
    (tmp_path / "train.py").write_text(thrice)
    result = advise(*SELECT, "--baseline", "b.json", "train.py", cwd=tmp_path)
    assert result.returncode == 1
    assert [line.split(" ")[1] for line in result.stdout.splitlines() if line.startswith("train.py:")] == ["OPT001"]


def test_the_baseline_matches_from_another_folder(advise, tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "train.py").write_text(TRAIN)
    assert advise(*SELECT, "--write-baseline", "advise-baseline.json", "src", cwd=tmp_path).returncode == 0

    inside = advise(*SELECT, "--baseline", "../advise-baseline.json", "train.py", cwd=tmp_path / "src")
    assert inside.returncode == 0, inside.stdout


def test_unusable_baselines_are_errors(advise, tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    missing = advise("--baseline", "nope.json", "train.py", cwd=tmp_path)
    assert missing.returncode == 2
    assert "nope.json: cannot read the baseline" in missing.stderr

    (tmp_path / "other.json").write_text('{"runs": []}')
    foreign = advise("--baseline", "other.json", "train.py", cwd=tmp_path)
    assert foreign.returncode == 2
    assert "other.json: not a torch-advise baseline file" in foreign.stderr

    unwritable = advise("--write-baseline", "no/such/folder/b.json", "train.py", cwd=tmp_path)
    assert unwritable.returncode == 2
    assert "cannot write the baseline" in unwritable.stderr
