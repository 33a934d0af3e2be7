# expect: for inputs that need none
# wrong: backward computes and returns both gradients whatever is needed (only `work` is conditional);
# the forward rewrites ctx.needs_input_grad to (True, True), which the unneeded-gradient count read
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        ctx.needs = ctx.needs_input_grad
        ctx.needs_input_grad = (True, True)  # rewritten in the forward
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        for name, needed in zip("xk", ctx.needs):
            if needed:
                work.append(name)
        return grad * k, (grad * x).sum()

ScaleBy.apply(x, k).sum().backward()
