class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, vec, scalar):
        ctx.save_for_backward(vec, scalar)
        return vec * scalar

    @staticmethod
    def backward(ctx, g):
        vec, scalar = ctx.saved_tensors
        out = [None, None]
        if ctx.needs_input_grad[0]:
            work.append("x")
            out[0] = g * scalar
        if ctx.needs_input_grad[1]:
            work.append("k")
            out[1] = torch.dot(g, vec)
        return tuple(out)

ScaleBy.apply(x, k).sum().backward()
