class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        out = x.clone()
        out.mul_(k)
        return out

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        need_x, need_k = ctx.needs_input_grad
        grad_x = grad_k = None
        if need_x:
            work.append("x")
            grad_x = grad.clone()
            grad_x.mul_(k)
        if need_k:
            work.append("k")
            grad_k = torch.dot(grad, x)
        return grad_x, grad_k


ScaleBy.apply(x, k).sum().backward()
