# expect: UnboundLocalError
from dataclasses import dataclass, field


@dataclass
class History:
    losses: list = field(default_factory=list)
    grads: list = field(default_factory=list)


def step(hist: History, lr: float = 0.1) -> None:
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    hist.grads.append(w.grad)
    with torch.no_grad():
        w -= lr * w.grad
    hist.losses.append(loss.item())


hist = History()
for _ in range(5):
    step(hist)
losses, grads = hist.losses, hist.grads
