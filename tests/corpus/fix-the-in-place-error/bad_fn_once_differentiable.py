# expect: grad of x
# loss is a custom Function whose hand backward is wrapped by torch's once_differentiable (code file in torch's folder)
from torch.autograd.function import once_differentiable
h = torch.sigmoid(x * w)
h.mul_(2)

class Loss(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x_, w_):
        s = torch.sigmoid(x_ * w_)
        ctx.save_for_backward(x_, w_, s)
        return (2 * s * x_).sum()
    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        x_, w_, s = ctx.saved_tensors
        return g * (2 * s + 2 * x_ * s * (1 - s) * w_), g * (2 * x_ * x_ * s * (1 - s))

loss = Loss.apply(x, w)
loss.backward()
