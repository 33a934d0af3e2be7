# expect: passes any incoming gradient through
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return torch.zeros_like(grad)   # round is flat almost everywhere

y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
