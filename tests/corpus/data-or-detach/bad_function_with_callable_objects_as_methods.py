# expect: came through the backward of a custom
class _Fwd:
    def __call__(self, ctx, t):
        return torch.exp(t).sum()

class _Bwd:
    def __call__(self, ctx, g):
        return g * torch.exp(x.detach())   # the gradient by formula

class SumExp(torch.autograd.Function):
    forward = _Fwd()
    backward = _Bwd()

y = torch.exp(x)
half = y.detach() * 0.5
logged = half.sum().item()
loss = SumExp.apply(x)
loss.backward()
