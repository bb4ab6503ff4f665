"""`--format github`: workflow commands that GitHub Actions turns into annotations."""

from __future__ import annotations

import io

from torch_advise.catalogue import load_catalogue
from torch_advise.finding import Finding
from torch_advise.report import Report, render
from torch_advise.report.github_format import escape_data, escape_property

from conftest import BAD_SCRIPT, make_target


def test_one_annotation_per_finding_with_position_and_code(advise, tmp_path):
    folder = tmp_path / "runs,v2:final"
    folder.mkdir()
    (folder / "train.py").write_text(BAD_SCRIPT)
    (tmp_path / "broken.py").write_text("def train(:\n")

    result = advise("--format", "github", "--select", "DL002,OPT001", "runs,v2:final", "broken.py", cwd=tmp_path)

    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("::error file=broken.py,line=1,col=11,")
    assert lines[0].split("::")[1].endswith(",title=E999")
    assert lines[1] == (
        "::warning file=runs%2Cv2%3Afinal/train.py,line=6,col=14,endLine=6,endColumn=63,title=DL002::"
        "DataLoader batches are copied to CUDA from pageable memory: set pin_memory=True"
        " (pinned host-to-device copies are up to 8x faster and can overlap compute)"
    )
    # The message keeps its ':' but encodes '%', which GitHub would otherwise decode.
    assert lines[2].startswith("::warning file=runs%2Cv2%3Afinal/train.py,line=9,col=41,")
    assert "title=OPT001::zero_grad() fills every gradient with zeros instead of freeing it:" in lines[2]
    assert "(36 %25 faster steps" in lines[2]
    assert len(lines) == 3


def test_no_findings_prints_nothing(advise, tmp_path):
    (tmp_path / "clean.py").write_text("print('ok')\n")
    result = advise("--format", "github", "clean.py", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, "")


def test_escaping_follows_the_actions_toolkit():
    assert escape_data("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b"
    assert escape_property("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext%3A a%2C b"


def test_severity_picks_the_command():
    findings = [
        Finding("a.py", 1, 1, "X001", "broken", severity="error"),
        Finding("a.py", 2, 1, "X002", "slow", severity="warning"),
        Finding("a.py", 3, 1, "X003", "consider", severity="info"),
    ]
    out = io.StringIO()
    render("github", Report(findings, 1, make_target(), load_catalogue()), out)
    assert [line.split(" ")[0] for line in out.getvalue().splitlines()] == ["::error", "::warning", "::notice"]
