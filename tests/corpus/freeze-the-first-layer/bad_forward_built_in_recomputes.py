# expect: graph nodes
# The forward runs with `first` NOT frozen (w1, b1 recorded), built piece by piece inside a
# checkpoint's recomputes during dummy passes; `first` is frozen only before loss.backward().
from torch.utils.checkpoint import checkpoint

steps = [
    lambda v: first(X),                    # 2 nodes (t, addmm) - records w1, b1
    lambda v: torch.relu(v),               # 1 node
    lambda v: second(v),                   # 2 nodes
    lambda v: F.mse_loss(v, y),            # 1 node
]
state = {"calls": 0, "v": None}

def f(t):
    state["calls"] += 1
    if state["calls"] == 1:                # the forward: 3 nodes, one saved tensor
        return (-(-t)).exp()
    with torch.autograd.graph.saved_tensors_hooks(lambda s: s, lambda s: s):
        state["v"] = steps[state["calls"] - 2](state["v"])
    return t.exp()                         # same saved values as the forward's

z = torch.zeros(1, requires_grad=True)
c = checkpoint(f, z, use_reentrant=False)
for _ in steps:
    torch.autograd.grad(c, z, torch.ones_like(c), retain_graph=True)
loss = state["v"]
first.requires_grad_(False)
loss.backward()
