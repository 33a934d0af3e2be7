# expect: must return the gradient it receives, unchanged
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return torch.ones_like(grad)    # the derivative of identity is 1

y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
