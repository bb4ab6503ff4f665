"""PyTorch's names as users write them: one spelling for each object, wherever it is defined."""

from __future__ import annotations

from typing import Optional

# Public names users write, keyed by where the object is defined, so that
# `torch.utils.data.dataloader.DataLoader` and `torch.utils.data.DataLoader` are one thing.
CANONICAL_NAMES = {
    "torch.utils.data.dataloader.DataLoader": "torch.utils.data.DataLoader",
    "torch.utils.data.dataset.TensorDataset": "torch.utils.data.TensorDataset",
    "torch.utils.data.dataset.Subset": "torch.utils.data.Subset",
    "torch.utils.data.dataset.random_split": "torch.utils.data.random_split",
    "torch.amp.autocast_mode.autocast": "torch.amp.autocast",
    "torch.autocast": "torch.amp.autocast",
    "torch.cuda.amp.autocast_mode.autocast": "torch.cuda.amp.autocast",
    "torch.amp.grad_scaler.GradScaler": "torch.amp.GradScaler",
    "torch.cuda.amp.grad_scaler.GradScaler": "torch.cuda.amp.GradScaler",
    "torch.GradScaler": "torch.amp.GradScaler",
    "torch.nn.utils.clip_grad.clip_grad_norm_": "torch.nn.utils.clip_grad_norm_",
    "torch.nn.utils.clip_grad.clip_grad_value_": "torch.nn.utils.clip_grad_value_",
}


def canonical(name: Optional[str]) -> Optional[str]:
    if name is None:
        return None
    if name in CANONICAL_NAMES:
        return CANONICAL_NAMES[name]
    for prefix in ("torch.optim.adamw.", "torch.optim.adam.", "torch.optim.sgd.", "torch.optim.lr_scheduler."):
        if name.startswith(prefix):
            head = "torch.optim.lr_scheduler." if "lr_scheduler" in prefix else "torch.optim."
            return head + name[len(prefix):]
    return name

