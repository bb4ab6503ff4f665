"""What a file's project shows that the file does not: read from the other modules' summaries."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from torch_advise.lint.analysis import importers, project
from torch_advise.lint.analysis.project import Project, summarize

from conftest import FIXTURES, run_advise


def _project_copy(tmp_path: Path, name: str) -> Path:
    for cache in (importers.importers_of, importers.project_files, project._summary):
        cache.cache_clear()
    root = tmp_path / name
    shutil.copytree(FIXTURES / "projects" / name, root, ignore=shutil.ignore_patterns("expected.txt"))
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root


@pytest.fixture
def loader_elsewhere(tmp_path: Path) -> Path:
    return _project_copy(tmp_path, "loader_elsewhere")


def test_a_loader_returned_here_and_iterated_every_epoch_in_another_module_is_found(loader_elsewhere):
    data = Project(loader_elsewhere / "data.py")
    [train] = data.epoch_uses("build_loaders", 0)
    [val] = data.epoch_uses("build_loaders", 1)
    assert (Path(train.site.path).name, train.site.line) == (Path(val.site.path).name, val.site.line) == ("main.py", 16)
    assert data.epoch_uses("build_probe_loader", None) == []
    assert data.read


def test_a_loader_built_anew_inside_the_epoch_loop_is_no_epoch_use(loader_elsewhere):
    main = loader_elsewhere / "main.py"
    build = "train_loader, val_loader = build_loaders(batch_size=64, workers=4)\n"
    text = main.read_text().replace(f"    {build}", "")
    main.write_text(text.replace("    for epoch in range(epochs):\n", f"    for epoch in range(epochs):\n        {build}"))
    assert Project(loader_elsewhere / "data.py").epoch_uses("build_loaders", 0) == []


def test_an_epoch_loop_that_does_not_train_is_no_epoch_use(loader_elsewhere):
    main = loader_elsewhere / "main.py"
    main.write_text(main.read_text().replace("        train_one_epoch(model, train_loader, optimizer, device)\n", ""))
    assert Project(loader_elsewhere / "data.py").epoch_uses("build_loaders", 0) == []


def test_a_summary_names_what_a_module_imports_and_what_its_functions_iterate():
    summary = summarize("engine.py", (FIXTURES / "projects" / "loader_elsewhere" / "engine.py").read_bytes())
    assert summary is not None
    assert summary.functions["train_one_epoch"].iterated_params == {"loader"} and summary.functions["train_one_epoch"].trains
    assert summary.functions["evaluate"].iterated_params == {"loader"} and not summary.functions["evaluate"].trains


def test_kernels_of_the_project_that_take_no_bfloat16_keep_the_bfloat16_advice_away(tmp_path):
    root = _project_copy(tmp_path, "float16_by_design")
    assert [Path(p).name for p in Project(root / "train.py").kernels_without_bfloat16()] == ["fused_gelu.cu"]
    assert "AMP002" not in run_advise(".", "--select", "AMP002", "--target", "h100", "--no-cache", cwd=root).stdout
    kernel = root / "kernels" / "fused_gelu.cu"
    bfloat16_too = "AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, "
    kernel.write_text(kernel.read_text().replace("AT_DISPATCH_FLOATING_TYPES_AND_HALF(", bfloat16_too))
    assert "train.py:22:43: AMP002" in run_advise(".", "--select", "AMP002", "--target", "h100", "--no-cache", cwd=root).stdout


def test_a_module_importing_another_of_the_same_name_is_no_neighbour(tmp_path: Path):
    for cache in (importers.importers_of, importers.project_files, project._summary):
        cache.cache_clear()
    (tmp_path / "utils").mkdir()
    (tmp_path / "utils" / "__init__.py").write_text("")
    (tmp_path / "utils" / "train.py").write_text("def cycle(loader):\n    while True:\n        yield from loader\n")
    (tmp_path / "train.py").write_text("import torch\nmodel = torch.nn.Linear(2, 2).cuda()\n")
    (tmp_path / "sampler.py").write_text("import torch\nfrom utils.train import cycle\ntorch.set_float32_matmul_precision('high')\n")
    (tmp_path / "runner.py").write_text("import torch\nfrom train import model\ntorch.set_float32_matmul_precision('high')\n")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    neighbours = {Path(summary.path).name for summary in Project(tmp_path / "train.py").neighbours()}
    assert neighbours == {"runner.py"}


def test_weights_a_neighbouring_module_keeps_in_float16_are_a_reason_for_float16():
    frozen = summarize("model.py", b"import torch\ntorch.set_default_tensor_type(torch.cuda.HalfTensor)\n")
    loaded = summarize("load.py", b"from transformers import AutoModel\nm = AutoModel.from_pretrained('x', torch_dtype='float16')\n")
    plain = summarize("plain.py", b"import torch\nm = torch.nn.Linear(2, 2).cuda()\n")
    assert frozen is not None and loaded is not None and plain is not None
    assert (frozen.float16_weights, loaded.float16_weights, plain.float16_weights) == (True, True, False)


def test_a_cached_finding_that_read_another_module_follows_that_module(loader_elsewhere):
    def findings() -> list[str]:
        result = run_advise("data.py", "--select", "DL003", "--target", "h100", cwd=loader_elsewhere)
        return [line.split(": DL003")[0] for line in result.stdout.splitlines() if "DL003" in line]

    assert findings() == ["data.py:9:13", "data.py:10:11"]
    assert findings() == ["data.py:9:13", "data.py:10:11"]  # from the cache
    main = loader_elsewhere / "main.py"
    main.write_text(main.read_text().replace("        train_one_epoch(model, train_loader, optimizer, device)\n", ""))
    assert findings() == []  # data.py's bytes did not change; what decided its findings did


TRAIN_WITH_CUDA_AMP = "import torch\nimport utils\n\nscaler = torch.cuda.amp.GradScaler()\n"


@pytest.mark.parametrize(
    "utils, deprecated",
    [
        ("from torch._six import inf\n", False),  # torch 2.0 removed torch._six: this runs on 1.x only
        ("import torch._six\n", False),
        ("try:\n    from torch._six import inf\nexcept ImportError:\n    from math import inf\n", True),
        ("import torch\nif torch.__version__ < '2':\n    from torch._six import inf\n", True),
        ("from math import inf\n", True),
    ],
)
def test_a_module_that_imports_what_torch_2_removed_keeps_2_4_advice_away(tmp_path, utils, deprecated):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "p"\n')
    (tmp_path / "utils.py").write_text(utils)
    (tmp_path / "train.py").write_text(TRAIN_WITH_CUDA_AMP)
    result = run_advise("--select", "AMP001", "--no-cache", "--torch-version", "2.13", str(tmp_path / "train.py"))
    assert ("AMP001" in result.stdout) == deprecated
    assert Project(tmp_path / "train.py").torch_ceiling() == (None if deprecated else (1, 13))


def test_a_method_that_reaches_backward_through_the_instance_runs_backward(tmp_path: Path):
    root = _project_copy(tmp_path, "backward_in_another_module")
    here = Project(root / "train_translation.py")
    model = "models.translation_model.TranslationModel"
    assert here.backward_per_call(model, "optimize_parameters")  # through self.backward()
    assert not here.backward_per_call(model, "test")
    assert not here.backward_per_call(model, "save")  # inherited from base_model.py, no backward there
    assert here.read


def test_a_method_inherited_from_another_modules_class_runs_its_backward(tmp_path: Path):
    root = _project_copy(tmp_path, "backward_in_another_module")
    here = Project(root / "train_classifier.py")
    assert here.backward_per_call("train_classifier.ClassifierTrainer", "train_step")
    assert not here.backward_per_call("train_classifier.ClassifierTrainer", "fit_nothing")


def test_a_generator_that_starts_a_new_pass_over_what_it_is_handed_cycles_it():
    source = b"""
def cycle(loader):
    while True:
        for batch in loader:
            yield batch

def inf_iterator(iterable):
    iterator = iterable.__iter__()
    while True:
        try:
            yield iterator.__next__()
        except StopIteration:
            iterator = iter(iterable)

def one_pass(loader):
    for batch in loader:
        yield batch

def first(loader):
    return next(iter(loader))
"""
    summary = summarize("data.py", source)
    assert summary is not None
    functions = summary.functions
    assert functions["cycle"].cycled == {"loader"} and functions["inf_iterator"].cycled == {"iterable"}
    assert functions["one_pass"].cycled == frozenset() and functions["first"].cycled == frozenset()
    # A new iterator starts an iteration as a `for` does: a loader's workers start there.
    assert functions["first"].iterated_params == {"loader"} and functions["inf_iterator"].iterated_params == {"iterable"}


def test_a_function_returning_loaders_without_pinned_memory_says_which_it_returns():
    source = b"""
import torch.utils.data as data
from torch.utils.data import DataLoader

def build(dataset, train):
    if train:
        loader = data.DataLoader(dataset, batch_size=8, pin_memory=False)
    else:
        loader = data.DataLoader(dataset, batch_size=8)
    return loader

def both(dataset, options):
    return DataLoader(dataset), DataLoader(dataset, pin_memory=True)

def chosen(dataset, pin):
    return DataLoader(dataset, pin_memory=pin)

def spread(dataset, settings):
    return DataLoader(dataset, **settings)
"""
    summary = summarize("loaders.py", source)
    assert summary is not None
    functions = summary.functions
    assert functions["build"].unpinned_returns == {None}
    assert functions["both"].unpinned_returns == {0}
    assert functions["chosen"].unpinned_returns == frozenset() and functions["spread"].unpinned_returns == frozenset()


def test_a_step_runs_backward_per_call_and_an_epoch_or_a_scheduler_does_not():
    source = b"""
def adjust(scheduler):
    scheduler.step()

def learn(loss):
    loss.backward()

def update(loss, optimizer):
    learn(loss)
    optimizer.step()

def train_one_epoch(model, loader, optimizer):
    for batch in loader:
        update(model(batch).sum(), optimizer)

class Agent:
    def update(self, batch):
        for _ in range(4):
            self.learn(batch)

    def learn(self, batch):
        learn(batch.sum())
"""
    summary = summarize("steps.py", source)
    assert summary is not None
    functions = summary.functions
    assert functions["adjust"].trains and not functions["adjust"].backward_per_call
    assert functions["learn"].backward_per_call and functions["update"].backward_per_call
    assert functions["train_one_epoch"].trains and not functions["train_one_epoch"].backward_per_call
    assert summary.classes["Agent"].backward_methods == {"learn"}


@pytest.mark.parametrize(
    "source, ceiling",
    [
        ("loss = criterion(out, y)\nloss.backward()\nprint(loss.data[0])\n", (0, 4)),
        # A tensor indexed as usual is no scalar loss.
        ("loss = criterion(out, y)\nloss.backward()\nprint(out.data[0])\n", None),
        # Code that picks the read by torch's version runs on both.
        ("loss.backward()\nif OLD:\n    print(loss.data[0])\nelse:\n    print(loss.item())\n", None),
        ("def step(loss):\n    loss.backward()\n    return loss.data[0]\n", (0, 4)),
        # an `if` that only decides which steps log still runs on this torch
        ("loss.backward()\nif step % 10 == 0:\n    print(loss.data[0])\n", (0, 4)),
        ("loss.backward()\nif torch_version < (0, 4):\n    print(loss.data[0])\n", None),
    ],
)
def test_a_scalar_loss_indexed_as_before_torch_0_4_caps_the_torch_the_module_runs_on(source, ceiling):
    summary = summarize("train.py", source.encode())
    assert summary is not None and summary.torch_ceiling == ceiling


def test_a_method_of_a_project_class_or_of_its_base_says_what_it_iterates(tmp_path: Path):
    root = _project_copy(tmp_path, "loader_iterated_by_a_trainer_method")
    here = Project(root / "train.py")
    for cls in ("trainer.Trainer", "trainer.LoggingTrainer"):  # the second inherits it
        facts = here.method_facts(cls, "train_epoch")
        assert facts is not None and facts.params == ("loader",) and facts.iterated_params == {"loader"} and facts.trains
    evaluate = here.method_facts("trainer.Trainer", "evaluate")
    assert evaluate is not None and evaluate.iterated_params == {"loader"} and not evaluate.trains
    assert here.method_facts("trainer.Trainer", "predict") is None


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    for cache in (importers.importers_of, importers.project_files, project._summary):
        cache.cache_clear()


def test_a_star_import_binds_what_the_other_module_binds_once_by_its_qualified_name(tmp_path):
    _write(tmp_path, {
        "helpers.py": (
            "import numpy as np\nfrom torch.utils.data import DataLoader\nBase = None\nfrom base import *\n"
            "try:\n    import apex\nexcept ImportError:\n    apex = None\n"
            "def train_epoch(loader):\n    pass\nclass Rows:\n    pass\ndef _private():\n    pass\n"
        ),
        "base.py": "from torch.utils.data import Dataset\n__all__ = ['Base']\nclass Base(Dataset):\n    pass\nclass Hidden:\n    pass\n",
        "train.py": "from helpers import *\n",
    })
    names = Project(tmp_path / "train.py").star_imported()
    assert names == {
        "np": "numpy",
        "DataLoader": "torch.utils.data.DataLoader",
        "train_epoch": "helpers.train_epoch",
        "Rows": "helpers.Rows",
        "Base": "base.Base",
    }


def test_a_star_import_of_a_module_outside_the_project_unbinds_what_came_before(tmp_path):
    _write(tmp_path, {
        "helpers.py": "from torch.utils.data import DataLoader\ndef train_epoch(loader):\n    pass\n",
        "train.py": "from helpers import *\nfrom numpy import *\n",
        "later.py": "from numpy import *\nfrom helpers import *\n",
    })
    assert Project(tmp_path / "train.py").star_imported() == {}
    assert Project(tmp_path / "later.py").star_imported() == {
        "DataLoader": "torch.utils.data.DataLoader", "train_epoch": "helpers.train_epoch"}


def test_a_script_imports_the_module_beside_it_before_the_package_of_the_same_name(tmp_path):
    _write(tmp_path, {"mlp/__init__.py": "", "mlp/mlp.py": "def fit():\n    pass\n", "mlp/run.py": "from mlp import *\n"})
    assert Project(tmp_path / "mlp" / "run.py").star_imported() == {"fit": "mlp.mlp.fit"}


def test_a_relative_import_is_named_from_the_project_root(tmp_path):
    _write(tmp_path, {"pkg/models/cnn.py": "", "pkg/__init__.py": ""})
    cnn = Project(tmp_path / "pkg" / "models" / "cnn.py")
    assert cnn.package(1, "layers") == "pkg.models.layers"
    assert cnn.package(2, None) == "pkg"
    assert cnn.package(3, "top") == "top"
    assert cnn.package(4, "outside") is None


def test_settings_the_project_gives_a_cuda_device_are_read_from_yaml_and_python(tmp_path: Path):
    from torch_advise.lint.analysis.configured_values import cuda_settings

    (tmp_path / "configs").mkdir()
    (tmp_path / "configs" / "run.yaml").write_text("device: 'cuda:0'\nprobe_device: cpu\nworkers: 8\n")
    (tmp_path / "config.py").write_text(
        'learner_device = "cuda" if torch.cuda.is_available() else "cpu"\n'
        'DEFAULTS = {"actor_device": "cuda:1", "env_device": "cpu"}\n'
        'parser.add_argument("--eval-device", type=str, default="cuda")\n'
        'if device == "cuda":\n'
        '    pass\n'
    )
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    importers.project_files.cache_clear()
    cuda_settings.cache_clear()
    assert cuda_settings(str(tmp_path)) >= {"device", "learner_device", "actor_device", "eval_device"}
    assert not cuda_settings(str(tmp_path)) & {"probe_device", "env_device", "workers"}


def test_a_model_a_helper_may_leave_on_the_cpu_gets_fused_advice_only_where_fused_runs_there(tmp_path: Path):
    root = _project_copy(tmp_path, "model_moved_by_a_helper")
    flagged = run_advise(".", "--select", "OPT002", "--target", "h100", "--torch-version", "2.4", "--no-cache", cwd=root).stdout
    assert "recsys/ranking.py:22:26: OPT002" in flagged
    # Before 2.4 fused=True raises on CPU parameters, which on_gpu(..., use_cuda=False) leaves there.
    assert "OPT002" not in run_advise(".", "--select", "OPT002", "--target", "h100", "--torch-version", "2.3", "--no-cache", cwd=root).stdout
