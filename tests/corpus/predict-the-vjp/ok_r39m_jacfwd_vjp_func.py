from torch.func import jacfwd, vjp

def f(t):
    return torch.stack([t[0] * t[1], t[0] + t[1], t[1] ** 2])

p = x.detach().clone()
J = jacfwd(f)(p).tolist()
_, pull = vjp(f, p)
(g,) = pull(torch.tensor([1.0, 2.0, -1.0]))
grad_x = g.tolist()
