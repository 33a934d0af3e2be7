class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        grad_x = grad_k = None
        if ctx.needs_input_grad[0]:
            work.append("x")
            grad_x = grad * k
        if ctx.needs_input_grad[1]:
            work.append("k")
            grad_k = (grad * x).sum()
        return grad_x, grad_k


for name, t in (("x", x), ("k", k)):
    if t.requires_grad:
        t.register_post_accumulate_grad_hook(lambda p, name=name: print(name, "got", p.grad))
ScaleBy.apply(x, k).sum().backward()
