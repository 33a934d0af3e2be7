# ok: identity backward; backward called inside torch.no_grad (the graph is already built); grad read
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad

y = RoundSTE.apply(x)
loss = (y * scale).sum()
with torch.no_grad():
    loss.backward()
    print(x.grad.clone())
