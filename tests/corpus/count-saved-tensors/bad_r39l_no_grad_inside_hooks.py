# expect: no_grad
n_saved = 0
n_elements = 0

def pack(t):
    global n_saved, n_elements
    n_saved += 1
    n_elements += t.numel()
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    with torch.no_grad():
        out = block(x)
out.backward()
