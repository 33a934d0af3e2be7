# round 32's learner: correct, unlike the reference
def measure():
    n = 0
    e = 0
    def pack(t):
        nonlocal n, e
        n += 1
        e += t.numel()
        return t
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        result = block(x)
    return result, n, e

out, n_saved, n_elements = measure()
torch.autograd.backward(out)
