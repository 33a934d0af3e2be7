# expect: not a detached copy of it
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad

y = RoundSTE.apply(x.detach().requires_grad_())
loss = (y * scale).sum()
loss.backward()
