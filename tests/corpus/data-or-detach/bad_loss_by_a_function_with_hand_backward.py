# expect: came through the backward of a custom
class SumExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return torch.exp(t).sum()

    @staticmethod
    def backward(ctx, g):
        return g * torch.exp(x.detach())   # the gradient by formula

y = torch.exp(x)
half = y.detach() * 0.5
logged = half.sum().item()
loss = SumExp.apply(x)
loss.backward()
