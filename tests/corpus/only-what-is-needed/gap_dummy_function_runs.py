# expect: work
# ScaleBy left as in the starter (computes and returns both); it never runs in a pass.
# A do-nothing Function's backward runs instead; the gradients come from plain ops, work by hand.
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        work.append("x")
        grad_x = grad * k
        work.append("k")
        grad_k = (grad * x).sum()
        return grad_x, grad_k


class Same(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t.clone()

    @staticmethod
    def backward(ctx, grad):
        return grad


(Same.apply(x * k) if x.requires_grad or k.requires_grad else x * k).sum().backward()
work.append("x" if x.requires_grad else "k")
