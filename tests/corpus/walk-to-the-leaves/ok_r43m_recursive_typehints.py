from __future__ import annotations
from typing import Optional


def walk(node: Optional[torch.autograd.graph.Node], acc: list[str]) -> torch.autograd.graph.Node:
    acc.append(type(node).__name__)
    nxt = node.next_functions[0][0] if node.next_functions else None
    return node if nxt is None else walk(nxt, acc)


names: list[str] = []
last = walk(out.grad_fn, names)
found = last.variable
print(" -> ".join(names), found.shape)
