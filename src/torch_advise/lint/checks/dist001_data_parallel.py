"""DIST001: nn.DataParallel instead of DistributedDataParallel."""

from __future__ import annotations

from torch_advise.lint.analysis.context import CheckContext
from torch_advise.lint.analysis.facts import DATA_PARALLEL, DDP

# A script that starts a process group runs distributed when launched so.
PROCESS_GROUP_STARTS = {"torch.distributed.init_process_group", "torch.distributed.distributed_c10d.init_process_group"}


def check(ctx: CheckContext) -> None:
    model = ctx.model
    sites = [site for site in model.calls if model.call_name(site) in DATA_PARALLEL]
    # An inference script may use DataParallel for a quick batched forward; the advice is for training.
    if not sites or not (_runs_backward(ctx) or _steps_through_the_project(ctx)):
        return
    # A script that offers DistributedDataParallel (or DeepSpeed) too keeps DataParallel as the
    # single-process fallback: the advice is already taken where it matters. Starting a process
    # group says the same where DDP is built by a helper of another module (yolov5's smart_DDP).
    for site in model.calls:
        name = model.call_name(site) or ""
        if name in DDP or name in PROCESS_GROUP_STARTS or name.startswith("deepspeed."):
            return
    for site in sites:
        ctx.report(
            site.node,
            "nn.DataParallel drives every GPU from one process and copies the model to each of them "
            "on every forward: use DistributedDataParallel, one process per GPU, as the PyTorch "
            "documentation recommends even on one machine",
        )


def _runs_backward(ctx: CheckContext) -> bool:
    model = ctx.model
    return any(site.method == "backward" or model.call_name(site) == "torch.autograd.backward" for site in model.calls)


def _steps_through_the_project(ctx: CheckContext) -> bool:
    """A loop of the file runs a training step that another module of the project defines
    (`trainer.gen_update(images, labels)`), and no module around it sets up distributed
    training, which would make this DataParallel the single-process fallback."""
    if not ctx.model.training_loops():
        return False
    return not any(DISTRIBUTED_NAMES & summary.identifiers for summary in ctx.project.neighbours())


# Names a module that builds DistributedDataParallel, starts a process group or uses DeepSpeed reads.
DISTRIBUTED_NAMES = frozenset({"DistributedDataParallel", "init_process_group", "deepspeed"})
