# ok: the context manager imported under its own name, entered inside a helper that returns the counts
from torch.autograd.graph import saved_tensors_hooks


def measure(fn, arg):
    sizes = []

    def pack(t):
        sizes.append(t.numel())
        return t

    with saved_tensors_hooks(pack, lambda t: t):
        result = fn(arg)
    return result, len(sizes), sum(sizes)


out, n_saved, n_elements = measure(block, x)
out.backward()
