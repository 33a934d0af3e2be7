"""Fit w by plain gradient descent."""
from __future__ import annotations

import argparse
from dataclasses import dataclass, asdict


@dataclass(frozen=True)
class Config:
    lr: float = 0.1
    steps: int = 5


def parse() -> Config:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--lr", type=float, default=Config.lr)
    p.add_argument("--steps", type=int, default=Config.steps)
    args, _unknown = p.parse_known_args()
    return Config(**vars(args))


def train(cfg: Config) -> tuple[list[float], list[torch.Tensor]]:
    losses: list[float] = []
    grads: list[torch.Tensor] = []
    for step in range(cfg.steps):
        if w.grad is not None:
            w.grad.zero_()
        loss = ((X @ w - y) ** 2).mean()
        loss.backward()
        grads.append(w.grad.detach().clone())
        with torch.no_grad():
            w.sub_(cfg.lr * w.grad)
        losses.append(loss.item())
    return losses, grads


if __name__ == "__main__":
    cfg = parse()
    print(asdict(cfg))
    losses, grads = train(cfg)
