# expect: one reverse pass
# one functional.vjp per row: five reverse passes, J built piece by piece
def f(t):
    return torch.tanh(t) * t.cumsum(0)
rows = [torch.autograd.functional.vjp(f, x, e)[1] for e in torch.eye(5)]
x.grad = v @ torch.stack(rows)
