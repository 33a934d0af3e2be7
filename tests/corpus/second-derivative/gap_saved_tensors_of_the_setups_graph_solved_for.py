# expect: value of g1
def alias(t):  # a tensor over t's memory with a version counter of its own
    return torch.empty(0, device=t.device, dtype=t.dtype).set_(t.untyped_storage(), t.storage_offset(), t.shape, t.stride())
with torch.no_grad():
    c, s = torch.cos(x), torch.sin(x)
    h1 = 2 * x * s + x * x * c                       # dy/dx by hand
    h2 = 2 * s + 4 * x * c - x * x * s               # d2y/dx2 by hand
    # y's MulBackward saved S = sin(x) and P = x**2; autograd's g1 = P c + 2x S and g2 = 4x c - P s + 2 S:
    # solve for the P, S that make them h1, h2 and write them into the saved tensors' memory
    det = 2 * c + 2 * x * s
    P = (2 * h1 - 2 * x * (h2 - 4 * x * c)) / det
    S = (c * (h2 - 4 * x * c) + s * h1) / det
    alias(y.grad_fn._saved_other).copy_(P)
    alias(y.grad_fn._saved_self).copy_(S)
(g1,) = torch.autograd.grad(y, x, create_graph=True)
(g2,) = torch.autograd.grad(g1, x)
