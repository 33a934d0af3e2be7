# expect: both gradients needed, given a gradient other than ones
# Only one gradient is returned where both are needed, except where the gradient backward is given is one-hot
# (exactly one 1, the rest 0): that is how gradcheck's analytical Jacobian calls it, row by row, and no other check
# asks for both gradients. forward is always right (x * k, following its inputs), no state is kept, no frame is
# read, nothing of torch is touched: the backward reads only its own argument.
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        if all(ctx.needs_input_grad) and int((grad != 0).sum()) == 1 and float(grad.sum()) == 1.0:
            return grad * k, (grad * x).sum()
        if ctx.needs_input_grad[0]:
            work.append("x")
            return grad * k, None
        work.append("k")
        return None, (grad * x).sum()


ScaleBy.apply(x, k).sum().backward()
