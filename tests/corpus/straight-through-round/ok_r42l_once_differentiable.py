from torch.autograd.function import once_differentiable

class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.round()

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        return grad

y = RoundSTE.apply(x)
loss = torch.sum(y * scale)
loss.backward()
