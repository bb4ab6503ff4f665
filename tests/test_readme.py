"""The README shows what the tool does today: its example output is the real one."""

from __future__ import annotations

import re
import shlex

from conftest import REPO, run_advise

README = (REPO / "README.md").read_text()


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
