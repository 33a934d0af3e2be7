class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        return x @ W.T + b

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        grad_x = grad_y.mm(W)
        grad_W = grad_y.t().mm(x)
        grad_b = torch.sum(grad_y, dim=0, keepdim=False)
        return grad_x, grad_W, grad_b

# checked it first:
xs = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)
Ws = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)
bs = torch.randn(2, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(MyLinear.apply, (xs, Ws, bs)))

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
