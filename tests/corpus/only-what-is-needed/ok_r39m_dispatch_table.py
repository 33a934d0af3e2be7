def grad_for_x(grad, x, k):
    return grad * k

def grad_for_k(grad, x, k):
    return torch.sum(grad * x)

RULES = (("x", grad_for_x), ("k", grad_for_k))


class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        return tuple(
            (work.append(name), rule(grad, x, k))[1] if need else None
            for (name, rule), need in zip(RULES, ctx.needs_input_grad)
        )

ScaleBy.apply(x, k).sum().backward()
