class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        # keep only what the needed gradients use
        ctx.save_for_backward(x if k.requires_grad else None, k if x.requires_grad else None)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        if not ctx.needs_input_grad[0]:
            grad_x = None
        else:
            work.append("x")
            grad_x = grad * k
        if not ctx.needs_input_grad[1]:
            grad_k = None
        else:
            work.append("k")
            grad_k = (grad * x).sum()
        return grad_x, grad_k

ScaleBy.apply(x, k).sum().backward()
