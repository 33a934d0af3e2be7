def count(fn):
    box = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: box.append(None) or t, lambda t: t):
        fn()
    return len(box)

# only tensors that are needed by the other factor's gradient get saved
n_ab = count(lambda: a.mul(b))
n_ac = count(lambda: c * a)
n_a2 = count(lambda: 2 * a)
with torch.inference_mode():
    n_nograd = count(lambda: torch.exp(a * c))
