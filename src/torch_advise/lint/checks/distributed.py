"""Multi-GPU rules: how a model is spread over devices."""

from __future__ import annotations

from typing import Iterator

from torch_advise.lint.checks import CheckContext, Violation, check

DATA_PARALLEL = {
    "torch.nn.DataParallel",
    "torch.nn.parallel.DataParallel",
    "torch.nn.parallel.data_parallel.DataParallel",
}


@check("DIST001")
def data_parallel(ctx: CheckContext) -> Iterator[Violation]:
    model = ctx.model
    sites = [site for site in model.calls if model.call_name(site) in DATA_PARALLEL]
    # An inference script may use DataParallel for a quick batched forward; the advice is for training.
    if not sites or not any(site.method == "backward" or model.call_name(site) == "torch.autograd.backward" for site in model.calls):
        return
    for site in sites:
        yield Violation(
            "DIST001",
            site.node,
            "nn.DataParallel drives every GPU from one process and copies the model to each of them "
            "on every forward: use DistributedDataParallel, one process per GPU, as the PyTorch "
            "documentation recommends even on one machine",
        )
