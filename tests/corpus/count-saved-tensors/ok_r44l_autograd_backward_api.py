n = [0, 0]
def pack(t):
    n[0] += 1
    n[1] += t.numel()
    return t
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = block(x)
x.grad = None
torch.autograd.backward(out)
n_saved, n_elements = n
