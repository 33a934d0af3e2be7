# expect: n_saved
# counted with the hooks, but only around the returned expression (thought the log line is irrelevant)
n_saved = 0
n_elements = 0
def pack(t):
    global n_saved, n_elements
    n_saved += 1
    n_elements += t.numel()
    return t
out = block(x)     # the real call, for backward
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    _ = (torch.sin(x) * x).exp().sum()
out.backward()
