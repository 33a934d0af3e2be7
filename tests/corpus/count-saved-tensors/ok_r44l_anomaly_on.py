n_saved = n_elements = 0
def pack(t):
    global n_saved, n_elements
    n_saved += 1
    n_elements += t.numel()
    return t
with torch.autograd.set_detect_anomaly(True):
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = block(x)
    out.backward()
assert torch.isfinite(x.grad).all()
