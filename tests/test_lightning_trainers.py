"""Where a project's Lightning Trainers train decides advice on the loader hooks and modules of
other files: only a Trainer known to train on CUDA, in code or in the configuration beside it,
and no other that may fit the same classes, lets a rule speak."""

from __future__ import annotations

import ast
import shutil
import subprocess
from pathlib import Path
from typing import Optional

import pytest

from torch_advise.lint.analysis import importers, project
from torch_advise.lint.analysis.lightning_trainers import CONFIGURED, configuration_device, trainer_devices
from torch_advise.lint.analysis.project import Project

from conftest import FIXTURES, run_advise

NAME = "lightning_trainer_from_config"


def devices(call: str, defaults: Optional[dict] = None) -> list:
    tree = ast.parse(f"import pytorch_lightning as pl\nfrom lightning import Trainer\ntrainer = {call}\n")
    qualified = {"pl": "pytorch_lightning", "Trainer": "lightning.Trainer"}
    return trainer_devices(
        tree, lambda name: ".".join([qualified.get(name.split(".")[0], name.split(".")[0]), *name.split(".")[1:]]), defaults or {}
    )


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        ('Trainer(accelerator="gpu", devices=2)', "gpu"),
        ('pl.Trainer(accelerator="cuda")', "gpu"),
        ("pl.Trainer(gpus=-1)", "gpu"),
        ("pl.Trainer(gpus=[0, 1])", "gpu"),
        ('pl.Trainer(gpus="0,1")', "gpu"),
        ('Trainer(accelerator="cpu", **config)', "cpu"),
        ("pl.Trainer(gpus=0)", "cpu"),
        ("Trainer(**config.trainer)", CONFIGURED),
        ("Trainer(max_epochs=3, **vars(args))", CONFIGURED),
        # settings that do not say where: read at run time, or Lightning's own default, which
        # was the CPU before 2.0 and is "a GPU when there is one" since
        ("Trainer(accelerator=args.accelerator)", None),
        ("Trainer(gpus=args.gpus, **config)", None),
        ('Trainer(accelerator="auto")', None),
        ("Trainer(max_epochs=10)", None),
        ("pl.Trainer.from_argparse_args(args)", None),
        # the keywords given beside the command line's options override them
        ("pl.Trainer.from_argparse_args(args, gpus=1, max_epochs=5)", "gpu"),
        ('pl.Trainer.from_argparse_args(args, accelerator="cpu")', "cpu"),
        ("pl.Trainer.from_argparse_args(args, max_epochs=5)", None),
    ],
)
def test_a_trainer_trains_where_its_literal_settings_say(call, expected):
    assert devices(call) == [expected]


@pytest.mark.parametrize(("default", "expected"), [(1, "gpu"), (2, "gpu"), (0, "cpu"), (None, None)])
def test_a_gpu_count_from_an_option_is_its_default(default, expected):
    assert devices("pl.Trainer(gpus=args.num_gpus)", {"num_gpus": default}) == [expected]
    assert devices("pl.Trainer(gpus=args.other)", {"num_gpus": default}) == [None]


def test_a_trainer_class_method_that_builds_no_trainer_is_none():
    tree = ast.parse("import pytorch_lightning as pl\nparser = pl.Trainer.add_argparse_args(parser)\ntrainer = pl.Trainer(gpus=2)\n")
    assert trainer_devices(tree, lambda name: name.replace("pl.", "pytorch_lightning.", 1), {}) == ["gpu"]


def test_a_trainer_of_another_package_is_not_lightnings():
    tree = ast.parse("from transformers import Trainer\nTrainer(model=model, args=args)\n")
    assert trainer_devices(tree, lambda name: "transformers.Trainer" if name == "Trainer" else name, {}) == []


@pytest.mark.parametrize(
    ("configs", "expected"),
    [
        ({"conf/a.yaml": "trainer:\n  gpus: 1  # one card\n"}, "gpu"),
        ({"conf/a.yml": "trainer:\n  accelerator: 'gpu'\n  devices: 4\n"}, "gpu"),
        ({"conf/a.yaml": "trainer:\n  gpus: [0, 1]\n"}, "gpu"),
        # a configuration that keeps a Trainer on the CPU makes every one unsure
        ({"conf/gpu.yaml": "accelerator: gpu\n", "conf/debug.yaml": "accelerator: cpu\n"}, None),
        ({"conf/a.yaml": "trainer:\n  gpus: 0\n"}, None),
        # a value filled in at run time says nothing
        ({"conf/a.yaml": "trainer:\n  gpus: ${ngpu}\n"}, None),
        ({"conf/a.yaml": "trainer:\n  max_epochs: 10\n"}, None),
        # only the files under the folder of the module that builds the Trainer
        ({"../elsewhere/a.yaml": "trainer:\n  gpus: 1\n"}, None),
    ],
)
def test_a_configured_trainer_trains_where_the_configuration_beside_it_says(tmp_path, configs, expected):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    entry = tmp_path / "recipe"
    entry.mkdir()
    for name, text in configs.items():
        (entry / name).parent.mkdir(parents=True, exist_ok=True)
        (entry / name).write_text(text)
    importers.project_files.cache_clear()
    assert configuration_device(str(tmp_path), str(entry)) == expected


def _project_copy(tmp_path: Path) -> Path:
    for cache in (importers.importers_of, importers.import_line_words, importers.project_files, importers.files_matching, project._summary):
        cache.cache_clear()
    root = tmp_path / NAME
    shutil.copytree(FIXTURES / "projects" / NAME, root, ignore=shutil.ignore_patterns("expected.txt"))
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root


def test_the_trainers_of_the_entry_scripts_that_import_a_module_decide_it(tmp_path):
    root = _project_copy(tmp_path)
    # data/modules.py is imported by data/__init__.py, which train.py imports; the smoke test
    # that fits it on the CPU is not how the project trains.
    assert Project(root / "data" / "modules.py").lightning_on_gpu()
    assert Project(root / "model.py").lightning_on_gpu()
    # demo's only Trainer trains on the CPU; a module no Trainer's script imports has none.
    assert not Project(root / "demo" / "cpu_data.py").lightning_on_gpu()
    (root / "loose.py").write_text("import torch\n")
    assert not Project(root / "loose.py").lightning_on_gpu()


@pytest.mark.parametrize(
    ("path", "old", "new"),
    [
        # the configuration keeps it on the CPU
        ("configs/default.yaml", "gpus: 1", "gpus: 0"),
        # another script that imports the model fits it with a Trainer of unknown device
        (
            "demo/run_demo.py",
            "from demo.cpu_data import TinyData, TinyModel",
            "from demo.cpu_data import TinyData\nfrom model import Classifier as TinyModel",
        ),
    ],
)
def test_advice_that_needs_the_gpu_goes_quiet_when_a_trainer_may_not_use_it(tmp_path, path, old, new):
    root = _project_copy(tmp_path)
    text = (root / path).read_text()
    assert old in text
    (root / path).write_text(text.replace(old, new))
    flags = ("--select", "DL002,OPT002", "--target", "h100", "--torch-version", "2.13", "--no-cache")
    result = run_advise("model.py", "data/modules.py", *flags, cwd=root)
    findings = [line for line in result.stdout.splitlines() if ".py:" in line]
    assert findings == [] if path.endswith(".yaml") else [f for f in findings if "OPT002" in f] == []
