from torch.autograd.functional import jacobian, vjp

def f(t):
    return torch.stack([t[0] * t[1], t[0] + t[1], t[1] ** 2])

p = torch.tensor([2.0, 3.0])
J = jacobian(f, p).tolist()
_, g = vjp(f, p, torch.tensor([1.0, 2.0, -1.0]))
grad_x = g.tolist()
