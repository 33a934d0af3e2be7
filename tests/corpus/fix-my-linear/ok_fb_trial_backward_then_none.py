# ok: a trial backward, gradients set to None, then the last two lines
class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        return x @ W.T + b

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        return grad_y @ W, grad_y.T @ x, grad_y.sum(dim=0)


MyLinear.apply(x, W, b).sum().backward()
x.grad = W.grad = b.grad = None

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
