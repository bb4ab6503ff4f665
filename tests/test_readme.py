"""The README shows what the tool does today: its example output is the real one, and the CI
recipes of docs/ci.md do what they say."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from conftest import REPO, run_advise

README = (REPO / "README.md").read_text()
CI_PAGE = (REPO / "docs" / "ci.md").read_text()


def _block(name: str) -> str:
    match = re.search(rf"<!-- {name}:start -->\n(.*?)<!-- {name}:end -->", README, re.S)
    assert match, f"README has no {name} block"
    return match.group(1)


def test_example_output_is_what_advise_prints():
    block = _block("example")
    command, output = re.match(r"```\n\$ (.*?)\n(.*?)```\n", block, re.S).groups()
    args = shlex.split(command)
    assert args[0] == "advise"
    result = run_advise(*args[1:])
    assert result.stdout == output


def test_setup_commands_are_what_ci_runs():
    setup = re.search(r"## Set up and test\n\n```\n(.*?)```", README, re.S).group(1).splitlines()
    # .ci/run makes and enters a fresh virtual environment first; then it runs exactly these.
    ci = [line for line in (REPO / ".ci" / "run").read_text().splitlines() if line.startswith("python -m ")]
    assert setup == ci


def _yaml_blocks() -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", CI_PAGE, re.S)


@pytest.mark.parametrize("page", ["README.md", "docs/ci.md"])
def test_no_recipe_names_a_placeholder_or_a_release_tag(page):
    # The repository has no public URL and no tags: a recipe that names either cannot be followed.
    text = (REPO / page).read_text()
    assert "<repository URL>" not in text
    assert not re.search(r"rev: v\d|torch-advise.*@v\d", text)


def _github_step(shell: str | None) -> list[str]:
    """The command GitHub Actions runs a step's script with on Linux: `bash -e {0}` by default,
    `bash --noprofile --norc -eo pipefail {0}` for `shell: bash`."""
    if shell is None:
        return ["bash", "-e"]
    assert shell == "bash", f"this test knows GitHub's bash only, not {shell!r}"
    return ["bash", "--noprofile", "--norc", "-eo", "pipefail"]


def test_the_ci_compare_step_fails_when_compare_fails(tmp_path):
    yaml = pytest.importorskip("yaml", reason="PyYAML comes with pre-commit, in the dev extra")
    steps = [
        step
        for block in _yaml_blocks()
        if "jobs:" in block
        for job in yaml.safe_load(block)["jobs"].values()
        for step in job["steps"]
        if "advise compare" in step.get("run", "")
    ]
    assert len(steps) == 1
    script = tmp_path / "step.sh"
    script.write_text(steps[0]["run"])
    summary = tmp_path / "summary.md"
    env = {**os.environ, "GITHUB_STEP_SUMMARY": str(summary), "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    # No baseline was saved, so compare fails; the step must fail with compare's exit code.
    compare = subprocess.run(["advise", "compare", "baseline/run.json", "run.json"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert compare.returncode != 0
    step = subprocess.run([*_github_step(steps[0].get("shell")), str(script)], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert step.returncode == compare.returncode, step.stdout + step.stderr


def test_python_m_as_the_readme_gives_it_runs_the_installed_tool_beside_a_torch_advise_folder(tmp_path):
    if sys.version_info < (3, 11):
        pytest.skip("-P is new in Python 3.11")
    from torch_advise import __version__

    shadow = tmp_path / "torch_advise"
    shadow.mkdir()
    (shadow / "__init__.py").write_text("")
    (shadow / "__main__.py").write_text("print('a folder of the same name')\n")
    # The block may carry a not-run marker (tests/test_docs.py): its files are placeholders.
    usage = re.search(r"## Usage\n\n(?:<!-- .*? -->\n)?```\n(.*?)```", README, re.S).group(1)
    lines = [line.split("#")[0].split() for line in usage.splitlines() if "-m torch_advise" in line]
    assert lines
    for words in lines:
        assert words[0] == "python" and words[-1] == "..."
        result = subprocess.run([sys.executable, *words[1:-1], "--version"], cwd=tmp_path, capture_output=True, text=True)
        assert result.stdout == f"advise {__version__}\n", words


@pytest.mark.slow
def test_install_commands_give_a_working_advise_from_the_clone_and_from_a_wheel(tmp_path):
    """Each way in, run as the README writes it in a fresh virtual environment; pip fetches the
    dependencies and the build backend from PyPI."""
    block = re.search(r"<!-- install:start -->\n```\n(.*?)```\n<!-- install:end -->", README, re.S).group(1)
    commands = [line.split("#")[0].strip() for line in block.splitlines()]
    (tmp_path / "torch-advise").symlink_to(REPO)
    for name, way in (("clone", commands[:1]), ("wheel", commands[1:])):
        environment = tmp_path / name
        venv.create(environment, with_pip=True)
        env = {**os.environ, "PATH": f"{environment / 'bin'}{os.pathsep}{os.environ['PATH']}", "VIRTUAL_ENV": str(environment)}
        env.pop("PYTHONPATH", None)
        for command in way:
            done = subprocess.run(["bash", "-e", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
            assert done.returncode == 0, command + "\n" + done.stdout + done.stderr
        version = subprocess.run([str(environment / "bin" / "advise"), "--version"], cwd=tmp_path, capture_output=True, text=True)
        assert version.stdout.startswith("advise "), version.stderr
        where = subprocess.run([str(environment / "bin" / "python"), "-c", "import torch_advise; print(torch_advise.__file__)"],
                               cwd=tmp_path, capture_output=True, text=True)
        assert where.stdout.startswith(str(environment)), f"{name}: {where.stdout}"
