# expect: y comes from RoundSTE
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad


y = torch.round(x)
loss = (y * scale).sum()
loss.backward()
