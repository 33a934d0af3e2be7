# expect: in float32 those differ by more than its tolerances
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
        grad_b = grad_y.sum(0)
        return grad_x, grad_W, grad_b

print(torch.autograd.gradcheck(MyLinear.apply, (x, W, b)))   # float32: fails on rounding
loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
