# expect: passes any incoming gradient through
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return torch.round(grad)   # round the gradient too to be consistent

y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
