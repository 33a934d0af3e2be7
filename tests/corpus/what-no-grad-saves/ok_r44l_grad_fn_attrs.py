# count the _saved_ tensors on the node, ignoring the ones that hold a python number
def n_saved(out):
    if out.grad_fn is None:
        return 0
    n = 0
    for attr in dir(out.grad_fn):
        if attr.startswith("_saved_"):
            v = getattr(out.grad_fn, attr)
            if isinstance(v, torch.Tensor) and v.dim() > 0:
                n += 1
    return n
n_ab = n_saved(a * b)
n_ac = n_saved(a * c)
n_a2 = n_saved(a * 2)
with torch.no_grad():
    n_nograd = n_saved((a * c).exp())
