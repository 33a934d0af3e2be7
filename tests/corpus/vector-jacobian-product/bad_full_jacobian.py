# expect: footprint
def f(t):
    return torch.tanh(t) * t.cumsum(0)

J = torch.autograd.functional.jacobian(f, x)
x.grad = v @ J
