class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        return x @ W.T + b

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        ones = torch.ones(grad_y.shape[0], dtype=grad_y.dtype, device=grad_y.device)
        return grad_y @ W, (x.T @ grad_y).T, ones @ grad_y

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
