# expect: x.grad
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = torch.round(x)
        ctx.mark_non_differentiable(out)   # rounding has no useful derivative
        return out

    @staticmethod
    def backward(ctx, grad):
        return grad


y = RoundSTE.apply(x)
loss = (y * scale).sum()
if loss.requires_grad:
    loss.backward()
