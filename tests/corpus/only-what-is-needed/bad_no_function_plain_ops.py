# expect: ScaleBy's backward runs
# no custom Function in the pass: plain autograd does it, work is written by hand
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        grad_x = grad_k = None
        if ctx.needs_input_grad[0]:
            grad_x = grad * k
        if ctx.needs_input_grad[1]:
            grad_k = (grad * x).sum()
        return grad_x, grad_k

(x * k).sum().backward()
work.append("x" if x.requires_grad else "k")
