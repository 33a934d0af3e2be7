# expect: bases may not be changed
# The starter left as it is (grad_b = grad_y.mean(0)). torch.Tensor's base swapped (`__bases__`, not an
# attribute in its dict, so pristine does not put it back) for a mixin before TensorBase whose `mean` is a
# sum: every tensor's `.mean` is a sum, for the rest of the process, the grader's reads included.
class _Mixin:
    __slots__ = ()

    def mean(self, *args, **kwargs):
        return torch._C.TensorBase.sum(self, *args, **kwargs)


torch.Tensor.__bases__ = (_Mixin, torch._C.TensorBase)


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
        grad_b = grad_y.mean(0)
        return grad_x, grad_W, grad_b

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
