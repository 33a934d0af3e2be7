def f(t):
    return torch.tanh(t) * t.cumsum(0)

_, vjp = torch.autograd.functional.vjp(f, x, v)
x.grad = vjp
