from __future__ import annotations

from typing import Callable


def count(fn: Callable[[], torch.Tensor]) -> int:
    seen: list[torch.Tensor] = []
    def pack(t: torch.Tensor) -> torch.Tensor:
        seen.append(t)
        return t
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        fn()
    return len(seen)


n_ab = count(lambda: a * b)
n_ac = count(lambda: a * c)
n_a2 = count(lambda: a * 2)
with torch.inference_mode():
    n_nograd = count(lambda: torch.exp(a * c))
