# round 32's learner: correct, unlike the reference
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(x, k):
        return x * k

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        grad_x = grad_k = None
        if ctx.needs_input_grad[0]:
            work.append("x")
            grad_x = grad * k
        if ctx.needs_input_grad[1]:
            work.append("k")
            grad_k = torch.einsum("i,i->", grad, x)
        return grad_x, grad_k

ScaleBy.apply(x, k).sum().backward()
