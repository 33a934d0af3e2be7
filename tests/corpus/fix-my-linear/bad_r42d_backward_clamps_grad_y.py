# expect: given a gradient other than ones
# Wrong: backward clips the gradient it is given to [-100, 100] before using it, so MyLinear's gradients are wrong
# for any loss whose gradient is larger (a backward is linear in grad_y). Every check of this exercise feeds
# backward grad_y = 2 * y (the squared loss: |2y| stays well below 100 for randn inputs) or gradcheck's one-hot
# vectors; none feeds a large gradient (only-what-is-needed, cube-for-torch-func and double-backward-function have
# a "given a gradient other than ones" check with 1e6; this exercise has none).
class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        return x @ W.T + b

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        grad_y = grad_y.clamp(-100, 100)
        grad_x = grad_y @ W
        grad_W = grad_y.T @ x
        grad_b = grad_y.sum(0)
        return grad_x, grad_W, grad_b

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
