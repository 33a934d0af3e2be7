# expect: a reverse pass makes
# builds J column by column with forward-mode products, then multiplies
def f(t):
    return torch.tanh(t) * t.cumsum(0)

cols = [torch.func.jvp(f, (x.detach(),), (e,))[1] for e in torch.eye(5)]
J = torch.stack(cols, dim=1)
x.grad = v @ J
