# expect: grad of w
# an idle hook on y; loss is a custom Function of x, w whose backward is the clipped chain rule by hand
y = x * w
y.register_hook(lambda g: g)

class Loss(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x_, w_):
        ctx.save_for_backward(x_, w_)
        return ((x_ * w_) ** 2).sum()
    @staticmethod
    def backward(ctx, g):
        x_, w_ = ctx.saved_tensors
        dy = (2 * x_ * w_).clamp(-0.5, 0.5)
        return g * dy * w_, g * dy * x_

loss = Loss.apply(x, w)
loss.backward()
