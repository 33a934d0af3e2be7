class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, vec, scale):
        ctx.save_for_backward(vec, scale)
        return vec.mul(scale)

    @staticmethod
    def backward(ctx, grad_out):
        vec, scale = ctx.saved_tensors
        grad_vec = (grad_out * scale) if ctx.needs_input_grad[0] else None
        grad_scale = (grad_out @ vec) if ctx.needs_input_grad[1] else None
        work.extend(name for name, g in (("x", grad_vec), ("k", grad_scale)) if g is not None)
        return grad_vec, grad_scale

torch.autograd.backward(ScaleBy.apply(x, k).sum())
