# expect: grad of x
def f(t):
    return torch.tanh(t) * t.cumsum(0)

_, jv = torch.autograd.functional.jvp(f, x, v)
x.grad = jv
