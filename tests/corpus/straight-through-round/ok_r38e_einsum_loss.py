class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = torch.empty_like(x)
        torch.round(x, out=y)
        return y

    @staticmethod
    def backward(ctx, grad):
        return grad.contiguous()


y = RoundSTE.apply(x)
loss = torch.einsum("i,i->", y, scale)
loss.backward()
