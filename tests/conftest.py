from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from torch_advise.catalogue import load_catalogue
from torch_advise.lint.engine import lint_source
from torch_advise.lint.options import FileResult, FixMode, LintOptions
from torch_advise.target import Target

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "fixtures"
SHARED = REPO.parent / "shared"
SARIF_SCHEMA = SHARED / "schemas" / "sarif-schema-2.1.0.json"


# A small training script with several findings, shared by the report-format tests.
BAD_SCRIPT = """\
import torch
from torch.utils.data import DataLoader


def train(model, dataset, optimizer):
    loader = DataLoader(dataset, batch_size=32, num_workers=4)
    for inputs, targets in loader:
        inputs = inputs.cuda()
        optimizer.zero_grad(set_to_none=False)
        loss = torch.nn.functional.mse_loss(model(inputs), targets.cuda())
        loss.backward()
        optimizer.step()
"""


# An empty folder outside any repository, for text linted on its own.
ISOLATED = tempfile.mkdtemp(prefix="advise-text-")
atexit.register(shutil.rmtree, ISOLATED, ignore_errors=True)


def make_target(capability: tuple[int, int] = (8, 0), torch_version: tuple[int, int] = (2, 13)) -> Target:
    return Target(capability, "test", torch_version, "test")


def lint_text(
    code: str,
    *,
    select: list[str] | None = None,
    target: Target | None = None,
    fix: str | None = None,
    path: str = "train.py",
) -> FileResult:
    """Lint source text with a fixed target (sm_80, torch 2.13 unless given). A relative path
    names a file in an empty folder: the text is its own project, not the one running the tests."""
    catalogue = load_catalogue()
    if not os.path.isabs(path):
        path = os.path.join(ISOLATED, path)
    options = LintOptions(catalogue, frozenset(catalogue.select(select or ["ALL"], None)), target or make_target(), FixMode(fix) if fix else None)
    return lint_source(path, code.encode(), options)


def codes_of(result: FileResult) -> list[str]:
    return [f.code for f in result.findings]


def run_advise(*args: str, cwd: Path | None = None, env: dict | None = None, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Run the real CLI in a subprocess, as a user would."""
    full_env = {**os.environ, "NO_COLOR": "1", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "torch_advise", *args],
        cwd=cwd or REPO,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
        input=stdin if stdin is not None else "",
    )


@pytest.fixture
def advise():
    return run_advise


@pytest.fixture
def parses(monkeypatch):
    """The names of the files the engine parses, in order."""
    from torch_advise.lint import engine

    seen: list[str] = []
    original = engine.lint_source

    def counting(path, source, options, ignored=frozenset()):
        seen.append(Path(path).name)
        return original(path, source, options, ignored)

    monkeypatch.setattr(engine, "lint_source", counting)
    return seen


def run_probe(tmp_path: Path, fixture: str, *options: str, script_args: tuple[str, ...] = ()) -> tuple[int, dict]:
    """`advise probe` on fixtures/probe/FIXTURE.py: its exit code and its JSON report, checked
    against the report's schema."""
    import json

    import jsonschema
    from click.testing import CliRunner

    from torch_advise.probe.command import probe
    from torch_advise.probe.output.report import SCHEMA_PATH

    out = tmp_path / f"{fixture}.json"
    args = [str(FIXTURES / "probe" / f"{fixture}.py"), "--format", "json", "--output", str(out), *options]
    if script_args:
        args += ["--", *script_args]
    result = CliRunner().invoke(probe, args)
    report = json.loads(out.read_text())
    schema = json.loads(Path(SCHEMA_PATH).read_text(encoding="utf-8"))
    jsonschema.validate(report, schema, cls=jsonschema.Draft202012Validator)
    return result.exit_code, report


@pytest.fixture(scope="session")
def sarif_validator():
    """The SARIF 2.1.0 schema's validator; skips where the shared folder is not beside the repository."""
    if not SARIF_SCHEMA.is_file():
        pytest.skip(f"the SARIF schema is not at {SARIF_SCHEMA} (the shared folder next to the repository)")
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    return jsonschema.validators.validator_for(schema)(schema)
