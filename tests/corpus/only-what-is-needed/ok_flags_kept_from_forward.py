class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.want = {"x": x.requires_grad, "k": k.requires_grad}
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        gx = gk = None
        if ctx.want["x"]:
            work.extend(["x"])
            gx = torch.mul(k, grad)
        if ctx.want["k"]:
            work.extend(["k"])
            gk = torch.vdot(grad, x)
        return gx, gk

ScaleBy.apply(x, k).sum().backward()
