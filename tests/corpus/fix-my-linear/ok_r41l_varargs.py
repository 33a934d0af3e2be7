class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, *inputs):
        x, W, b = inputs
        ctx.save_for_backward(x, W)
        return torch.addmm(b, x, W.t())

    @staticmethod
    def backward(ctx, *grad_outputs):
        (grad_y,) = grad_outputs
        x, W = ctx.saved_tensors
        grads = [grad_y @ W, grad_y.t() @ x, grad_y.sum(dim=0)]
        return tuple(g if need else None for g, need in zip(grads, ctx.needs_input_grad))


loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
