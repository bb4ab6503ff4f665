"""The built wheel carries the catalogue: installed into a fresh virtual environment, outside the
source tree, `advise explain DL002` prints the page and `advise rules` lists every rule."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

from torch_advise.catalogue import load_catalogue

from conftest import REPO


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(work / "dist"), str(REPO)],
        capture_output=True, text=True, timeout=300,
    )
    assert built.returncode == 0, built.stderr
    wheel = next((work / "dist").glob("torch_advise-*.whl"))
    # The venv sees this interpreter's packages (libcst, click), so installing needs no network;
    # the wheel itself goes into the venv and shadows the editable checkout.
    venv.create(work / "env", system_site_packages=True, with_pip=True)
    python = work / "env" / "bin" / "python"
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", "--force-reinstall", str(wheel)],
        capture_output=True, text=True, timeout=300,
    )
    assert install.returncode == 0, install.stderr
    return work / "env" / "bin"


def test_wheel_ships_the_catalogue(installed: Path, tmp_path: Path):
    where = subprocess.run(
        [str(installed / "python"), "-c", "import torch_advise, sys; print(torch_advise.__file__)"],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert str(installed.parent) in where.stdout, "the test must exercise the wheel, not the checkout"
    page = subprocess.run([str(installed / "advise"), "explain", "DL002"], capture_output=True, text=True, cwd=tmp_path)
    assert page.returncode == 0, page.stderr
    source = (REPO / "rules" / "DL002-dataloader-pin-memory.md").read_text().rstrip("\n")
    assert page.stdout.rstrip("\n").endswith(source[source.index("\n+++\n") + 5 :].lstrip("\n"))
    listing = subprocess.run([str(installed / "advise"), "rules"], capture_output=True, text=True, cwd=tmp_path)
    assert [line.split()[0] for line in listing.stdout.splitlines()] == load_catalogue().codes()
