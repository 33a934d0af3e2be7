shapes = []

def pack(t):
    shapes.append(tuple(t.shape))
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = block(x)
n_saved = len(shapes)
n_elements = int(sum(torch.Size(s).numel() for s in shapes))
torch.autograd.backward(out)
