# saves on ctx as attributes, forward with addmm, gradients with einsum-free ops
class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.x, ctx.W = x, W
        return torch.addmm(b, x, W.t())

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.x, ctx.W
        grad_b = grad_y.sum(axis=0, keepdim=True).squeeze(0)
        grad_W = grad_y.t().mm(x)
        grad_x = grad_y.mm(W)
        return grad_x, grad_W, grad_b

out = MyLinear.apply(x, W, b)
loss = out.square().sum()
torch.autograd.backward(loss)
