class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        out = x @ W.T
        out += b              # in place on our own result
        return out

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        grad_x = grad_y @ W
        grad_W = grad_y.T @ x
        grad_b = grad_y.new_zeros(grad_y.shape[1])
        grad_b.add_(grad_y.sum(0))
        return grad_x, grad_W, grad_b


loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
