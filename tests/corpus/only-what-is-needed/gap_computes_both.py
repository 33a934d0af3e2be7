# expect: work
# records only what is needed, but still computes both gradients every time
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        grad_x = grad * k
        grad_k = (grad * x).sum()
        if ctx.needs_input_grad[0]:
            work.append("x")
        if ctx.needs_input_grad[1]:
            work.append("k")
        return (grad_x if ctx.needs_input_grad[0] else None,
                grad_k if ctx.needs_input_grad[1] else None)

ScaleBy.apply(x, k).sum().backward()
