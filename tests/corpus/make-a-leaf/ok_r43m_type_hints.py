from __future__ import annotations
import typing
from dataclasses import dataclass, fields

@dataclass
class Step:
    x: torch.Tensor
    y: torch.Tensor

def square_sum(t: torch.Tensor) -> torch.Tensor:
    return (t ** 2).sum()

print(typing.get_type_hints(square_sum))
print(typing.get_type_hints(Step))
x = data.clone().requires_grad_()
y = square_sum(x)
step = Step(x, y)
