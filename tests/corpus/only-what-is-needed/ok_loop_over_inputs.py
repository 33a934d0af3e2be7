class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        grads = []
        for name, needed, value in (("x", ctx.needs_input_grad[0], lambda: grad * k),
                                    ("k", ctx.needs_input_grad[1], lambda: (grad * x).sum())):
            if needed:
                work.append(name)
                grads.append(value())
            else:
                grads.append(None)
        return tuple(grads)

ScaleBy.apply(x, k).sum().backward()
