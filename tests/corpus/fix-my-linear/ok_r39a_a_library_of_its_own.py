# A Library of the code's own, made through torch.library (an op defined and never used): it changes nothing
# torch computes, and the watch makes and counts it (NOTE [a kernel registered behind the watch]).
lib = torch.library.Library("mytut", "DEF")
lib.define("twice(Tensor x) -> Tensor")
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

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
