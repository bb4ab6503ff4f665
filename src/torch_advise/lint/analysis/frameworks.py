"""The frameworks people train with, as facts the rules share: Lightning's hooks and Trainer, the
Hugging Face TrainingArguments, accelerate's Accelerator. A framework's loop is a loop the file
does not show; these say when one runs the file's code, and with which settings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Optional

from torch_advise.lint.analysis.model import CallSite, ClassInfo, FunctionInfo, Scope, TrainingModel
from torch_advise.lint.analysis.syntax import NOT_LITERAL, dotted, has_star_args, keyword_args, literal_value, positional_args
from torch_advise.lint.analysis.values import possible_values
from torch_advise.lint.syntax_tree import nodes as cst
from torch_advise.records import dataclass

LIGHTNING_PACKAGES = ("lightning", "pytorch_lightning")
# Lightning's hooks that return a loader, and how often its loops iterate what they return.
LIGHTNING_LOADER_HOOKS = {
    "train_dataloader": "Lightning's fit loop iterates it every epoch",
    "val_dataloader": "Lightning's fit loop iterates it at every validation, every epoch by default",
}
# Hooks whose loaders only `trainer.test` and `trainer.predict` iterate, once a call, on the
# device the Trainer trains on.
LIGHTNING_EVALUATION_HOOKS = {
    "test_dataloader": "trainer.test iterates it on the Trainer's device",
    "predict_dataloader": "trainer.predict iterates it on the Trainer's device",
}
# Trainer.fit's loader arguments, by position after the model and by keyword.
FIT_LOADERS = ("train_dataloaders", "val_dataloaders")
# Subclasses of transformers.TrainingArguments in trl, with the same data loader settings.
TRL_CONFIGS = {"SFTConfig", "DPOConfig", "ORPOConfig", "KTOConfig", "CPOConfig", "RewardConfig", "GRPOConfig", "PRMConfig"}


def _package(qualname: Optional[str]) -> str:
    return (qualname or "").split(".")[0]


def is_lightning(qualname: Optional[str], name: str) -> bool:
    """`lightning.pytorch.LightningModule`, `pytorch_lightning.LightningModule`, `L.LightningModule`."""
    return _package(qualname) in LIGHTNING_PACKAGES and (qualname or "").rsplit(".", 1)[-1] == name


def lightning_class(model: TrainingModel, cls: ClassInfo) -> bool:
    """A LightningModule or LightningDataModule, directly or through classes of this file."""
    for klass in model.class_lineage(cls):
        scope = klass.scope.parent or klass.scope
        for base in klass.bases:
            name = model.qualname(base, scope)
            if is_lightning(name, "LightningModule") or is_lightning(name, "LightningDataModule"):
                return True
    return False


def lightning_loader_hook(
    model: TrainingModel, function: Optional[FunctionInfo], hooks: Mapping[str, str] = LIGHTNING_LOADER_HOOKS
) -> Optional[str]:
    """How often Lightning iterates the loader `function` returns, when it is one of `hooks`:
    by its name, or set as one in the class (`self.train_dataloader = self._train_dataloader`,
    or a `partial` of it)."""
    if function is None or function.cls is None or not lightning_class(model, function.cls):
        return None
    if function.name in hooks:
        return hooks[function.name]
    for hook, description in hooks.items():
        if _returns_own_method(model, function.cls, hook, function.name):
            return description
        for binding in function.cls.attributes.get(hook, []):
            value = binding.value
            if isinstance(value, cst.Call) and (dotted(value.func) or "").rsplit(".", 1)[-1] == "partial" and positional_args(value):
                value = positional_args(value)[0]
            # The binding was made in a method, through that method's own name for the instance.
            if value is not None and (dotted(value) or "").rsplit(".", 1)[-1] == function.name and isinstance(value, cst.Attribute):
                return description
    return None


def _returns_own_method(model: TrainingModel, cls: ClassInfo, hook: str, method: str) -> bool:
    """The class's `hook` returns what its method `method` builds: `def train_dataloader(self):
    return self._build_dataloader(self.train_dataset)`."""
    for klass in model.class_lineage(cls):
        function = klass.methods.get(hook)
        if function is None or function.self_name is None:
            continue
        for returned in function.returns:
            called = returned.func if isinstance(returned, cst.Call) else None
            if isinstance(called, cst.Attribute) and called.attr.value == method and dotted(called.value) == function.self_name:
                return True
    return False


def lightning_fits(model: TrainingModel, on_gpu: bool = False) -> list[CallSite]:
    """`trainer.fit(...)` calls of a Lightning Trainer this file builds; with `on_gpu`, only of
    one built to train on CUDA (`accelerator="gpu"`, or Lightning 1.x's `gpus=2`)."""
    found = []
    for site in model.calls:
        if site.method != "fit" or site.receiver is None:
            continue
        trainers = [o for o in model.origins(site.receiver, site.scope) if isinstance(o.expr, cst.Call) and _builds_trainer(model, o.expr, o.scope)]
        if trainers and (not on_gpu or any(_on_gpu(model, trainer.expr, trainer.scope) for trainer in trainers)):
            found.append(site)
    return found


# Trainer's class methods that build one from the command line or a file: the keywords they are
# also given override what those say.
TRAINER_FACTORIES = ("from_argparse_args",)


def _builds_trainer(model: TrainingModel, call: cst.Call, scope: Scope) -> bool:
    """A Lightning Trainer: Lightning's own, one built by `Trainer.from_argparse_args`, or one of
    a subclass this file defines that adds methods but keeps Lightning's constructor."""
    name = model.qualname(call.func, scope)
    owner, _, method = (name or "").rpartition(".")
    if is_lightning(name, "Trainer") or (method in TRAINER_FACTORIES and is_lightning(owner, "Trainer")):
        return True
    built = model.callee(call, scope)
    if not isinstance(built, ClassInfo):
        return False
    lineage = model.class_lineage(built)
    if any("__init__" in klass.methods for klass in lineage):
        return False
    return any(is_lightning(model.qualname(base, klass.scope.parent or klass.scope), "Trainer") for klass in lineage for base in klass.bases)


def _on_gpu(model: TrainingModel, trainer: cst.CSTNode, scope: Scope) -> bool:
    assert isinstance(trainer, cst.Call)
    keywords = keyword_args(trainer)
    accelerator = _accelerator(keywords["accelerator"]) if "accelerator" in keywords else None
    if accelerator is NOT_LITERAL and not isinstance(keywords["accelerator"], cst.IfExp):
        # `accelerator = "cuda"` in the branch where torch.cuda.is_available(): as a choice.
        assigned = {literal_value(o.expr) for o in model.origins(keywords["accelerator"], scope)}
        accelerator = "gpu" if assigned & GPU_ACCELERATORS else NOT_LITERAL
    gpus = keywords.get("gpus")
    return trainer_device(accelerator, _gpu_count(gpus) if gpus is not None else None) == "gpu"


# A Lightning Trainer's accelerator settings that train on CUDA.
GPU_ACCELERATORS = frozenset({"gpu", "cuda"})


def _accelerator(value: cst.BaseExpression) -> object:
    """The accelerator's literal; for a choice between literals (`"gpu" if args.devices != 0
    else "cpu"`), "gpu" where one of them is: the Trainer can train on CUDA, as a device
    `"cuda" if ... else "cpu"` can be CUDA."""
    if isinstance(value, cst.IfExp):
        arms = {literal_value(value.body), literal_value(value.orelse)}
        return "gpu" if arms & GPU_ACCELERATORS else NOT_LITERAL
    return literal_value(value)


def _gpu_count(value: cst.BaseExpression) -> object:
    """The `gpus=` a Trainer is given: a list of devices as its length; for a choice between
    literals (`1 if torch.cuda.is_available() else 0`), the arm that trains on CUDA, as for the
    accelerator."""
    if isinstance(value, (cst.List, cst.Tuple)):
        return len(value.elements)
    if isinstance(value, cst.IfExp):
        return gpu_arm([literal_value(value.body), literal_value(value.orelse)])
    return literal_value(value)


def gpu_arm(arms: list[object]) -> object:
    """Of the literal `gpus=` counts a choice is between, one that trains on CUDA."""
    return next((arm for arm in arms if trainer_device(None, arm) == "gpu"), NOT_LITERAL)


def trainer_device(accelerator: object, gpus: object) -> Optional[str]:
    """Where a Lightning Trainer given these settings trains, "gpu" or "cpu", from their literal
    values (None where absent; a list of devices as its length); None where they do not say."""
    if isinstance(accelerator, str):
        return "gpu" if accelerator in GPU_ACCELERATORS else "cpu" if accelerator == "cpu" else None
    # gpus=0, "0" and None train on the CPU; -1 is every GPU, "0,1" two of them.
    if isinstance(gpus, str):
        return "cpu" if gpus.strip() in ("", "0") else "gpu"
    if isinstance(gpus, int) and not isinstance(gpus, bool):
        return "cpu" if gpus == 0 else "gpu"
    return None


def lightning_fit_loaders(model: TrainingModel, on_gpu: bool = False) -> list[tuple[CallSite, cst.BaseExpression]]:
    """The loaders handed to a Lightning Trainer's `fit`, with the call that hands each."""
    found = []
    for site in lightning_fits(model, on_gpu):
        arguments = positional_args(site.node)[1 : 1 + len(FIT_LOADERS)]
        keywords = keyword_args(site.node)
        found += [(site, a) for a in arguments] + [(site, keywords[k]) for k in FIT_LOADERS if k in keywords]
    return found


def lightning_models_on_gpu(model: TrainingModel) -> list[ClassInfo]:
    """The classes of this file whose instances a Trainer built for CUDA fits: Lightning moves
    them, and every module they hold, to the GPU; and the LightningDataModules it fits them with
    (`datamodule=`, or in the place of `train_dataloaders`, which takes one too), whose loaders'
    batches it copies there."""
    found = []
    for site in lightning_fits(model, on_gpu=True):
        keywords, positional = keyword_args(site.node), positional_args(site.node)
        for handed in (keywords.get("model"), keywords.get("datamodule"), keywords.get("train_dataloaders"), *positional[:2]):
            for origin in model.origins(handed, site.scope) if handed is not None else []:
                built = model.callee(origin.expr, origin.scope) if isinstance(origin.expr, cst.Call) else None
                if isinstance(built, ClassInfo) and built not in found:
                    found.append(built)
    return found


@dataclass(frozen=True)
class TrainingArgumentsCall:
    site: CallSite
    keywords: dict[str, cst.BaseExpression]
    opaque: bool  # **kwargs: its settings cannot be known

    def literal(self, name: str, default: object) -> object:
        value = self.keywords.get(name)
        return default if value is None else literal_value(value)


def training_arguments(model: TrainingModel) -> list[TrainingArgumentsCall]:
    """`TrainingArguments(...)` and the trl configs built on it, built in this file."""
    found = []
    for site in model.calls:
        name = model.call_name(site) or ""
        last = name.rsplit(".", 1)[-1]
        if (name.startswith("transformers.") and last.endswith("TrainingArguments")) or (name.startswith("trl.") and last in TRL_CONFIGS):
            call = site.node
            found.append(TrainingArgumentsCall(site, keyword_args(call), any(a.star for a in call.args)))
    return found


def is_accelerator(qualname: Optional[str]) -> bool:
    return _package(qualname) == "accelerate" and (qualname or "").rsplit(".", 1)[-1] == "Accelerator"


def accelerate_prepared(model: TrainingModel) -> list[tuple[CallSite, cst.BaseExpression]]:
    """What `accelerator.prepare(...)` and `prepare_data_loader(...)` are handed, for an
    Accelerator built in this file that places batches on its device: CUDA where there is one
    (not `cpu=True`, `device_placement=False`, a `device_placement=` list, or `**kwargs`)."""
    found = []
    for site in model.calls:
        if site.method not in ("prepare", "prepare_data_loader") or site.receiver is None or has_star_args(site.node):
            continue
        if "device_placement" in keyword_args(site.node):
            continue
        accelerators = [
            o for o in model.origins(site.receiver, site.scope)
            if isinstance(o.expr, cst.Call) and is_accelerator(model.qualname(o.expr.func, o.scope))
        ]
        if accelerators and all(_places_on_gpu(model, o.expr, o.scope) for o in accelerators):
            found += [(site, argument) for argument in positional_args(site.node)]
    return found


def _places_on_gpu(model: TrainingModel, accelerator: cst.CSTNode, scope: Scope) -> bool:
    """Not `cpu=True` nor `device_placement=False`, as literals or as the defaults of the
    options they are read from (`cpu=args.cpu` with a store_true `--cpu`)."""
    assert isinstance(accelerator, cst.Call)
    if has_star_args(accelerator):
        return False
    keywords = keyword_args(accelerator)
    on_cpu = possible_values(model, keywords["cpu"], scope) if "cpu" in keywords else [False]
    placing = possible_values(model, keywords["device_placement"], scope) if "device_placement" in keywords else [True]
    return all(value is False for value in on_cpu) and all(value is True for value in placing)
