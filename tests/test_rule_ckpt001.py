"""CKPT001: a torch.load that refuses, from torch 2.6 on, the object its caller reads from it."""

from __future__ import annotations

import ast
import importlib.util
import textwrap

import pytest

from torch_advise.lint.engine import own_tree
from torch_advise.lint.syntax_tree import nodes as cst

from conftest import REPO, lint_text, make_target, run_advise


def _tree(code: str) -> cst.Module:
    return own_tree(code.encode(), ast.parse(code))


def _findings(code: str, torch_version: tuple[int, int] = (2, 13)):
    result = lint_text(textwrap.dedent(code), select=["CKPT001"], target=make_target(torch_version=torch_version))
    return [(f.line, f.col, f.message) for f in result.findings]


def test_a_whole_module_loaded_and_put_in_eval_mode_is_flagged_at_the_load():
    findings = _findings(
        """\
        import torch

        def evaluate(path):
            model = torch.load(path, map_location="cpu")
            model.eval()
            return model
        """
    )
    assert [(line, column) for line, column, _ in findings] == [(4, 13)]
    assert "reads `.eval` from it" in findings[0][2]
    assert "weights_only=True" in findings[0][2] and "add_safe_globals" in findings[0][2]


def test_an_object_under_a_constant_key_is_named_by_its_key():
    findings = _findings(
        """\
        import torch

        checkpoint = torch.load("best.pt")
        learning_rate = checkpoint["args"].lr
        """
    )
    assert len(findings) == 1 and "from its 'args' entry" in findings[0][2]


@pytest.mark.parametrize(
    "code",
    [
        # A state dict: only what tensors and containers have is read.
        'model.load_state_dict(torch.load("w.pt"))\n',
        'ckpt = torch.load("w.pt")\nfor key, value in ckpt.items():\n    print(key, value.shape)\n',
        'ckpt = torch.load("w.pt")\nmodel.load_state_dict(ckpt["model"])\nstep = ckpt["step"].item()\n',
        # The code says how to load it.
        'model = torch.load("m.pt", weights_only=False)\nmodel.eval()\n',
        'model = torch.load("m.pt", weights_only=trusted)\nmodel.eval()\n',
        'import pickle\nmodel = torch.load("m.pt", pickle_module=pickle)\nmodel.eval()\n',
        'model = torch.load("m.pt", **options)\nmodel.eval()\n',
        # It asks what it got.
        'model = torch.load("m.pt")\nif isinstance(model, dict):\n    model = build(model)\nmodel.eval()\n',
        'ckpt = torch.load("m.pt")\nif hasattr(ckpt, "state_dict"):\n    ckpt = ckpt.state_dict()\n',
        # The refusal is caught.
        'try:\n    model = torch.load("m.pt")\nexcept Exception:\n    model = build()\nmodel.eval()\n',
        # The name holds something else before the read.
        'ckpt = torch.load("m.pt")\nckpt = build(ckpt)\nckpt.eval()\n',
        # Stores are not reads.
        'ckpt = torch.load("m.pt")\nckpt.note = "resumed"\n',
        # Private attributes: an OrderedDict keeps `_metadata`.
        'sd = torch.load("m.pt")\nmetadata = sd._metadata\n',
    ],
)
def test_quiet_where_the_load_may_return_what_is_read(code):
    assert _findings("import torch\n" + code) == []


def test_before_torch_2_6_only_an_explicit_weights_only_load_refuses():
    code = 'import torch\nmodel = torch.load("m.pt")\nmodel.eval()\nother = torch.load("o.pt", weights_only=True)\nother.eval()\n'
    findings = _findings(code, torch_version=(2, 4))
    assert [line for line, _, _ in findings] == [4]
    assert findings[0][2].startswith("torch.load(weights_only=True) refuses pickled objects")


def test_a_read_before_the_name_is_bound_again_sees_the_load():
    findings = _findings(
        """\
        import torch

        def resume(weights):
            ckpt = torch.load(weights, map_location="cpu")
            model = Model(ckpt["model"].yaml)
            ckpt = {"model": model.state_dict()}
            return ckpt
        """
    )
    assert [(line, column) for line, column, _ in findings] == [(4, 12)]


def test_an_entry_taken_into_a_name_of_its_own_is_read_as_the_entry():
    findings = _findings(
        """\
        import torch

        def resume(path):
            chkpt = torch.load(path)
            args, epoch = chkpt["args"], chkpt["epoch"]
            model = build(args)
            optimizer = torch.optim.AdamW(model.parameters(), weight_decay=args.weight_decay)
            return model, optimizer, epoch
        """
    )
    assert [(line, column) for line, column, _ in findings] == [(4, 13)]
    assert "reads `.weight_decay` from its 'args' entry" in findings[0][2]


@pytest.mark.parametrize(
    "taken",
    [
        # A tensor's attribute, read from the entry: a state dict can hold that.
        'step = chkpt["step"]\nprint(step.item())\n',
        # The name is bound again before the read: what it holds then is not known.
        'args = chkpt["args"]\nargs = defaults()\nprint(args.lr)\n',
        # Several entries under one name, or a computed key.
        'args = chkpt[key]\nprint(args.lr)\n',
    ],
)
def test_quiet_where_the_entry_taken_may_be_what_a_weights_only_load_returns(taken):
    code = "import torch\n\ndef resume(path, key):\n    chkpt = torch.load(path)\n" + textwrap.indent(taken, "    ")
    assert _findings(code) == []


def test_a_try_that_catches_only_a_missing_file_does_not_hide_the_refusal():
    code = 'import torch\ntry:\n    model = torch.load("m.pt")\n    model.eval()\nexcept FileNotFoundError:\n    pass\n'
    assert [line for line, _, _ in _findings(code)] == [3]


def test_a_load_in_a_helper_is_flagged_where_its_result_is_used_as_a_module():
    findings = _findings(
        """\
        import torch

        def restore(path):
            return torch.load(path)

        net = restore("net.pt")
        net.train()
        """
    )
    assert [line for line, _, _ in findings] == [4]


def test_a_load_in_each_arm_of_a_branch_is_flagged_at_both_where_either_is_read_as_a_module():
    findings = _findings(
        """\
        import torch

        def restore(path, encoder, on_gpu):
            if on_gpu:
                trained = torch.load(path + "/enc.th")
            else:
                trained = torch.load(path + "/enc.th", lambda storage, location: storage)
            encoder.load_state_dict(trained.state_dict())
        """
    )
    assert [(line, column) for line, column, _ in findings] == [(5, 19), (7, 19)]
    assert all("reads `.state_dict` from it" in message for _, _, message in findings)


def test_quiet_where_the_other_arm_binds_something_that_is_not_a_load():
    code = 'import torch\nif resume:\n    model = torch.load("m.pt")\nelse:\n    model = build()\nmodel.eval()\n'
    assert _findings(code) == []


def _project(tmp_path, allowing: str):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "p"\n')
    (tmp_path / "setup_env.py").write_text(allowing)
    (tmp_path / "evaluate.py").write_text('import torch\nmodel = torch.load("m.pt")\nmodel.eval()\n')
    return run_advise("--select", "CKPT001", "--no-cache", "--torch-version", "2.6", str(tmp_path / "evaluate.py"))


def test_flagged_in_a_project_that_allows_nothing(tmp_path):
    result = _project(tmp_path, "import os\n")
    assert "evaluate.py:2:9: CKPT001" in result.stdout


@pytest.mark.parametrize(
    "allowing",
    [
        "import argparse, torch\ntorch.serialization.add_safe_globals([argparse.Namespace])\n",
        'import os\nos.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"] = "1"\n',
        "import functools, torch\ntorch.load = functools.partial(torch.load, weights_only=False)\n",
    ],
)
def test_quiet_in_a_project_that_allows_pickled_loads_in_another_module(tmp_path, allowing):
    result = _project(tmp_path, allowing)
    assert result.returncode == 0 and "CKPT001" not in result.stdout


def test_the_attribute_table_covers_every_type_the_installed_torch_lets_a_load_return():
    pytest.importorskip("torch")
    spec = importlib.util.spec_from_file_location("weights_only_attributes_tool", REPO / "tools" / "weights_only_attributes.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    from torch_advise.lint.analysis.weights_only_attributes import NAMES

    missing = tool.public_names(tool.allowed_types()) - NAMES
    assert not missing, f"run tools/weights_only_attributes.py: {sorted(missing)[:10]}"


def test_a_file_without_a_load_bound_to_a_name_asks_no_value_where_it_comes_from(monkeypatch):
    # Tracing every read of a large trainer made one file take minutes: only names a load's
    # result is bound to are traced.
    from torch_advise.lint.analysis import model as model_module

    asked = []
    original = model_module.TrainingModel.origins

    def recording(self, expr, scope, depth=0):
        asked.append(expr)
        return original(self, expr, scope, depth)

    monkeypatch.setattr(model_module.TrainingModel, "origins", recording)
    code = (
        "import torch\n\ndef train(args, model, batch):\n"
        "    args.model.update(batch.x, model.head)\n    model.load_state_dict(torch.load(args.path))\n"
    )
    assert _findings(code) == []
    assert not [expr for expr in asked if isinstance(expr, cst.Name) and expr.value in ("args", "batch", "model")]


def test_a_question_of_where_a_value_comes_from_that_outgrows_its_budget_answers_not_traced(monkeypatch):
    from torch_advise.lint.analysis import model as model_module
    from torch_advise.lint.analysis.builder import build_model

    code = "def f(a):\n    return a\n\nx = f(1)\ny = f(x)\nz = f(y)\n"
    built = build_model(_tree(code))
    z = built.module.body[-1].body[0].value
    assert [type(o.expr).__name__ for o in built.origins(z, built.module_scope)] == ["Integer"]
    monkeypatch.setattr(model_module, "MAX_ORIGIN_STEPS", 2)
    fresh = build_model(_tree(code))
    z = fresh.module.body[-1].body[0].value
    # Past the budget a value is left where it stands, a name not traced further: never "no origin".
    assert any(isinstance(o.expr, cst.Name) for o in fresh.origins(z, fresh.module_scope))
