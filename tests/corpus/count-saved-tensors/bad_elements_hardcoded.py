# expect: n_elements
n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = block(x)
n_elements = 5 * 4
out.backward()
