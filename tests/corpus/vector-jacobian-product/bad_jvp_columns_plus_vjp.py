# expect: set by your code
# J by forward-mode columns, plus a func.vjp made and never used
def f(t):
    return torch.tanh(t) * t.cumsum(0)
torch.func.vjp(f, x.detach())
cols = [torch.func.jvp(f, (x.detach(),), (e,))[1] for e in torch.eye(5)]
x.grad = v @ torch.stack(cols, 1)
