class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        ctx.bias_shape = b.shape
        return F.linear(x, W, b)

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        grad_b = grad_y.sum_to_size(ctx.bias_shape)
        return grad_y @ W, grad_y.T @ x, grad_b

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
