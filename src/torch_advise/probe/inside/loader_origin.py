"""Which of the script's loaders a framework's DataLoader stands for, and how the script sets it.

accelerate's `prepare`, Lightning's distributed set-up and the Hugging Face Trainer build the
DataLoader a loop iterates inside their own code. Measured as it was built, its time lands on a
library line or on the `accelerator.prepare(...)` call, the loader the script wrote looks never
iterated, and the advice names an argument the user cannot pass there. So a loader built by a
library from one of the script's loaders takes that loader's identity, and one the Trainer builds
from its TrainingArguments is advised in TrainingArguments' own names.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import FrameType
from typing import Any, Optional

from torch_advise.probe.inside.sites import is_user_file, library_roots

# How far up the stack a library's own frames are searched: past this, the loader was not built
# from one the script handed to the call that built it.
MAX_LIBRARY_FRAMES = 12
# Packages whose trainer builds the loaders from its arguments (trl's trainers subclass it).
TRAINER_PACKAGES = ("transformers", "trl")
# The DataLoader's arguments as the Hugging Face TrainingArguments name them.
TRAINING_ARGUMENTS = {
    "num_workers": "dataloader_num_workers",
    "pin_memory": "dataloader_pin_memory",
    "persistent_workers": "dataloader_persistent_workers",
    "prefetch_factor": "dataloader_prefetch_factor",
}


@dataclass(frozen=True)
class Origin:
    """``source``: the id of the script's loader this one was rebuilt from; ``framework``: the
    library whose trainer built it from its own arguments."""

    source: Optional[int] = None
    framework: Optional[str] = None


def origin_of(frame: Optional[FrameType], loader: Any, loader_class: type) -> Origin:
    """``frame``: the frame that called DataLoader's ``__init__`` for ``loader``."""
    try:
        return _search(frame, loader, loader_class)
    except Exception:  # noqa: BLE001 - a library's odd object in a frame must not stop the user's run
        return Origin()


def _search(frame: Optional[FrameType], loader: Any, loader_class: type) -> Origin:
    roots = library_roots()
    framework = None
    for _ in range(MAX_LIBRARY_FRAMES):
        if frame is None or is_user_file(frame.f_code.co_filename, roots):
            break
        for value in frame.f_locals.values():
            if value is not loader and isinstance(value, loader_class):
                source = value.__dict__.get("_advise_id")
                if source is not None:
                    return Origin(source, framework)
        framework = framework or _trainer_package(frame.f_locals.get("self"))
        frame = frame.f_back
    return Origin(None, framework)


def _trainer_package(owner: Any) -> Optional[str]:
    for klass in type(owner).__mro__ if owner is not None else ():
        package = (klass.__module__ or "").split(".")[0]
        if klass.__name__ == "Trainer" and package in TRAINER_PACKAGES:
            return "transformers"
    return None


def setting(framework: Optional[str], name: str, value: Any) -> str:
    """``name=value`` as the user writes it for a loader built by ``framework`` (None: the script)."""
    if framework == "transformers" and name in TRAINING_ARGUMENTS:
        return f"{TRAINING_ARGUMENTS[name]}={value!r} in the TrainingArguments of the Trainer run here"
    return f"{name}={value!r}"
