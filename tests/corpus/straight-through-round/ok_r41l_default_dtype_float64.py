torch.set_default_dtype(torch.float64)


class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad


assert torch.autograd.gradcheck(RoundSTE.apply, (torch.tensor([0.2, 1.3], requires_grad=True),), raise_exception=False) is False
y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
