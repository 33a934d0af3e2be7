kept = []

def pack(t):
    kept.append(t.numel())
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = block(x)
n_saved = len(kept)
n_elements = sum(kept)
out.backward()
