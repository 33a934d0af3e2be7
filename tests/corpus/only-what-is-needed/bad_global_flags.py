# expect: gradcheck
# asks the setup's tensors, not ctx, which gradient is needed
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, s):
        ctx.save_for_backward(a, s)
        return a * s

    @staticmethod
    def backward(ctx, grad):
        a, s = ctx.saved_tensors
        grad_x = grad_k = None
        if x.requires_grad:
            work.append("x")
            grad_x = grad * s
        if k.requires_grad:
            work.append("k")
            grad_k = (grad * a).sum()
        return grad_x, grad_k

ScaleBy.apply(x, k).sum().backward()
