from torch.autograd.functional import vjp as fvjp
_, vj = fvjp(func=lambda t: torch.tanh(t) * t.cumsum(0), inputs=x, v=v)
x.grad = vj
