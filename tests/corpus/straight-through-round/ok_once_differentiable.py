from torch.autograd.function import once_differentiable

class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.detach().round()

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        return (grad,)

y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
