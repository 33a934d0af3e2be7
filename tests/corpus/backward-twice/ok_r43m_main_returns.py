from typing import Tuple


def run(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    h = x.exp()
    loss1 = h.sum()
    loss2 = (h ** 2).sum()
    loss1.backward(retain_graph=True)
    loss2.backward()
    return h, loss1, loss2


if __name__ == "__main__":
    h, loss1, loss2 = run(x)
    print(f"{loss1.item()=:.3f} {loss2.item()=:.3f} grad={x.grad}")
