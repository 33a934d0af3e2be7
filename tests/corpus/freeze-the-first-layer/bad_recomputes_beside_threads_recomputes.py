# expect: graph nodes
# The forward runs with `first` NOT frozen (w1, b1 recorded), built piece by piece inside a
# checkpoint's recomputes during dummy passes (taken off the node count); `first` is frozen only
# before loss.backward(). Then four more dummy passes through the same checkpoint run in fresh
# threads, one each: their recomputes note ranges [0, 1) from each thread's own sequence counter
# after the main thread's ranges, so the bisect that looks for a recompute's nodes (on loss's graph,
# as the pass starts and in the namespace at the end) lands on a thread's range and misses every
# piece. (The threads' takeoffs also come off the main count, clamped at 0, while their 4 nodes are
# added back: 4 in all.)
import threading
from torch.utils.checkpoint import checkpoint

steps = [
    lambda v: first(X),                    # 2 nodes - records w1, b1
    lambda v: torch.relu(v),               # 1 node
    lambda v: second(v),                   # 2 nodes
    lambda v: F.mse_loss(v, y),            # 1 node
]
state = {"calls": 0, "v": None}

def f(t):
    state["calls"] += 1
    if state["calls"] == 1:                # the forward: 3 nodes, one saved tensor
        return (-(-t)).exp()
    if state["calls"] - 2 < len(steps):
        with torch.autograd.graph.saved_tensors_hooks(lambda s: s, lambda s: s):
            state["v"] = steps[state["calls"] - 2](state["v"])
    return t.exp()                         # same saved values as the forward's

z = torch.zeros(1, requires_grad=True)
c = checkpoint(f, z, use_reentrant=False)
for _ in steps:
    torch.autograd.grad(c, z, torch.ones_like(c), retain_graph=True)

def one_more_pass():                       # a fresh thread's counter starts at 0: range [0, 1)
    torch.autograd.grad(c, z, torch.ones_like(c), retain_graph=True)
for _ in range(4):
    t = threading.Thread(target=one_more_pass); t.start(); t.join()
del c
loss = state.pop("v")
first.requires_grad_(False)
loss.backward()
