"""What the probe imports into the user's training process: its own in-process modules and the
pure figures they need, never the lint, the CLI or the report writers (each would cost the
script start-up time and memory, and libcst or click could clash with the script's own)."""

import json
import subprocess
import sys

IN_PROCESS_ALLOWED = ("torch_advise.probe.inside.", "torch_advise.probe.judge.")
IN_PROCESS_PACKAGES = {"torch_advise", "torch_advise.probe", "torch_advise.probe.inside",
                       "torch_advise.probe.judge", "torch_advise.processes"}
NEVER = ("libcst", "click", "torch", "torch_advise.lint", "torch_advise.probe.output", "torch_advise.cli")


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_the_child_entry_point_imports_only_what_runs_in_the_script():
    code = ("import json, sys; import torch_advise.probe.inside.instrument; "
            "print(json.dumps(sorted(sys.modules)))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    ours = [name for name in loaded if name.startswith("torch_advise")]
    assert "torch_advise.probe.inside.instrument" in ours
    strays = [name for name in ours if name not in IN_PROCESS_PACKAGES and not name.startswith(IN_PROCESS_ALLOWED)]
    assert strays == []
    # torch itself is imported when the probe starts measuring, not when this module loads.
    assert [name for name in loaded if any(_within(name, package) for package in NEVER)] == []
