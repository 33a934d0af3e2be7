# expect: graph of loss
class Tanh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        out = torch.tanh(t)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, g):
        (out,) = ctx.saved_tensors
        return g * (1 - out * out)

loss = ((Tanh.apply(w * x + b) - target) ** 2).mean()
