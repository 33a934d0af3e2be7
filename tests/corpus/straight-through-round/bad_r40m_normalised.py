# expect: passes any incoming gradient through
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad / grad.abs().max()

y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
