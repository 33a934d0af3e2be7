from torch.autograd.function import once_differentiable


class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W, b)
        return torch.addmm(b, x, W.T)

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_y):
        x, W, b = ctx.saved_tensors
        grad_x = torch.empty_like(x)
        torch.mm(grad_y, W, out=grad_x)
        grad_W = torch.empty_like(W)
        torch.mm(grad_y.T, x, out=grad_W)
        grad_b = torch.sum(grad_y, dim=0)
        return grad_x, grad_W, grad_b


loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
