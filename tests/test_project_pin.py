"""The torch a project pins in its own dependency files is the torch its advice is for."""

from __future__ import annotations

import os
import textwrap

import pytest
from click.testing import CliRunner

from torch_advise.cli import main
from torch_advise.project_pin import find_torch_pin, newest_allowed
from torch_advise.target import resolve_target

from conftest import run_advise

SCALER_SCRIPT = textwrap.dedent(
    """\
    import torch

    scaler = torch.cuda.amp.GradScaler()
    """
)


@pytest.mark.parametrize(
    ("spec", "newest"),
    [
        ("==2.1.0", (2, 1)),
        ("==2.1.*", (2, 1)),
        ("===2.1.0", (2, 1)),
        ("==2.1.0+cu118", (2, 1)),
        ("~=2.1.0", (2, 1)),
        ("<=2.2.1", (2, 2)),
        (">=1.13,<2.3", (2, 2)),
        ("<2.3.0", (2, 2)),
        ("<2.3.1", (2, 3)),
        ("<2.0", (1, 13)),
        ("=2.1.0=py3.10_cuda11.8_cudnn8.7.0_0", (2, 1)),
        ("@ https://download.pytorch.org/whl/cu118/torch-2.0.1%2Bcu118-cp310-cp310-linux_x86_64.whl", (2, 0)),
        (">=2.0", None),
        ("~=2.1", None),
        ("!=2.1.0", None),
        ("", None),
    ],
)
def test_newest_version_a_specifier_allows(spec, newest):
    assert newest_allowed(spec) == newest


def write(folder, name, text):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("requirements.txt", "numpy\ntorch==2.1.0  # the cluster's build\ntorchvision==0.16.0\n"),
        ("requirements-train.txt", "--extra-index-url https://download.pytorch.org/whl/cu118\ntorch[opt-einsum]==2.1.0 ; sys_platform == 'linux'\n"),
        ("pyproject.toml", '[project]\nname = "x"\ndependencies = ["torchaudio==2.1.0", "torch>=2.0,<2.2"]\n'),
        ("pyproject.toml", '[tool.poetry.dependencies]\npython = "^3.10"\ntorch = {version = "2.1.0", source = "pytorch"}\n'),
        ("setup.cfg", "[options]\ninstall_requires =\n    numpy\n    torch==2.1.2\npython_requires = >=3.8\n"),
        ("setup.py", 'from setuptools import setup\nsetup(name="x", install_requires=["torch==2.1.0", "numpy"])\n'),
        ("environment.yml", "dependencies:\n  - python=3.10\n  - pytorch::pytorch=2.1.0\n  - pytorch-cuda=11.8\n"),
        ("environment.yaml", "dependencies:\n  - pip:\n    - torch==2.1.0\n"),
        ("Dockerfile", "FROM nvidia/cuda:10.1-cudnn7-devel-ubuntu18.04\nRUN conda install -y pytorch=2.1.0 torchvision -c pytorch\n"),
        ("Dockerfile", "FROM pytorch/pytorch:2.1.0-cuda11.8-cudnn8-runtime\nRUN pip install timm\n"),
        ("Dockerfile.gpu", "FROM ubuntu:22.04\nRUN pip install --no-cache-dir \\\n    numpy \\\n    torch==2.1.2 \\\n && rm -rf /root/.cache\n"),
        ("env.yaml", "name: project_env\nchannels:\n  - pytorch\ndependencies:\n  - pytorch=2.1.0=py3.8_cuda11.1_cudnn8.0.5_0\n"),
        ("conda_project_env.yml", "name: project\ndependencies:\n  - python=3.9\n  - pytorch=2.1.0\n"),
        ("requirements.yml", "name: project\nchannels:\n  - pytorch\ndependencies:\n  - pytorch::pytorch=2.1.*\n"),
        ("pyproject.toml", '[project]\nname = "x"\n[project.optional-dependencies]\ncuda = ["torch==2.1.*"]\n'),
        ("README.md", "## Install\n\n```\nconda install python=3.11 pytorch==2.1.0 torchvision==0.16.0 -c pytorch\n```\n"),
        ("INSTALL.md", "Then run `pip install torch==2.1.2+cu118 --index-url https://download.pytorch.org/whl/cu118`.\n"),
        ("README.md", "## Requirements\n\n`` python==3.10``\n\n`` pytorch==2.1.0``\n"),
        ("README.md", "Requirements:\n- numpy\n- torch==2.1.2\n- torchvision==0.16.2\n"),
        ("README.md", "```\ntorch==2.1.0\ntimm==0.9.2\n```\n"),
        ("README.md", "## Requirements\nPython >= 3.8, PyTorch == 2.1.0, torchvision == 0.16.0\n"),
        ("Dockerfile", "FROM nvidia/cuda:11.8.0-devel-ubuntu22.04\nARG TORCH_VERSION=2.1.0\nRUN pip install torch==${TORCH_VERSION}\n"),
        ("Dockerfile", "FROM ubuntu:22.04\nENV PYTORCH_VERSION 2.1.0\nRUN pip install torch==$PYTORCH_VERSION torchvision\n"),
        ("Dockerfile", "FROM ubuntu:22.04\nRUN python3 -m pip --no-cache-dir install torch==2.1.0 torchvision==0.16.0\n"),
        ("environment-gpu.yml", "name: cloud\nchannels:\n  - pytorch\ndependencies:\n  - pytorch=2.1.0=cuda118py39_0\n"),
        ("README.md", "## Software\n\n| Package Name | Repository |\n| --- | --- |\n| pytorch 2.1.0 | https://github.com/pytorch/pytorch |\n"),
        ("README.md", "## Requirements\n\n| package | version |\n|---|---|\n| torch | 2.1.0 |\n| timm | 0.9.2 |\n"),
        (
            "pyproject.toml",
            '[tool.poetry.dependencies]\ntorch = {url = "https://download.pytorch.org/whl/cu118/torch-2.1.0%2Bcu118-cp310-cp310-linux_x86_64.whl"}\n',
        ),
        ("poetry.lock", '[[package]]\nname = "numpy"\nversion = "1.26.0"\n\n[[package]]\nname = "torch"\nversion = "2.1.0"\n'),
        # One torch per platform: the newest is what a Linux training machine gets at most.
        ("uv.lock", '[[package]]\nname = "torch"\nversion = "2.0.1"\n\n[[package]]\nname = "torch"\nversion = "2.1.2+cu118"\n'),
        ("Pipfile.lock", '{"_meta": {}, "default": {"torch": {"version": "==2.1.0"}}, "develop": {"torch": {"version": "==2.4.0"}}}'),
        (
            "env_install.sh",
            "#!/usr/bin/env bash\nconda create -n gcn\nconda install -y pytorch=2.1.0 torchvision -c pytorch\n"
            "pip install torch-scatter -f https://data.pyg.org/whl/torch-2.1.0.html\n",
        ),
    ],
)
def test_each_kind_of_dependency_file_gives_the_pin(tmp_path, name, text):
    path = write(tmp_path, name, text)
    assert find_torch_pin(tmp_path) == ((2, 1), path)


def test_a_requirement_for_another_platform_is_passed_over(tmp_path):
    write(tmp_path, "pyproject.toml", """\
        [project]
        dependencies = [
            'torch>=2.6; python_version >= "3.13"',
            "torch>=2.2.2,<2.6; sys_platform == 'darwin' and platform_machine == 'x86_64'",
            "torch>=2.2.2; sys_platform == 'linux' and python_version <= '3.12'",
        ]
        """)
    assert find_torch_pin(tmp_path) is None
    pinned = write(tmp_path, "requirements.txt", "torch==2.1.0; platform_system != 'Windows'\n")
    assert find_torch_pin(tmp_path) == ((2, 1), pinned)


def test_an_unbounded_requirement_or_other_packages_give_no_pin(tmp_path):
    write(tmp_path, "requirements.txt", "torchvision==0.16.0\ntorchaudio\npytorch-lightning==2.1.0\n")
    assert find_torch_pin(tmp_path) is None
    write(tmp_path, "requirements.txt", "torch>=2.0\n")
    assert find_torch_pin(tmp_path) is None


def test_the_nearest_folder_that_names_torch_decides_and_the_walk_ends_at_the_repository(tmp_path):
    write(tmp_path, "requirements.txt", "torch==1.13.1\n")
    project = tmp_path / "repo"
    write(project, "requirements.txt", "torch==2.1.0\n")
    (project / ".git").mkdir()
    sub = project / "benchmarks" / "unet3d"
    pinned = write(sub, "requirements.txt", "torch==2.0.1\n")
    (sub / "runtime").mkdir()
    assert find_torch_pin(sub / "runtime") == ((2, 0), pinned)
    assert find_torch_pin(project / "src") == ((2, 1), project / "requirements.txt")
    (project / "requirements.txt").write_text("numpy\n")
    assert find_torch_pin(project) is None  # the repository's root ends the walk


def test_the_walk_ends_at_the_home_folder_and_outside_it_looks_at_the_folder_alone(tmp_path, monkeypatch):
    write(tmp_path, "requirements.txt", "torch==1.13.1\n")
    home = tmp_path / "home"
    (home / "experiments").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path)
    assert find_torch_pin(home / "experiments") is None
    shared = tmp_path / "tmp"
    (shared / "x").mkdir(parents=True)
    write(shared, "requirements.txt", "torch==1.13.1\n")
    shared.chmod(0o1777)
    monkeypatch.chdir(shared)
    assert find_torch_pin(shared / "x") is None
    pinned = write(shared / "x", "requirements.txt", "torch==2.1.0\n")
    assert find_torch_pin(shared / "x") == ((2, 1), pinned)


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX owners")
def test_a_pin_another_user_owns_outside_any_repository_is_passed_over(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    theirs = write(tmp_path / "theirs", "requirements.txt", "torch==2.1.0\n")
    if os.geteuid() == 0:
        os.chown(theirs, 4242, -1)
    else:
        real = os.geteuid()
        monkeypatch.setattr(os, "geteuid", lambda: real + 1)
    assert find_torch_pin(tmp_path / "theirs") is None
    (tmp_path / "theirs" / ".git").mkdir()
    assert find_torch_pin(tmp_path / "theirs") == ((2, 1), theirs)


def test_several_files_of_one_folder_give_the_oldest_pin(tmp_path):
    write(tmp_path, "requirements.txt", "torch==2.3.0\n")
    older = write(tmp_path, "requirements-cluster.txt", "torch==2.1.0\n")
    assert find_torch_pin(tmp_path) == ((2, 1), older)


def test_what_building_the_documentation_installs_is_not_a_pin(tmp_path):
    write(tmp_path, "requirements.txt", "torch>=2.0.1\n")
    write(tmp_path, "requirements-docs.txt", "torch==1.13.1\nsphinx==3.5.4\n")
    write(tmp_path / "requirements", "docs.txt", "torch==1.12.0\n")
    assert find_torch_pin(tmp_path) is None
    trained = write(tmp_path, "requirements_train.txt", "torch==2.1.0\n")
    assert find_torch_pin(tmp_path) == ((2, 1), trained)


def test_unreadable_or_broken_files_are_passed_over(tmp_path):
    write(tmp_path, "pyproject.toml", "[project\ndependencies = ['torch==2.1.0'\n")
    write(tmp_path, "setup.cfg", "\x00\x01 not a config")
    (tmp_path / "requirements.txt").write_bytes(b"\xff\xfetorch==2.1.0\n")
    assert find_torch_pin(tmp_path) is None


def test_the_pin_comes_after_configuration_and_before_the_installed_torch():
    pin = lambda: ((2, 1), "requirements.txt")  # noqa: E731
    target = resolve_target(query_gpu=lambda: None, installed_torch=lambda: "2.13.0", project_torch=pin)
    assert target.describe() == "target sm_80 (default), torch 2.1 (requirements.txt)"
    configured = resolve_target(config_torch="2.6", query_gpu=lambda: None, project_torch=pin)
    assert configured.describe() == "target sm_80 (default), torch 2.6 (pyproject.toml)"


def test_a_project_pinned_to_an_old_torch_gets_no_advice_its_torch_cannot_follow(tmp_path, monkeypatch):
    """torch.amp.GradScaler does not exist before 2.3: a fix to it would break a torch 2.1 project."""
    write(tmp_path, "requirements.txt", "torch==2.1.0\n")
    write(tmp_path, "train.py", SCALER_SCRIPT)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["train.py", "--fix", "--extend-select", "AMP001"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].endswith(", torch 2.1 (requirements.txt)")
    assert (tmp_path / "train.py").read_text() == SCALER_SCRIPT
    pinned_newer = CliRunner().invoke(main, ["train.py", "--torch-version", "2.13", "--extend-select", "AMP001"])
    assert pinned_newer.exit_code == 1
    assert "AMP001" in pinned_newer.output


def test_a_conda_environment_in_the_repositorys_env_folder_pins_when_nothing_nearer_does(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "env").mkdir()
    pin = write(tmp_path / "env", "env_gpu.yml", "dependencies:\n  - pytorch=1.10.2\n  - cudatoolkit=11.3\n")
    (tmp_path / "src").mkdir()
    assert find_torch_pin(tmp_path / "src") == ((1, 10), pin)
    nearer = write(tmp_path / "src", "requirements.txt", "torch==2.1.0\n")
    assert find_torch_pin(tmp_path / "src") == ((2, 1), nearer)


def test_the_repositorys_requirements_folder_pins_whatever_its_files_are_called(tmp_path):
    (tmp_path / ".git").mkdir()
    pin = write(tmp_path / "requirements", "runtime.txt", "--extra-index-url https://download.pytorch.org/whl/cu113\ntorch==1.11.0+cu113\n")
    write(tmp_path / "requirements", "notes.md", "torch==2.1.0\n")
    (tmp_path / "algorithms").mkdir()
    assert find_torch_pin(tmp_path / "algorithms") == ((1, 11), pin)


def test_a_requirement_txt_in_the_singular_pins_as_the_plural_does(tmp_path):
    (tmp_path / ".git").mkdir()
    pin = write(tmp_path, "requirement.txt", "numpy\ntorch==1.4.0\n")
    write(tmp_path, "requirement-docs.txt", "torch==2.1.0\n")
    assert find_torch_pin(tmp_path) == ((1, 4), pin)


def test_a_conda_package_list_named_requirements_txt_pins_with_its_single_equals(tmp_path):
    (tmp_path / ".git").mkdir()
    exported = "# $ conda create --name <env> --file <this file>\nnumpy=1.13.1=py36_0\npytorch=0.2.0=py36h53baedd_4cu80\n"
    pin = write(tmp_path, "requirements.txt", exported)
    assert find_torch_pin(tmp_path) == ((0, 2), pin)
    # torchvision's line, or a package whose name only ends in torch, is not torch's
    write(tmp_path, "requirements.txt", "torchvision=0.1.9=py36_1\npytorch-lightning=1.5.0=pyhd8ed1ab_0\n")
    assert find_torch_pin(tmp_path) is None


def test_a_requirements_txt_naming_pytorch_with_a_pip_specifier_pins_torch(tmp_path):
    (tmp_path / ".git").mkdir()
    pin = write(tmp_path, "requirements.txt", "pytorch==1.11.0 \ntorchvision==0.12.0\n")
    assert find_torch_pin(tmp_path) == ((1, 11), pin)
    # a package whose name only starts with pytorch is not torch
    write(tmp_path, "requirements.txt", "pytorch-lightning==1.5.0\npytorch_metric_learning==1.0\n")
    assert find_torch_pin(tmp_path) is None


def test_a_pip_list_saved_as_requirements_txt_pins_its_torch(tmp_path):
    (tmp_path / ".git").mkdir()
    listed = "Package            Version\n------------------ ---------\nnumpy              1.19.1\ntorch              1.7.1\n"
    pin = write(tmp_path, "requirements.txt", listed)
    assert find_torch_pin(tmp_path) == ((1, 7), pin)
    # without the table's header the same words are no requirement pip would read
    write(tmp_path, "requirements.txt", "numpy              1.19.1\ntorch              1.7.1\n")
    assert find_torch_pin(tmp_path) is None
    write(tmp_path, "requirements.txt", "Package            Version\ntorchvision        0.8.2\n")
    assert find_torch_pin(tmp_path) is None


def test_a_pipfile_pins_with_its_packages_not_its_dev_packages(tmp_path):
    (tmp_path / ".git").mkdir()
    pin = write(tmp_path, "Pipfile", '[packages]\nnumpy = "*"\ntorch = "==1.7.1"\n\n[dev-packages]\npytest = "*"\n')
    assert find_torch_pin(tmp_path) == ((1, 7), pin)
    write(tmp_path, "Pipfile", '[packages]\ntorch = {version = "==1.13.1", index = "pytorch"}\n')
    assert find_torch_pin(tmp_path) == ((1, 13), pin)
    write(tmp_path, "Pipfile", '[packages]\ntorch = "*"\n\n[dev-packages]\ntorch = "==1.4.0"\n')
    assert find_torch_pin(tmp_path) is None


def test_a_conda_file_named_for_it_in_the_scripts_folder_pins_and_other_yaml_there_does_not(tmp_path):
    (tmp_path / ".git").mkdir()
    write(tmp_path / "scripts", "train_config.yaml", "dependencies:\n  - pytorch=1.8\n")
    assert find_torch_pin(tmp_path) is None
    pin = write(tmp_path / "scripts", "requirements_conda.yaml", "dependencies:\n  - python=3.8\n  - pytorch=1.9\n")
    assert find_torch_pin(tmp_path) == ((1, 9), pin)


def test_a_launch_script_is_not_read_for_a_pin(tmp_path):
    write(tmp_path, "train.sh", "pip install torch==1.13.1\npython train.py\n")
    assert find_torch_pin(tmp_path) is None


def test_an_install_guide_pins_only_through_its_install_commands_and_requirement_lines(tmp_path):
    write(
        tmp_path, "README.md",
        "Tested with torch==1.13 and newer.\n- Works with torch==1.12 too.\n* PyTorch 1.9\nPython 3.6 & PyTorch 0.3.1.\n\n"
        "    pip install torch torchvision\n    pip install -r requirements.txt\n",
    )
    assert find_torch_pin(tmp_path) is None


def test_each_sub_project_is_advised_for_the_torch_it_pins(tmp_path):
    (tmp_path / ".git").mkdir()
    deprecated = "import torch\nscaler = torch.cuda.amp.GradScaler()\n"
    write(tmp_path, "old/requirements.txt", "torch==2.1.0\n")
    write(tmp_path, "old/train.py", deprecated)
    write(tmp_path, "new/train.py", deprecated)

    def flagged(*flags: str) -> list[str]:
        result = run_advise(".", "--select", "AMP001", *flags, cwd=tmp_path)
        return sorted(line.split(":")[0] for line in result.stdout.splitlines() if ": AMP001 " in line)

    assert flagged("--no-cache") == ["new/train.py"]
    assert flagged() == ["new/train.py"] and flagged() == ["new/train.py"]  # cold, then from the cache
    write(tmp_path, "old/requirements.txt", "torch==2.5.0\n")
    assert flagged() == ["new/train.py", "old/train.py"]
    # A version given on the command line is the one every file is advised for.
    write(tmp_path, "old/requirements.txt", "torch==2.1.0\n")
    assert flagged("--torch-version", "2.13") == ["new/train.py", "old/train.py"]


@pytest.mark.parametrize(
    ("readme", "pin"),
    [
        ("### Requirements\n* Python 3.8\n* PyTorch install 1.7.1\n* torchvision\n* CUDA 11.0\n", (1, 7)),
        ("**Dependencies**\n- Python 3.6, PyTorch 1.4 (CUDA 10.1)\n", (1, 4)),
        ("## Environment\n1. torch: v1.10.0\n", (1, 10)),
        # the versions the authors' environment used, listed in the installation steps
        ("## Installation\n3. **Install Dependencies:** our environment used:\n    - Python: `3.8.15`\n    - PyTorch: `1.10.1`\n", (1, 10)),
        # the version in parentheses after the name, as a versions list writes it
        ("# Requirements\n- Python 3.6.6\n- numpy (1.16.4)\n- Pytorch (1.1.0)\n", (1, 1)),
        ("## Requirements\n- PyTorch (1.8 or later)\n- pytorch (>=1.8)\n", None),
        # a floor bounds nothing
        ("## Requirements\n* PyTorch 1.8+\n", None),
        ("## Requirements\n- PyTorch >= 1.8\n- pytorch 1.7 or later\n", None),
        # only a list under a heading of what the project needs, and only torch's own version
        ("## Results\n* PyTorch 1.7.1 gives 76.1 %\n", None),
        ("## Requirements\nWe used PyTorch 1.7.1 on eight GPUs.\n* torchvision 0.8.2\n* pytorch-lightning 1.5\n", None),
        ("## Requirements\n* PyTorch 1.7.1\n\n## Training\n* PyTorch 2.1 speeds this up\n", (1, 7)),
        # a line of its own that is only the name and a version, as a list item would be
        ("# Requirements\n\nPython 2.7\n\nPytorch 0.3\n\n# Data\n", (0, 3)),
        # a build's label after the version is part of it, not a floor
        ("# Requirements\ntorch                1.13.1+cu117\n", (1, 13)),
        ("## Requirements\n* PyTorch 1.10.0+cu113\n", (1, 10)),
        ("## Requirements\nPyTorch 1.7 or later\n", None),
        # a link to the project's site, and the version it was tested on
        ("## Dependencies\n- Python 3\n- [PyTorch](http://pytorch.org/) (currently tested on version 1.6.0)\n", (1, 6)),
        ("## Dependencies\n- [PyTorch](http://pytorch.org/) (tested on version 1.6.0 and newer)\n", None),
        ("## Requirements\nPyTorch 1.7.1 gives the best results\n", None),
        ("## Data\nPyTorch 1.7.1\n", None),
        # names and versions joined by commas, nothing else on the line
        ("## Dependencies\ntorch v0.3.1, torchvision v0.2.0\n", (0, 3)),
        ("## Dependencies\nPython 3.6, torch 1.4, and a GPU\n", None),
        ("## Dependencies\ntorch 1.8+, numpy 1.20\n", None),
        # what its authors ran, in a sentence that is only that list
        ("## Setup with Conda\nTested with Python 3.7, PyTorch 1.12.1, and PyTorch Geometric 2.3.1, dgl 1.0.2.\n", (1, 12)),
        ("# Notes\nTested on PyTorch 1.10 and CUDA 11.3\n", (1, 10)),
        ("# Notes\nTested with PyTorch 1.10 and newer.\n", None),
        ("# Notes\nTested with PyTorch 1.10 on two A100 GPUs.\n", None),
        ("## Requirement\nOur code is based on Python version 3.9 and Pytorch version 1.11.0. For CUDA 11.3, see below.\n", (1, 11)),
        ("# Notes\nTested with PyTorch 1.10. Other versions may work, such as torch 2.1.\n", (1, 10)),
        ("# Notes\nThe implementation was built with PyTorch 1.8.1, CUDA 11.1.\n", (1, 8)),
        ("# Notes\nOur code is based on PyTorch 1.11.0 and the official DETR code.\n", None),
    ],
)
def test_a_requirements_list_that_gives_pytorch_a_version_in_words_pins_it(tmp_path, readme, pin):
    path = write(tmp_path, "README.md", readme)
    assert find_torch_pin(tmp_path) == (None if pin is None else (pin, path))


def test_a_dockerfile_pins_only_by_what_its_image_installs(tmp_path):
    # A comment, a torch named outside an install command, an NGC image (its torch needs a
    # release table) and an unversioned install say nothing.
    write(tmp_path, "Dockerfile", """\
        # RUN pip install torch==1.0.0
        FROM nvcr.io/nvidia/pytorch:22.06-py3
        ENV TORCH_HOME=/models/torch==1.2
        RUN pip install torch torchvision
        """)
    assert find_torch_pin(tmp_path) is None


def test_a_dockerfile_in_the_repositorys_docker_folder_pins_when_nothing_nearer_does(tmp_path):
    (tmp_path / ".git").mkdir()
    pin = write(tmp_path / "docker", "Dockerfile", "FROM pytorch/pytorch:1.9.0-cuda11.1-cudnn8-runtime\n")
    (tmp_path / "src").mkdir()
    assert find_torch_pin(tmp_path / "src") == ((1, 9), pin)
    nearer = write(tmp_path / "src", "requirements.txt", "torch==2.1.0\n")
    assert find_torch_pin(tmp_path / "src") == ((2, 1), nearer)


def test_the_images_in_the_docker_folders_subfolders_pin_together_when_nothing_else_does(tmp_path):
    (tmp_path / ".git").mkdir()
    write(tmp_path / "docker" / "torch", "Dockerfile", "FROM pytorch/pytorch:1.11.0-cuda11.3-cudnn8-runtime\n")
    older = write(tmp_path / "docker" / "legacy", "Dockerfile", "FROM pytorch/pytorch:1.9.0-cuda11.1-cudnn8-runtime\n")
    # A subfolder's other files are no image of the project's.
    write(tmp_path / "docker" / "torch", "requirements.txt", "torch==1.4.0\n")
    (tmp_path / "src").mkdir()
    assert find_torch_pin(tmp_path / "src") == ((1, 9), older)
    nearer = write(tmp_path / "docker", "Dockerfile", "FROM pytorch/pytorch:2.1.0-cuda12.1-cudnn8-runtime\n")
    assert find_torch_pin(tmp_path / "src") == ((2, 1), nearer)


def test_a_lone_image_folder_under_docker_pins_by_its_dockerfile_only(tmp_path):
    (tmp_path / ".git").mkdir()
    image = write(tmp_path / "docker" / "torch", "Dockerfile", "FROM pytorch/pytorch:1.11.0-cuda11.3-cudnn8-runtime\n")
    write(tmp_path / "docker" / "torch", "requirements.txt", "torch==1.4.0\n")
    (tmp_path / "src").mkdir()
    assert find_torch_pin(tmp_path / "src") == ((1, 11), image)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        # a table of results is not a list of what the project needs
        ("README.md", "## Results\n\n| torch | accuracy |\n|---|---|\n| PyTorch 1.7 | 76.1 |\n"),
        ("README.md", "## Requirements\n\n| package | version |\n|---|---|\n| torch | >= 1.8 |\n"),
        # a build argument with no value of its own names no version
        ("Dockerfile", "FROM ubuntu:22.04\nARG TORCH_VERSION\nRUN pip install torch==${TORCH_VERSION}\n"),
        # an environment named for something other than the training machine may be an old one
        ("environment_old_2021.yml", "dependencies:\n  - pytorch=1.4.0\n"),
    ],
)
def test_tables_arguments_and_environments_that_name_no_torch_the_project_runs_on(tmp_path, name, text):
    write(tmp_path, name, text)
    assert find_torch_pin(tmp_path) is None


def test_what_the_requirements_install_decides_over_what_the_readme_describes(tmp_path):
    readme = write(tmp_path, "README.md", "## Dependencies\nThe prominent packages are:\n\n* numpy\n* pytorch 1.8.1\n")
    assert find_torch_pin(tmp_path) == ((1, 8), readme)
    requirements = write(tmp_path, "requirements.txt", "numpy==2.2.1\ntorch==2.1.0\n")
    assert find_torch_pin(tmp_path) == ((2, 1), requirements)


def test_a_readme_version_bounds_a_requirement_that_gives_only_a_floor(tmp_path):
    readme = write(tmp_path, "README.md", "## Environment and Requirements\n- Python 3.10\n- PyTorch 2.1.1\n")
    write(tmp_path, "requirements.txt", "torch>=2.0.0\n")
    assert find_torch_pin(tmp_path) == ((2, 1), readme)


def test_the_environment_file_a_readme_creates_pins_whatever_its_name(tmp_path):
    write(tmp_path, "README.md", "## Install\n\n    $ conda env create -f reinvent.yml\n    $ conda activate reinvent\n")
    environment = write(tmp_path, "reinvent.yml", "name: reinvent\nchannels:\n  - pytorch\ndependencies:\n  - python=3.7\n  - pytorch=1.7.1\n")
    # Another file of the folder, named by nothing, is not read: it may be an old environment.
    write(tmp_path, "old_cuda10.yml", "dependencies:\n  - pytorch=1.2.0\n")
    assert find_torch_pin(tmp_path) == ((1, 7), environment)


@pytest.mark.parametrize(
    "command",
    ["conda install --file conda-requirements.txt -c conda-forge -c pytorch", "pip install -r conda-requirements.txt"],
)
def test_the_requirements_file_a_readme_installs_pins_whatever_its_name(tmp_path, command):
    write(tmp_path, "README.md", f"## Setup\n\n```\nconda create -n project python=3.8\n{command}\n```\n")
    listed = write(tmp_path, "conda-requirements.txt", "faiss-gpu==1.7.0   # remove -gpu for cpu only version\npytorch==1.9.0")
    # A requirements file nothing installs may be anything: a list of what a notebook needs.
    write(tmp_path, "notebook-requirements.txt", "torch==1.4.0\n")
    assert find_torch_pin(tmp_path) == ((1, 9), listed)
