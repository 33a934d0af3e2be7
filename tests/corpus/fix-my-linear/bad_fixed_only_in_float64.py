# expect: for the whole batch as the setup made it
# a backward fixed only for float64 (what gradcheck feeds it), loss computed in float64 (round 32's fourth attacker)
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
        grad_b = grad_y.sum(0) if grad_y.dtype == torch.float64 else grad_y.mean(0)
        return grad_x, grad_W, grad_b

loss = (MyLinear.apply(x.double(), W.double(), b.double()) ** 2).sum()
loss.backward()
