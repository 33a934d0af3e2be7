# ok: a real pass, then the same values written again by hand (harmless: .grad holds what backward left)
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad

y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
x.grad = scale.clone()           # the straight-through gradient is just scale
