"""Files a module writes with objects a weights-only load refuses: `torch.save(self, path)`, the
whole instance, or a checkpoint dict holding the options parsed from the command line
(`torch.save({"args": args, "model": model.state_dict()}, path)`, an argparse.Namespace). A
load of a path that names the same file reads that object back
(`th.save(self, scratch_dir / "checkpoint-latest.pt")` in a trainer's `save_trainer`, and
`th.load(scratch_dir / "checkpoint-latest.pt")` in the function that reconstructs it)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import PurePosixPath
from typing import Optional, TypeVar

from torch_advise.lint.analysis.model import CallSite, Scope, TrainingModel
from torch_advise.lint.analysis.syntax import positional_args, string_value
from torch_advise.lint.analysis.values import holds_parsed_options
from torch_advise.lint.analysis.walk import descendants
from torch_advise.lint.syntax_tree import nodes as cst

TORCH_SAVES = {"torch.save", "torch.serialization.save"}
T = TypeVar("T")


def file_names(model: TrainingModel, path: cst.CSTNode, scope: Scope) -> set[str]:
    """The file names (`checkpoint-latest.pt`) the strings a path is built from spell: in the
    expression, and in what the names it uses were assigned."""
    nodes = [path]
    for name in descendants(path, cst.Name):
        nodes.extend(origin.expr for origin in model.origins(name, scope))
    found = set()
    for node in nodes:
        for string in descendants(node, (cst.SimpleString, cst.ConcatenatedString)):
            text = string_value(string)
            leaf = PurePosixPath(text).name if text else ""
            if "." in leaf.strip("."):
                found.add(leaf)
    return found


def instance_saves(model: TrainingModel) -> dict[str, CallSite]:
    """The file names each `torch.save(self, path)` of the module writes, with the save."""
    saved: dict[str, CallSite] = {}
    for site in model.calls:
        arguments = positional_args(site.node)
        function = site.function
        if model.call_name(site) not in TORCH_SAVES or len(arguments) < 2 or function is None or function.self_name is None:
            continue
        if isinstance(arguments[0], cst.Name) and arguments[0].value == function.self_name:
            for name in file_names(model, arguments[1], site.scope):
                saved.setdefault(name, site)
    return saved


def namespace_saves(model: TrainingModel) -> dict[str, tuple[CallSite, str]]:
    """The file names each `torch.save({..., "args": args, ...}, path)` of the module writes
    where an entry holds the parsed command-line options, with the save and the entry's key."""
    saved: dict[str, tuple[CallSite, str]] = {}
    for site in model.calls:
        arguments = positional_args(site.node)
        if model.call_name(site) not in TORCH_SAVES or len(arguments) < 2:
            continue
        for checkpoint in [arguments[0], *(o.expr for o in model.origins(arguments[0], site.scope))]:
            if not isinstance(checkpoint, cst.Dict):
                continue
            for element in checkpoint.elements:
                key = string_value(element.key) if isinstance(element, cst.DictElement) else None
                if key is not None and isinstance(element, cst.DictElement) and holds_parsed_options(model, element.value, site.scope):
                    for name in file_names(model, arguments[1], site.scope):
                        saved.setdefault(name, (site, key))
    return saved


def save_that_wrote(model: TrainingModel, load: CallSite, saved: Mapping[str, T]) -> Optional[T]:
    """The save that wrote the file this load reads, where its path names it."""
    arguments = positional_args(load.node)
    if not arguments or not saved:
        return None
    for name in sorted(file_names(model, arguments[0], load.scope)):
        if name in saved:
            return saved[name]
    return None
