class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x, decimals=0)

    @staticmethod
    def backward(ctx, grad):
        return grad, None     # extra trailing None is allowed by autograd

y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
