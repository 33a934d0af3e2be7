# expect: registered kernels of its own
# The starter left as it is (grad_b = grad_y.mean(0)). torch.library.Library("aten", "IMPL") is made by
# code compiled with the file name "<frozen importlib._bootstrap>": the watch reads a frame of that name as
# an import (torch's own), so the Library counts as made by the watch and is not the code's; it registers
# torch.sum (a C callable: no frame) for aten::mean.dim.
exec(compile("_lib = torch.library.Library('aten', 'IMPL')\n_lib.impl('mean.dim', torch.sum, 'CPU')\n",
             "<frozen importlib._bootstrap>", "exec"), globals())
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
