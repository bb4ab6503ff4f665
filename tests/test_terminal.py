"""Terminal manners: colour only where it belongs, --quiet, --statistics, readable paths, stable order."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

from torch_advise.report.terminal import color_enabled, display_path

from conftest import REPO, run_advise

ESC = "\x1b["

TRAIN = """\
import torch
from torch.utils.data import DataLoader


def train(model, dataset, optimizer):
    loader = DataLoader(dataset, batch_size=32)
    for inputs, targets in loader:
        inputs = inputs.cuda()
        optimizer.zero_grad(set_to_none=False)
        loss = torch.nn.functional.mse_loss(model(inputs), targets.cuda())
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=False)
"""

SELECT = ("--select", "DL001,DL002,OPT001")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("choice", "environ", "tty", "expected"),
    [
        ("auto", {}, True, True),
        ("auto", {}, False, False),
        ("auto", {"NO_COLOR": "1"}, True, False),
        ("auto", {"NO_COLOR": ""}, True, True),  # an empty NO_COLOR does not count
        ("auto", {"FORCE_COLOR": "1"}, False, True),
        ("auto", {"NO_COLOR": "1", "FORCE_COLOR": "1"}, True, False),
        ("auto", {"TERM": "dumb"}, True, False),
        ("always", {"NO_COLOR": "1"}, False, True),
        ("never", {"FORCE_COLOR": "1"}, True, False),
    ],
)
def test_color_decision(choice, environ, tty, expected):
    stream = Terminal() if tty else io.StringIO()
    assert color_enabled(choice, stream, environ) is expected


def test_piped_output_has_no_colour_unless_forced(advise, tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    piped = advise(*SELECT, "train.py", cwd=tmp_path, env={"NO_COLOR": ""})
    forced = advise(*SELECT, "train.py", cwd=tmp_path, env={"NO_COLOR": "", "FORCE_COLOR": "1"})
    overridden = advise(*SELECT, "--color", "never", "train.py", cwd=tmp_path, env={"NO_COLOR": "", "FORCE_COLOR": "1"})

    assert ESC not in piped.stdout
    assert f"{ESC}1mtrain.py{ESC}0m:6:14: {ESC}1m{ESC}33mDL002{ESC}0m" in forced.stdout
    assert overridden.stdout == piped.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_a_terminal_gets_colour(tmp_path):
    import pty

    (tmp_path / "train.py").write_text(TRAIN)
    controller, terminal = pty.openpty()
    env = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "FORCE_COLOR")}
    env["TERM"] = "xterm"
    process = subprocess.Popen(
        [sys.executable, "-m", "torch_advise", *SELECT, "train.py"], cwd=tmp_path, env=env, stdout=terminal
    )
    os.close(terminal)
    chunks = []
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # the terminal closed when the process exited
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(controller)
    assert process.wait(timeout=60) == 1
    assert f"{ESC}1m{ESC}33mOPT001{ESC}0m" in b"".join(chunks).decode()


def test_quiet_prints_only_the_findings(advise, tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    result = advise(*SELECT, "-q", "train.py", cwd=tmp_path)
    assert result.returncode == 1
    assert [line.split(" ")[:2] for line in result.stdout.splitlines()] == [
        ["train.py:6:14:", "DL001"],
        ["train.py:6:14:", "DL002"],
        ["train.py:9:41:", "OPT001"],
        ["train.py:13:41:", "OPT001"],
    ]


def test_statistics_count_each_rule_most_frequent_first(advise, tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    (tmp_path / "more.py").write_text(TRAIN)
    result = advise(*SELECT, "--statistics", ".", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        # [*] marks rules whose fixes --fix applies: these three need --unsafe-fixes.
        "4  OPT001      zero-grad-set-to-none",
        "2  DL001       dataloader-workers",
        "2  DL002       dataloader-pin-memory",
    ]
    refused = advise("--statistics", "--format", "json", ".", cwd=tmp_path)
    assert refused.returncode == 2


def test_paths_are_relative_to_the_current_folder_and_order_is_stable(advise, tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "train.py").write_text(TRAIN)
    (tmp_path / "a.py").write_text(TRAIN)
    forwards = advise("--select", "DL002", "-q", str(tmp_path / "a.py"), str(tmp_path / "b"), cwd=tmp_path)
    backwards = advise("--select", "DL002", "-q", "b", "./a.py", cwd=tmp_path)

    assert forwards.stdout == backwards.stdout
    assert [line.split(":")[0] for line in forwards.stdout.splitlines()] == ["a.py", "b/train.py"]


def test_display_path_outside_the_folder_is_absolute(tmp_path):
    inside = tmp_path / "project"
    assert display_path(str(inside / "src" / "train.py"), cwd=str(inside)) == "src/train.py"
    assert display_path(str(tmp_path / "other.py"), cwd=str(inside)) == (tmp_path / "other.py").as_posix()


SNIPPET_FIXTURE = "fixtures/lint/core/trainer_class.py"
SNIPPET_TARGET = ["--target", "h100", "--torch-version", "2.13", "--extend-select", "AMP001"]


def test_full_format_shows_the_source_line_with_the_range_underlined():
    full = run_advise(SNIPPET_FIXTURE, "--output-format", "full", *SNIPPET_TARGET).stdout.splitlines()
    at = full.index(next(line for line in full if line.startswith(f"{SNIPPET_FIXTURE}:15:23: AMP001")))
    assert full[at + 1 : at + 5] == [
        "   |",
        "15 |         self.scaler = GradScaler()",
        "   |                       ^^^^^^^^^^",
        "   |",
    ]


def test_concise_is_one_line_a_finding_and_what_a_pipe_gets():
    piped = run_advise(SNIPPET_FIXTURE, *SNIPPET_TARGET).stdout
    assert run_advise(SNIPPET_FIXTURE, "--format", "concise", *SNIPPET_TARGET).stdout == piped
    assert " |" not in piped


def test_a_terminal_gets_the_full_format():
    import pty

    primary, secondary = pty.openpty()
    done = subprocess.run(
        [sys.executable, "-m", "torch_advise", SNIPPET_FIXTURE, "--color", "never", *SNIPPET_TARGET],
        cwd=REPO, stdout=secondary, stderr=subprocess.DEVNULL, timeout=120,
    )
    os.close(secondary)
    chunks = []
    while True:
        try:
            chunk = os.read(primary, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(primary)
    shown = b"".join(chunks).decode().replace("\r\n", "\n")
    assert done.returncode == 1
    assert "15 |         self.scaler = GradScaler()\n" in shown
