# expect: work
# records in forward what will be needed, not in backward what it computes (a variant of the corpus's gap_work_written_after_the_pass)
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        if x.requires_grad:
            work.append("x")
        if k.requires_grad:
            work.append("k")
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        gx = grad * k if ctx.needs_input_grad[0] else None
        gk = (grad * x).sum() if ctx.needs_input_grad[1] else None
        return gx, gk

ScaleBy.apply(x, k).sum().backward()
