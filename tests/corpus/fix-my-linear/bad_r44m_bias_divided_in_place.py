# expect: Only the gradient with respect to `b` is wrong
class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        return x @ W.T + b

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        grad_b = grad_y.sum(0)
        grad_b.div_(grad_y.shape[0])   # still an average
        return grad_y @ W, grad_y.T @ x, grad_b


loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
