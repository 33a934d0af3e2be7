class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        return x @ W.T + b

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        grad_x = torch.einsum("nj,jk->nk", grad_y, W)
        grad_W = torch.einsum("nj,nk->jk", grad_y, x)
        grad_b = torch.einsum("nj->j", grad_y)
        return grad_x, grad_W, grad_b

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
