class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        wants = ctx.needs_input_grad
        gx = None if not wants[0] else (work.append("x") or grad * k)
        gk = None if not wants[1] else (work.append("k") or (grad * x).sum())
        return gx, gk

ScaleBy.apply(x, k).sum().backward()
