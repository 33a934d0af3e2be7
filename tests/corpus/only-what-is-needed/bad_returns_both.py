# expect: need none
# computes and returns both gradients (never None); only the record is conditional
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        for name, needed in zip("xk", ctx.needs_input_grad):
            if needed:
                work.append(name)
        return grad * k, (grad * x).sum()

ScaleBy.apply(x, k).sum().backward()
