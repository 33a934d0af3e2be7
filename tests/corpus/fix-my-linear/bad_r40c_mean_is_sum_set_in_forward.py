# expect: changed torch while this check ran it
# The starter, unchanged but for one line in forward: `torch.Tensor.mean = torch.Tensor.sum` (a C method: no
# frame). pristine puts Tensor back before the probes, but the probes' gradcheck and value check call forward
# again, which sets it again; nothing puts it back after that.
class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        torch.Tensor.mean = torch.Tensor.sum
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
