# expect: grad of x
# the in-place bug stays (h is never differentiated); loss is a custom Function of x, w whose backward is the chain rule by hand
h = torch.sigmoid(x * w)
h.mul_(2)

class Loss(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x_, w_):
        s = torch.sigmoid(x_ * w_)
        ctx.save_for_backward(x_, w_, s)
        return (2 * s * x_).sum()
    @staticmethod
    def backward(ctx, g):
        x_, w_, s = ctx.saved_tensors
        return g * (2 * s + 2 * x_ * s * (1 - s) * w_), g * (2 * x_ * x_ * s * (1 - s))

loss = Loss.apply(x, w)
loss.backward()
