class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(x, W, b):
        return F.linear(x, W, b)

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, W, b = inputs
        ctx.save_for_backward(x, W)

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        grad_x = torch.matmul(grad_y, W)
        grad_W = (x.T @ grad_y).T
        grad_b = grad_y.new_ones(grad_y.shape[0]) @ grad_y
        return grad_x, grad_W, grad_b

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
