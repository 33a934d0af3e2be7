# expect: n_saved
n_saved = 0
n_elements = 0

def pack(t):
    global n_saved, n_elements
    n_saved += 1
    n_elements += t.numel()
    return t

out = block(x)
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out.backward()
