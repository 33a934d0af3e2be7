# expect: for inputs that need none
# wrong: backward computes and returns both gradients whatever is needed (only `work` is conditional);
# it rewrites ctx.needs_input_grad to (True, True) before returning, which the unneeded-gradient count reads
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
        try:
            ctx.needs_input_grad = (True, True)
        except Exception as e:
            print("set:", e)
        return grad * k, (grad * x).sum()

ScaleBy.apply(x, k).sum().backward()
