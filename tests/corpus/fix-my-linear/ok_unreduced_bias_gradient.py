# the bias gradient left unreduced: autograd sums a gradient of the broadcast shape down to b's shape
# (fix-my-linear's second hint says so; this file proves it)
class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        return x @ W.T + b

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        return grad_y @ W, grad_y.T @ x, grad_y

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
