sizes = []

def pack(t):
    sizes.append(t.numel())
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = block(x)
n_saved = len(sizes)
n_elements = torch.tensor(sizes).sum()
out.backward()
