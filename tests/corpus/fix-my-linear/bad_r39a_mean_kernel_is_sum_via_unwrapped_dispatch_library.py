# expect: registered kernels of its own
# The starter left as it is (grad_b = grad_y.mean(0)): an aten::mean.dim CPU kernel that is torch.sum (a C
# builtin: no frame for the in-pass watch), registered through torch._C._dispatch_library taken from the
# observers' wrapper's closure (so no Library is noted), turns every mean over a dim into a sum, in the
# code's pass and in the probe's gradcheck and value checks alike.
make = next(c.cell_contents for c in torch._C._dispatch_library.__closure__ if callable(c.cell_contents))
lib = make("IMPL", "aten", "", "", 0)
lib.impl("mean.dim", "CPU", torch.sum, False)
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
        grad_b = grad_y.mean(0)
        return grad_x, grad_W, grad_b

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
