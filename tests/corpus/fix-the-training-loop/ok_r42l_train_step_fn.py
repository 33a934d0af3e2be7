from typing import List

def train_step(w: torch.Tensor, lr: float = 0.1) -> tuple[float, torch.Tensor]:
    if w.grad is not None:
        w.grad.zero_()
    loss = torch.mean((torch.matmul(X, w) - y) ** 2)
    loss.backward()
    g = w.grad.clone()
    with torch.no_grad():
        w.add_(g, alpha=-lr)
    return loss.item(), g

losses: List[float] = []
grads: List[torch.Tensor] = []
for _ in range(5):
    l, g = train_step(w)
    losses.append(l)
    grads.append(g)
