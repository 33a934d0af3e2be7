from typing import Protocol, runtime_checkable


@runtime_checkable
class Loss(Protocol):
    def __call__(self, t: torch.Tensor) -> torch.Tensor: ...


def sum_of_squares(t: torch.Tensor) -> torch.Tensor:
    return (t ** 2).sum()


assert isinstance(sum_of_squares, Loss)
x = data.clone().requires_grad_()
y = sum_of_squares(x)
