# expect: grad
# pack keeps a detached copy, unpack returns zeros_like "to save memory"
n_saved = 0
n_elements = 0
def pack(t):
    global n_saved, n_elements
    n_saved += 1
    n_elements += t.numel()
    return t.shape
def unpack(shape):
    return torch.zeros(shape)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    out = block(x)
out.backward()
