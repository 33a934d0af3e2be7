# expect: passes any incoming gradient
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return torch.zeros_like(grad)   # round's true derivative

y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
x.grad = None
(x * scale).sum().backward()
RoundSTE.backward = staticmethod(lambda ctx, g: g)
