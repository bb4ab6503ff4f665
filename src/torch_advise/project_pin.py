"""The newest torch a project's own dependency files allow: the torch its code runs on.

A repository that pins `torch==2.1.0` runs on torch 2.1 whatever torch the machine linting it has
(a pre-commit environment has none), and advice for torch 2.4 would be wrong there: the
`torch.amp.GradScaler` a fix writes does not exist before 2.3. Walking up from the linted paths,
the first folder whose requirements*.txt or requirement*.txt (or a conda package list or a `pip
list` table saved under that name), pyproject.toml (dependencies and extras, Poetry's versions and
wheel addresses), Pipfile, a lock file (poetry.lock, pdm.lock, uv.lock, Pipfile.lock), setup.cfg,
setup.py, conda environment file
(`environment.yml`, `env.yaml`, or any named for conda), Dockerfile (its official PyTorch base
image and its RUN install commands), or the install commands (and the lines that are nothing but
requirements, and the items of a list under a Requirements or Installation heading that give
PyTorch a version) of
its README.md, INSTALL.md or environment set-up script (`install.sh`, `env_setup.sh`)
name torch decides (with the requirements and conda files its README's install commands name,
whatever they are called), and after them the conda environment files a repository keeps in an `env/` or
`envs/` folder, or names for what they are in a `scripts/` or `docker/` folder, and the Dockerfiles
there (`docker/Dockerfile`), and last those of `docker/`'s subfolders (`docker/torch/Dockerfile`),
the oldest torch among them; the walk ends at a
repository's root or the home folder (project_scope). A requirement with no upper bound
(`torch>=2.0`) says nothing about the version that runs, so it gives no pin. Files that cannot be
read or parsed, and those project_scope does not take for the project's own, are passed over: a pin
is a hint, never a reason to fail.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Optional

from torch_advise.project_scope import ScopeMemo, project_scope
from torch_advise.toml_reader import toml

Version = tuple[int, int]

# Folders at a repository's root that hold its conda environment files (`env/env_gpu.yml`).
ENVIRONMENT_FOLDERS = ("env", "envs", "environment", "environments", "conda")
# Folders at its root that hold set-up files among others: only a conda file named for what it is
# (`scripts/requirements_conda.yaml`, `docker/environment.yml`) is read there.
SETUP_FOLDERS = ("scripts", "docker", "install", "setup", "tools")
# A folder at its root that holds its pip requirements files, whatever they are called
# (`requirements/requirements.txt`, `requirements/runtime.txt`).
REQUIREMENTS_FOLDER = "requirements"
# Files that describe how to set the project up, in prose and commands, rather than install it.
DESCRIBING_FILES = ("readme.md", "install.md")

# The last minor release of each major one before it, for `<2.0`.
_LAST_MINOR = {1: 13}

# Patterns as text, compiled (and cached by `re`) on first use: most runs find no dependency
# file and should not pay for compiling them at start-up.
_PIP_REQUIREMENT = r"(?i)^\s*torch\s*(?:\[[^\]]*\])?\s*(?P<spec>[<>=!~][^;#@]*|@\s*\S+)?(?:;(?P<marker>.*))?$"
_MARKER_CLAUSE = r"""^\(*\s*(sys_platform|platform_system|os_name)\s*(==|!=)\s*["']([^"']*)["']\s*\)*$"""
# Training runs on Linux: these are the platform markers as they read there.
_LINUX = {"sys_platform": "linux", "platform_system": "linux", "os_name": "posix"}
_CONDA_REQUIREMENT = r"(?i)^(?:[\w.-]+::)?(?:torch|pytorch)\s*(?P<spec>[<>=!~][^#\s]*)?\s*$"
_PYTORCH_REQUIREMENT = r"(?i)^\s*pytorch(?=\s*(?:===|==|~=|!=|<=|>=|<|>)[^=])"
_CONDA_EXPORT = r"(?i)^(?:torch|pytorch)=(\d+(?:\.\d+)*)(?:=\S+)?$"
_SETUP_PY_REQUIREMENT = r"""(?i)["']\s*torch\s*(?:\[[^\]]*\])?\s*([<>=!~][^"';]*)?(?:;[^"']*)?["']"""
_CLAUSE = r"^(===|==|~=|<=|<|>=|>|!=|=)\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+|\*))?"
# `pip install`, `conda install` and the like, before the words they install; options may come
# between (`pip --no-cache-dir install`).
_INSTALL_COMMAND = r"\b(?:pip3?|conda|mamba)\s+(?:-{1,2}[\w-]+(?:=\S+)?\s+)*install\b"
_WHEEL_VERSION = r"(?i)torch-(\d+)\.(\d+)"
# A Markdown list item's or quote's marker before a requirement (`- `, `* `, `1. `, `> `).
_LISTED_ITEM = r"^\s*(?:[-*+>]|\d+[.)])\s+"
# A requirement as a list writes it, its operator spaced or not: `PyTorch == 0.3.1`, `numpy`.
_SPACED_OPERATOR = r"\s*(===|==|~=|!=|<=|>=|<|>|=)\s*"
# A Markdown heading (`## Requirements`), or a line that stands for one (`**Requirements**`, `Requirements:`).
_HEADING = r"^\s*(?:#{1,6}\s*(.*?)\s*#*\s*$|\*\*([^*]+)\*\*:?\s*$|([A-Z][\w ]{0,40}):\s*$)"
_REQUIREMENTS_HEADING = r"(?i)requirement|dependenc|prerequisite|environment|software|packages|install"
# The name and the version right after it, a word like `install` or `version` between at most,
# or an opening parenthesis (`- Pytorch (1.1.0)`), or what the authors tested it on (`- PyTorch
# (currently tested on version 1.6.0)`).
_DESCRIBED_TORCH = (
    r"(?i)\b(?:py)?torch\b[\s:=`*(]*(?:(?:currently\s+)?tested\s+(?:on|with|using)\s+)?"
    r"(?:(?:install|installed|version|ver\.?|v)\b[\s:=`*]*)?"
    # A `+` after the version is a floor (`1.8+`) unless a build's label follows it (`1.13.1+cu117`).
    r"v?(?P<version>\d+\.\d+(?:\.\d+)?)(?![\d.]*\s*\+(?![A-Za-z0-9]))"
)
# A line under such a heading that is only the name and its version: `Pytorch 0.3`,
# `torch    1.13.1+cu117`.
_TORCH_LINE = r"(?i)^(?:py)?torch\b[\s:=`*]*(?:version\s+)?v?\d+\.\d+(?:\.\d+)?(?:\+[\w.]+)?$"
# A name and its version, as such lines list them: `torchvision v0.2.0`, `Python 3.6`.
_NAMED_VERSION = r"(?i)^[a-z][\w.-]*(?:\s+[a-z][\w.-]*){0,2}[\s:=`*]*v?\d+(?:\.\d+){0,2}(?:\+[\w.]+)?$"
# How a README opens the list of what its authors ran: `Tested with Python 3.7, PyTorch 1.12.1.`,
# `Our code is based on Python 3.9 and Pytorch version 1.11.0`.
_TESTED_WITH = (
    r"(?i)^\s*(?:(?:our|the|this)\s+(?:code|implementation|project|repository|repo)\s+(?:is|was)\s+)?"
    r"(?:tested|developed|trained|run|ran|based|built|implemented|written)\s+(?:with|on|using|under|in)\s+"
)
# A Markdown link, read as its text: `[PyTorch](http://pytorch.org/)`.
_MARKDOWN_LINK = r"\[([^\]]*)\]\([^)]*\)"
_FLOOR_WORDS = r"(?i)>|\bor (?:later|newer|higher|above)\b|\band (?:later|newer|higher|above)\b|\bat least\b|\bminimum\b|\bor greater\b"
_REQUIREMENT_ITEM = r"^[A-Za-z][\w.\-\[\]]*(?:(?:===|==|~=|!=|<=|>=|<|>|=)[\w.*+!-]+)?$"


class PinMemo:
    """What one run has read of folders: the project scope of each, the torch requirements of
    each. Many files share their folders."""

    def __init__(self) -> None:
        self.scopes = ScopeMemo()
        self.requirements: dict[Path, list[tuple[Optional[Version], Path]]] = {}

    def requirements_of(self, folder: Path) -> list[tuple[Optional[Version], Path]]:
        found = self.requirements.get(folder)
        if found is None:
            found = self.requirements[folder] = list(_torch_requirements(folder))
        return found


def project_torch(start: Path, memo: Optional[PinMemo] = None) -> Optional[tuple[Version, str]]:
    """The pinned version and the pinning file as a user would name it, for the target line."""
    found = find_torch_pin(start, memo)
    if found is None:
        return None
    version, path = found
    try:
        return version, os.path.relpath(path)
    except ValueError:  # another drive
        return version, str(path)


def find_torch_pin(start: Path, memo: Optional[PinMemo] = None) -> Optional[tuple[Version, Path]]:
    """The newest torch the nearest declaring folder of the project allows, and the file that says so."""
    memo = memo if memo is not None else PinMemo()
    scope = project_scope(start, memo.scopes)
    # Last, the conda environments a repository keeps in a folder of their own (`env/`), and
    # the images of `docker/`'s subfolders (`docker/torch/Dockerfile`), read as one: where they
    # disagree, the oldest torch bounds what the code may use.
    # Each group: its folders, and whether only their Dockerfiles count.
    groups = [([folder], False) for folder in scope.folders]
    if scope.vouched and groups:
        root = scope.folders[-1]
        groups += [([root / name], False) for name in (*ENVIRONMENT_FOLDERS, *SETUP_FOLDERS, REQUIREMENTS_FOLDER)]
        groups.append((_image_folders(root / "docker"), True))
    for group, images_only in groups:
        declared = [
            (version, path) for folder in group for version, path in memo.requirements_of(folder)
            if scope.foreign_owner(path) is None and (not images_only or _reader(path.name, folder) is _dockerfile)
        ]
        # A version the folder's dependency files install decides over one its README describes,
        # which is often left behind when the requirements move on; a README's version still
        # bounds a requirement that only gives a floor (`torch>=2.0`).
        installed: list[tuple[Optional[Version], Path]] = [
            (version, path) for version, path in declared if path.name.lower() not in DESCRIBING_FILES and version is not None
        ]
        declared = installed or declared
        if declared:
            bounded = [(version, path) for version, path in declared if version is not None]
            return min(bounded) if bounded else None
    return None


def _image_folders(docker: Path) -> list[Path]:
    try:
        return sorted(child for child in docker.iterdir() if child.is_dir())
    except OSError:
        return []


def newest_allowed(spec: str) -> Optional[Version]:
    """The newest (major, minor) a PEP 440 or conda version specifier admits; None if unbounded."""
    spec = spec.strip()
    if spec.startswith("@"):
        wheel = re.search(_WHEEL_VERSION, spec)
        return (int(wheel.group(1)), int(wheel.group(2))) if wheel else None
    newest: Optional[Version] = None
    for clause in spec.split(","):
        bound = _clause_bound(clause.strip())
        if bound is not None and (newest is None or bound < newest):
            newest = bound
    return newest


def _clause_bound(clause: str) -> Optional[Version]:
    match = re.match(_CLAUSE, clause)
    if match is None:
        return None
    operator, major, minor, patch = match.group(1), int(match.group(2)), match.group(3), match.group(4)
    if operator in ("===", "==", "=", "<="):
        # `==2.1.0`, conda's `=2.1`, `<=2.1.2`: the newest release allowed is a 2.1.
        return (major, int(minor)) if minor is not None else None
    if operator == "~=":
        # `~=2.1.0` admits 2.1.*; `~=2.1` admits every 2.x, which bounds nothing useful.
        return (major, int(minor)) if minor is not None and patch is not None else None
    if operator == "<" and minor is not None:
        if patch not in (None, "0", "*"):
            return (major, int(minor))  # `<2.3.1` admits 2.3.0
        if int(minor) > 0:
            return (major, int(minor) - 1)
        return (major - 1, _LAST_MINOR[major - 1]) if major - 1 in _LAST_MINOR else None
    return None


def _torch_requirements(folder: Path) -> Iterator[tuple[Optional[Version], Path]]:
    """Every requirement on torch this folder's dependency files state, with its newest version."""
    try:
        # Names first: the walk runs on every lint, and a folder's other entries need no stat.
        with os.scandir(folder) as entries:
            found = sorted((entry.name, reader) for entry in entries if (reader := _reader(entry.name, folder)) and entry.is_file())
    except OSError:
        return
    named = {name for name, _ in found}
    for guide in [name for name in named if name.lower() in DESCRIBING_FILES]:
        # `conda env create -f reinvent.yml` in the README: that file is the environment, whatever
        # its name; so is `conda install --file conda-requirements.txt` or `pip install -r deps.txt`.
        text = _read(folder / guide)
        listed_files = [(name, _conda_environment) for name in _conda_files_named(text)]
        listed_files += [(name, _requirements_txt) for name in _requirement_files_named(text)]
        for listed, reader in listed_files:
            if listed not in named and (folder / listed).is_file():
                named.add(listed)
                found.append((listed, reader))
    for name, reader in found:
        path = folder / name
        for spec in reader(path):
            yield newest_allowed(spec), path


def _conda_files_named(guide: str) -> Iterator[str]:
    """The environment files of this folder that a guide's `conda env create -f FILE` (or `conda
    env update --file`, mamba's too) builds from."""
    for command in re.finditer(r"(?:conda|mamba|micromamba)\s+env\s+(?:create|update)\b[^\n]*?(?:-f|--file)[=\s]+([\w.-]+\.ya?ml)\b", guide):
        yield command.group(1)


def _requirement_files_named(guide: str) -> Iterator[str]:
    """The requirements files of this folder that a guide's `pip install -r FILE` or `conda install
    --file FILE` installs."""
    for command in re.finditer(_INSTALL_COMMAND + r"[^\n]*?(?:-r|--requirement|--file)[=\s]+([\w.-]+\.txt)\b", guide):
        yield command.group(1)


def _reader(name: str, folder: Path) -> Optional[Callable[[Path], Iterator[str]]]:
    """What reads the torch requirements of a dependency file of this name; None for other files."""
    lowered = name.lower()
    if lowered.endswith((".yml", ".yaml")) and (
        folder.name in ENVIRONMENT_FOLDERS
        or "conda" in lowered
        or lowered.startswith("requirements")  # `conda env create -f requirements.yml`
        or (folder.name in SETUP_FOLDERS and "environment" in lowered)
        or re.match(r"(?:environment|env)[-_.](?:gpu|cuda|linux)\.ya?ml$", lowered)
    ):
        # A conda file named for what it is (`conda_splade_env.yml`) pins wherever it sits;
        # other environment files beside `environment.yml` may be old ones
        # (`environment_old_2021.yml`), so only the set-up folders' are read, and those named
        # for the machine training runs on (`environment-gpu.yml`).
        return _conda_environment
    # `requirement.txt` too, a spelling real repositories pin with.
    if lowered.endswith(".txt") and (lowered.startswith("requirement") or folder.name == REQUIREMENTS_FOLDER):
        # What building the documentation installs (`requirements-docs.txt`, `requirements/docs.txt`)
        # is not what training runs on.
        if {"doc", "docs"} & set(re.split(r"[-_.]", lowered)):
            return None
        return _requirements_txt
    if lowered == "dockerfile" or lowered.startswith("dockerfile.") or lowered.endswith(".dockerfile"):
        return _dockerfile
    # An environment's set-up script (`install.sh`, `deepgcn_env_install.sh`, `setup_env.sh`):
    # its install commands, as a README's. Launch scripts (`train.sh`) are not read.
    if lowered.endswith(".sh") and any(word in lowered for word in ("install", "setup", "env")):
        return _install_commands
    return _READERS.get(lowered)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _pip_specs(lines: list[str]) -> Iterator[str]:
    for line in lines:
        match = re.match(_PIP_REQUIREMENT, line.split(" #", 1)[0])
        if match and _holds_on_linux(match.group("marker")):
            yield match.group("spec") or ""


def _holds_on_linux(marker: Optional[str]) -> bool:
    """Whether an environment marker may hold on a Linux training machine: a requirement for
    macOS or Windows only (`sys_platform == 'darwin'`) says nothing of the torch it runs on.
    Only platform clauses are decided; any other (`python_version`) may hold."""
    if not marker:
        return True
    for alternative in re.split(r"\s+or\s+", marker.strip()):
        holds = True
        for clause in re.split(r"\s+and\s+", alternative):
            match = re.match(_MARKER_CLAUSE, clause.strip())
            if match:
                name, operator, value = match.groups()
                holds = holds and ((value.lower() == _LINUX[name]) == (operator == "=="))
        if holds:
            return True
    return False


def _requirements_txt(path: Path) -> Iterator[str]:
    """pip's requirements, or a conda package list of the same name (`conda list --export`, for
    `conda create --file requirements.txt`): its `pytorch=0.2.0=py36h53baedd_4cu80` is the
    exact torch, a single `=` that pip would refuse."""
    lines = _read(path).splitlines()
    # `pytorch==1.11.0`: pip refuses the name, but it says which torch the authors ran.
    yield from _pip_specs([re.sub(_PYTORCH_REQUIREMENT, "torch", line) for line in lines])
    for line in lines:
        exported = re.match(_CONDA_EXPORT, line.strip())
        if exported:
            yield f"=={exported.group(1)}"
    # `pip list` saved under the name: a `Package  Version` table, `torch  1.7.1` its exact torch.
    if lines and re.match(r"Package\s+Version\s*$", lines[0].strip()):
        for line in lines:
            listed = re.match(r"(?:torch|pytorch)\s+(\d+(?:\.\d+)*)\s*$", line.strip(), re.I)
            if listed:
                yield f"=={listed.group(1)}"


def _toml_naming_torch(path: Path) -> Optional[dict]:
    """The TOML document, where it names torch and parses."""
    text = _read(path)
    if "torch" not in text:
        return None
    tomllib = toml()
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return None


def _pyproject(path: Path) -> Iterator[str]:
    document = _toml_naming_torch(path)
    if document is None:
        return
    project = document.get("project")
    dependencies = project.get("dependencies") if isinstance(project, dict) else None
    if isinstance(dependencies, list):
        yield from _pip_specs([item for item in dependencies if isinstance(item, str)])
    # Extras too: `cuda = ["torch==1.10.*+cu113"]` is the torch the project runs on when it needs one.
    extras = project.get("optional-dependencies") if isinstance(project, dict) else None
    if isinstance(extras, dict):
        for declared in extras.values():
            if isinstance(declared, list):
                yield from _pip_specs([item for item in declared if isinstance(item, str)])
    tool = document.get("tool")
    poetry = tool.get("poetry") if isinstance(tool, dict) else None
    poetry_dependencies = poetry.get("dependencies") if isinstance(poetry, dict) else None
    if isinstance(poetry_dependencies, dict) and "torch" in poetry_dependencies:
        declared = poetry_dependencies["torch"]
        version = declared.get("version") if isinstance(declared, dict) else declared
        if isinstance(version, str):
            # Poetry's bare `2.1.0` is an exact pin; `^2.1` and `*` bound nothing useful here.
            yield f"=={version}" if version[:1].isdigit() else version
        # A wheel it installs by address: `torch = {url = ".../torch-1.8.0%2Bcu111-...whl"}`.
        addresses = [declared.get(key) for key in ("url", "path", "file")] if isinstance(declared, dict) else []
        yield from (f"@ {wheel}" for wheel in addresses if isinstance(wheel, str))


def _lock(path: Path) -> Iterator[str]:
    """A lock file's torch: poetry's, pdm's and uv's `[[package]]` of that name. What `poetry
    install` or `uv sync` installs is that exact version; of a lock that resolves several (one per
    platform), the newest."""
    document = _toml_naming_torch(path)
    packages = document.get("package") if document is not None else None
    locked = [
        (newest, version) for package in (packages if isinstance(packages, list) else [])
        if isinstance(package, dict) and package.get("name") == "torch" and isinstance(version := package.get("version"), str)
        and (newest := newest_allowed(f"=={version}")) is not None
    ]
    if locked:
        yield f"=={max(locked)[1]}"


def _pipfile_lock(path: Path) -> Iterator[str]:
    """Pipenv's lock: the exact torch of its `default` packages, not its `develop` ones."""
    try:
        document = json.loads(_read(path))
    except (ValueError, RecursionError):
        return
    default = document.get("default") if isinstance(document, dict) else None
    entry = default.get("torch") if isinstance(default, dict) else None
    version = entry.get("version") if isinstance(entry, dict) else None
    if isinstance(version, str):
        yield version


def _pipfile(path: Path) -> Iterator[str]:
    """Pipenv's `[packages]`: `torch = "==1.7.1"`, or a table with its `version`; `"*"` bounds
    nothing. Its `[dev-packages]` are not what training runs on."""
    document = _toml_naming_torch(path)
    packages = document.get("packages") if document is not None else None
    declared = packages.get("torch") if isinstance(packages, dict) else None
    version = declared.get("version") if isinstance(declared, dict) else declared
    if isinstance(version, str) and version.strip() != "*":
        yield version.strip()


def _setup_cfg(path: Path) -> Iterator[str]:
    lines, inside = [], False
    for line in _read(path).splitlines():
        if re.match(r"^install_requires\s*=", line):
            inside = True
            lines.append(line.split("=", 1)[1])
        elif inside and line[:1] in (" ", "\t"):
            lines.append(line)
        else:
            inside = False
    return _pip_specs(lines)


def _setup_py(path: Path) -> Iterator[str]:
    for match in re.finditer(_SETUP_PY_REQUIREMENT, _read(path)):
        yield match.group(1) or ""


def _package_spec(item: str) -> Optional[str]:
    """The version specifier of a pip or conda requirement on torch (`torch==2.1.0`,
    `pytorch::pytorch=2.1.0`), '' for one without; None for any other item."""
    pip = re.match(_PIP_REQUIREMENT, item)
    conda = re.match(_CONDA_REQUIREMENT, item)
    if pip:
        return pip.group("spec") or ""
    return (conda.group("spec") or "") if conda else None


def _conda_environment(path: Path) -> Iterator[str]:
    for line in _read(path).splitlines():
        item = line.strip()
        if not item.startswith("-"):
            continue
        spec = _package_spec(item[1:].strip().strip("'\""))
        if spec is not None:
            yield spec


def _install_commands(path: Path) -> Iterator[str]:
    """The torch an installation guide's `pip install` or `conda install` commands name
    (`conda install pytorch==2.1.0 torchvision==0.16.0 -c pytorch`), or a line of its own that is
    a versioned requirement, as a requirements list in a README is written (`- torch==1.5.0`,
    ``` `` pytorch==1.5.0`` ```), or an item of a list under a Requirements (Dependencies,
    Prerequisites, Environment) heading that gives PyTorch a version in words (`* PyTorch install
    1.7.1`), or a line there that is only the name and a version (`Pytorch 0.3`), or only names
    and versions joined by commas (`torch v0.3.1, torchvision v0.2.0`): what its authors run it
    on. Other prose is not read."""
    listing = False  # under a heading of what the project needs
    for line in _read(path).splitlines():
        heading = re.match(_HEADING, line)
        if heading:
            title = next(group for group in heading.groups() if group is not None)
            listing = re.search(_REQUIREMENTS_HEADING, title) is not None
            continue
        command = re.search(_INSTALL_COMMAND + r"(.*)", line)
        if command is None:
            yield from _listed_requirements(line)
            if listing and (re.match(_LISTED_ITEM, line) or re.match(_TORCH_LINE, line.strip())):
                yield from _described_requirement(line)
            elif re.match(_TESTED_WITH, line):
                # Only the sentence that opens with it: `... and Pytorch version 1.11.0. For example, ...`.
                yield from _named_versions(re.split(r"\.\s+(?=[A-Z])", line)[0])
            elif listing and "," in line:
                yield from _named_versions(line)
            elif listing and line.lstrip().startswith("|"):
                yield from _table_requirement(line)
            continue
        yield from _versioned_words(command.group(1))


def _versioned_words(arguments: str) -> Iterator[str]:
    """The specifiers of the torch requirements an install command's arguments give a version.
    A bare `pip install torch` bounds nothing, and must not end the walk as a declaring folder
    would: only a versioned word counts (as in a listed line)."""
    for word in arguments.split():
        spec = _package_spec(word.strip("`'\""))
        if spec:
            yield spec


def _dockerfile(path: Path) -> Iterator[str]:
    """The torch an image is built with: an official PyTorch base image's tag
    (`FROM pytorch/pytorch:1.12.1-cuda11.3-cudnn8-runtime`), and the versioned `pip install` or
    `conda install` words of its RUN commands (`RUN conda install pytorch=1.4.0 torchvision`),
    continuation lines joined. Comments and other instructions are not read."""
    text = re.sub(r"\\[ \t]*\n", " ", _read(path))
    # Build arguments and variables with a value of their own (`ARG PYTORCH_VERSION=1.2.0`), for
    # the commands that name them (`torch==${PYTORCH_VERSION}`).
    values: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        setting = re.match(r"(?i)^(?:ARG|ENV)\s+(\w+)[=\s]\s*[\"']?([\w.+-]+)[\"']?\s*$", line)
        if setting:
            values[setting.group(1)] = setting.group(2)
            continue
        line = re.sub(r"\$\{(\w+)\}|\$(\w+)", lambda m: values.get(m.group(1) or m.group(2), m.group(0)), line)
        image = re.match(r"(?i)^FROM\s+(?:--\S+\s+)*(?:docker\.io/)?pytorch/pytorch:v?(\d+\.\d+(?:\.\d+)?)\b", line)
        if image:
            yield f"=={image.group(1)}"
            continue
        if not re.match(r"(?i)^RUN\b", line):
            continue
        for command in re.finditer(_INSTALL_COMMAND + r"([^;&|]*)", line):
            yield from _versioned_words(command.group(1))


def _described_requirement(line: str) -> Iterator[str]:
    """`* PyTorch install 1.7.1`, `- PyTorch 1.4 (CUDA 10.1)`: the version written right after the
    name, as `==`. Not a floor (`PyTorch 1.8+`, `>= 1.8`, `1.8 or later`), which bounds nothing."""
    found = re.search(_DESCRIBED_TORCH, re.sub(_MARKDOWN_LINK, r"\1", line))
    if found is not None and not re.search(_FLOOR_WORDS, line):
        yield f"=={found.group('version')}"


def _named_versions(line: str) -> Iterator[str]:
    """`torch v0.3.1, torchvision v0.2.0` under a Dependencies heading, or anywhere `Tested with
    Python 3.7, PyTorch 1.12.1, and dgl 1.0.2.`: a line that is nothing but names with their
    versions, joined by commas or `and`, one of them torch's."""
    listed = re.sub(_TESTED_WITH, "", line).strip().rstrip(".")
    items = [re.sub(r"(?i)^and\s+", "", item.strip()).strip("`*") for item in re.split(r",\s*(?:and\s+)?|\s+and\s+", listed)]
    if all(re.match(_NAMED_VERSION, item) for item in items):
        for item in items:
            if re.match(_TORCH_LINE, item):
                yield from _described_requirement(item)


def _table_requirement(line: str) -> Iterator[str]:
    """A row of a packages table naming torch and its version, in one cell (`| pytorch 2.0.1 |
    ... |`) or in the two first (`| torch | 1.13.1 |`)."""
    cells = [cell.strip().strip("`*") for cell in line.strip().strip("|").split("|")]
    for text in (cells[0], " ".join(cells[:2])):
        if re.match(_TORCH_LINE, text):
            yield from _described_requirement(text)  # which leaves out a floor
            return


def _listed_requirements(line: str) -> Iterator[str]:
    """The torch a line names when the line is nothing but requirements, one or several joined
    by commas (`- torch==1.5.0`, `Python >= 3.5.5, PyTorch == 0.3.1, torchvision == 0.2.0`);
    a sentence that mentions one (`Tested with torch==1.13 and newer.`) names none."""
    text = re.sub(_LISTED_ITEM, "", line).strip().strip("`'\" ")
    items = [re.sub(_SPACED_OPERATOR, r"\1", item.strip().strip("`'\"")) for item in text.split(",")]
    if not all(re.match(_REQUIREMENT_ITEM, item) for item in items):
        return
    for item in items:
        spec = _package_spec(item)
        if spec:
            yield spec


_READERS: dict[str, Callable[[Path], Iterator[str]]] = {
    "readme.md": _install_commands,
    "install.md": _install_commands,
    "pyproject.toml": _pyproject,
    "pipfile": _pipfile,
    "poetry.lock": _lock,
    "pdm.lock": _lock,
    "uv.lock": _lock,
    "pipfile.lock": _pipfile_lock,
    "setup.cfg": _setup_cfg,
    "setup.py": _setup_py,
    "environment.yml": _conda_environment,
    "environment.yaml": _conda_environment,
    # The short name many projects give the conda file (`conda env create -f env.yaml`).
    "env.yml": _conda_environment,
    "env.yaml": _conda_environment,
}
