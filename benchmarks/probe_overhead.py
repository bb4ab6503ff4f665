"""Step time with the probe's instrumentation on vs off, on a CPU scenario.

Runs a small training loop (DataLoader with a cheap dataset, an MLP, SGD) in-process: once
plain, once with the probe's patches and hooks installed. --blocks puts that many Linear+ReLU
blocks inside the model, for any cost that grows with the number of modules. Both runs are
timed the same way, by the loop itself, so what differs is only the instrumentation. Rounds
alternate to spread machine noise over both; the medians of per-step times are compared.

    python benchmarks/probe_overhead.py [--steps 300] [--rounds 5] [--width 1024] [--blocks 1]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

LOOP = r"""
import statistics, sys, time
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

steps, instrumented, width, blocks = int(sys.argv[1]), sys.argv[2] == "on", int(sys.argv[3]), int(sys.argv[4])
torch.set_num_threads(1)
if instrumented:
    from torch_advise.probe.inside.instrument import Probe
    # Warm-up 1 and a window longer than the run: measure every step, never stop the loop.
    Probe(warmup=1, steps=10**9, script_dir=".").install()
data = TensorDataset(torch.randn(steps * 32 + 64, 256), torch.randn(steps * 32 + 64, 1))
loader = DataLoader(data, batch_size=32)
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = nn.Sequential(nn.Linear(256, width), nn.ReLU())
        self.blocks = nn.Sequential(*[nn.Sequential(nn.Linear(width, width), nn.ReLU()) for _ in range(max(1, blocks))])
        self.last = nn.Linear(width, 1)

    def forward(self, x):
        return self.last(self.blocks(self.first(x)))


model = Model()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)
times = []
last = time.perf_counter()
for inputs, targets in loader:
    loss = nn.functional.mse_loss(model(inputs), targets)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    now = time.perf_counter()
    times.append(now - last)
    last = now
    if len(times) == steps:
        break
print(statistics.median(times[20:]) * 1e3)
"""


def one_round(steps: int, mode: str, width: int, blocks: int) -> float:
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src"))
    out = subprocess.run([sys.executable, "-c", LOOP, str(steps), mode, str(width), str(blocks)], env=env, check=True,
                         capture_output=True, text=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--width", type=int, default=1024, help="MLP width: sets the step's compute")
    parser.add_argument("--blocks", type=int, default=1, help="Linear+ReLU blocks inside the model (3 modules each)")
    args = parser.parse_args()
    off, on = [], []
    for _ in range(args.rounds):
        off.append(one_round(args.steps, "off", args.width, args.blocks))
        on.append(one_round(args.steps, "on", args.width, args.blocks))
    off_ms, on_ms = statistics.median(off), statistics.median(on)
    print(f"steps per round: {args.steps}, rounds: {args.rounds}, MLP width {args.width}, {args.blocks} blocks, "
          f"cpu cores: {os.cpu_count()}")
    print(f"probe off: median step {off_ms:.3f} ms  (rounds: {', '.join(f'{x:.3f}' for x in off)})")
    print(f"probe on:  median step {on_ms:.3f} ms  (rounds: {', '.join(f'{x:.3f}' for x in on)})")
    print(f"overhead:  {(on_ms / off_ms - 1) * 100:+.2f} %  ({(on_ms - off_ms) * 1e3:+.1f} us per step)")


if __name__ == "__main__":
    start = time.perf_counter()
    main()
    print(f"benchmark took {time.perf_counter() - start:.1f} s")
