# expect: keep a copy of it (`.clone()`)
from dataclasses import dataclass, field


@dataclass
class History:
    losses: list = field(default_factory=list)
    grads: list = field(default_factory=list)


def step(hist: History, lr: float = 0.1) -> None:
    if w.grad is not None:
        w.grad.zero_()
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    hist.grads.append(w.grad)
    with torch.no_grad():
        w.sub_(lr * w.grad)
    hist.losses.append(loss.item())


hist = History()
for _ in range(5):
    step(hist)
losses, grads = hist.losses, hist.grads
