import collections
stats = collections.Counter()

def pack(t):
    stats["n"] += 1
    stats["el"] += t.numel()
    return t.detach().clone()

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = block(x)
out.backward()
n_saved = stats["n"]
n_elements = stats["el"]
