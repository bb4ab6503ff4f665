"""The lint's layers stay apart: rules read the analysis, the analysis reads no rule, and no two
modules import each other, so a change to one check cannot reach another check."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from conftest import FIXTURES

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "torch_advise"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    """Each module of the package and the package modules it imports, at any depth of its code."""
    modules = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                candidates = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            elif isinstance(node, ast.Import):
                candidates = [alias.name for alias in node.names]
            else:
                continue
            found.update(candidate for candidate in candidates if candidate in modules)
        graph[name] = found - {name}
    return graph


GRAPH = _imports()
CHECKS = "torch_advise.lint.checks"
ANALYSIS = "torch_advise.lint.analysis"


def test_checks_import_only_the_analysis_layer():
    # The syntax tree's node classes are what every check reads.
    allowed = (ANALYSIS + ".", "torch_advise.lint.syntax_tree.", "torch_advise.records")
    for module, imported in GRAPH.items():
        if module.startswith(CHECKS + "."):
            assert all(name.startswith(allowed) for name in imported), (module, sorted(imported))


def test_the_analysis_layer_imports_no_check_and_nothing_that_runs_a_lint():
    forbidden = (CHECKS, "torch_advise.lint.engine", "torch_advise.lint.runner", "torch_advise.lint.session", "torch_advise.cli")
    for module, imported in GRAPH.items():
        if module.startswith(ANALYSIS):
            assert not [name for name in imported if name.startswith(forbidden)], module


def test_run_types_and_policy_import_no_libcst():
    for module in ("torch_advise.lint.options", "torch_advise.lint.session"):
        source = (PACKAGE.parent / (module.replace(".", "/") + ".py")).read_text()
        assert "libcst" not in {
            alias.name.split(".")[0] for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Import) for alias in node.names
        } and "from libcst" not in source, module


def test_no_import_cycle():
    state: dict[str, int] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for imported in sorted(GRAPH[module]):
            assert state.get(imported) != 1, " -> ".join([*path, module, imported])
            if imported not in state:
                visit(imported, [*path, module])
        state[module] = 2

    for module in sorted(GRAPH):
        if module not in state:
            visit(module, [])


def test_a_lint_without_fixes_imports_no_libcst(tmp_path):
    """libcst is imported only where a fix is written or shown: importing it costs more than
    linting a file."""
    script = (
        "import sys\n"
        "from torch_advise.cli import main\n"
        f"sys.argv = ['advise', {str(FIXTURES / 'lint' / 'core' / 'trainer_class.py')!r}, '--no-cache', '--jobs', '1']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('libcst' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path)
    assert result.stdout.strip().splitlines()[-1] == "False", result.stdout + result.stderr
