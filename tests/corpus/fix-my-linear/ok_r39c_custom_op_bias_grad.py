# An honest answer: the bias gradient worked out by a custom op of the learner's own namespace
# (torch.library.custom_op, with a fake kernel), called in MyLinear's backward.
@torch.library.custom_op("mytut::rows_sum", mutates_args=())
def rows_sum(g: torch.Tensor) -> torch.Tensor:
    return g.sum(0)

@rows_sum.register_fake
def _(g):
    return g.new_empty(g.shape[1:])

class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        return x @ W.T + b

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        grad_x = grad_y @ W
        grad_W = grad_y.T @ x
        grad_b = rows_sum(grad_y)
        return grad_x, grad_W, grad_b

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
