"""Graph capture benchmark: printed figures, not a timed test.

    .venv/bin/python bench/bench_graph.py

Capture (with saved-tensor details), normalization and JSON encoding for a
50-layer MLP, a ResNet-like net, a 10,000-op chain and a 100,000-op chain
(capped), side by side with torchviz's ``make_dot(...).source`` (a test-only
dependency; its failures are reported, not hidden).
"""

from __future__ import annotations

import statistics
import sys
import time

import torch
from torch import nn

from tutor.graph.capture import capture
from tutor.graph.normalize import normalize

REPEAT = 7


def median_ms(fn, repeat=REPEAT):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3


def mlp():
    layers = []
    for _ in range(50):
        layers += [nn.Linear(64, 64), nn.ReLU()]
    return nn.Sequential(*layers)(torch.randn(8, 64)).sum()


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c1, self.b1 = nn.Conv2d(c, c, 3, padding=1), nn.BatchNorm2d(c)
        self.c2, self.b2 = nn.Conv2d(c, c, 3, padding=1), nn.BatchNorm2d(c)

    def forward(self, x):
        return torch.relu(x + self.b2(self.c2(torch.relu(self.b1(self.c1(x))))))


def resnet():
    net = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), *[Block(16) for _ in range(16)], nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10))
    return net(torch.randn(2, 3, 16, 16)).sum()


def chain(n):
    x = torch.randn(4, requires_grad=True)
    h = x
    for i in range(n):
        h = h * 1.0001 if i % 2 else h.sin()
    return h


def main() -> int:
    try:
        from torchviz import make_dot
    except ImportError:
        make_dot = None
        print("torchviz not installed: comparison column skipped")
    cases = [("mlp-50", mlp(), 20_000), ("resnet-like", resnet(), 20_000), ("chain-10k", chain(10_000), 20_000), ("chain-100k (cap 5000)", chain(100_000), 5000)]
    print(f"{'graph':24s} {'nodes':>7s} {'total':>7s} {'capture':>9s} {'normalize':>10s} {'json':>8s} {'json KB':>8s} {'torchviz':>10s} {'ratio':>6s}")
    for name, out, cap in cases:
        snap = capture(out, max_nodes=cap)
        cap_ms = median_ms(lambda: capture(out, max_nodes=cap))
        norm_ms = median_ms(lambda: normalize(snap))
        json_ms = median_ms(lambda: snap.to_json())
        size_kb = len(snap.to_json()) / 1024
        tv = "n/a"
        ratio = ""
        if make_dot is not None:
            try:
                tv_ms = median_ms(lambda: make_dot(out).source, repeat=3)
                tv, ratio = f"{tv_ms:8.1f}ms", f"{tv_ms / cap_ms:5.1f}x"
            except RecursionError:
                tv = "RecursionError"
            except Exception as exc:  # report, do not hide
                tv = type(exc).__name__
        print(f"{name:24s} {len(snap.nodes):7d} {snap.total_nodes:7d} {cap_ms:7.1f}ms {norm_ms:8.1f}ms {json_ms:6.1f}ms {size_kb:8.0f} {tv:>10s} {ratio:>6s}")
    return 0


if __name__ == "__main__":
    # Default recursion limit on purpose: raising it lets torchviz overflow
    # the C stack and kill the process instead of raising RecursionError.
    raise SystemExit(main())
