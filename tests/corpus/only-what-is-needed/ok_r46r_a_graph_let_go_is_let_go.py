import weakref


class Probe(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t * 1

    @staticmethod
    def backward(ctx, g):
        return g


gone = weakref.ref(Probe.apply(torch.ones(2, requires_grad=True)).grad_fn)
assert gone() is None, "the grader kept a graph the code let go of"
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
            work.append("x")
            grad_x = grad * k
        if ctx.needs_input_grad[1]:
            work.append("k")
            grad_k = (grad * x).sum()
        return grad_x, grad_k

ScaleBy.apply(x, k).sum().backward()
