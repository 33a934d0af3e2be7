# expect: both gradients needed, given a gradient other than ones
# Only one gradient is ever returned where both are needed. forward, where both inputs need a gradient, remembers
# the first value of each k it is given (by storage) and, when a later k lies within 1e-3 of it but is not it
# (gradcheck's finite-difference step, 1e-6), multiplies by the remembered value: gradcheck's numerical Jacobian
# in k is 0, as the missing analytical one is. The new check moves k by 0.5, far beyond the snap, so forward
# follows it there. Nothing of torch is touched; no frame is read.
_first = {}


class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        if x.requires_grad and k.requires_grad:
            k0 = _first.setdefault(k.data_ptr(), k.detach().clone())
            if float((k - k0).abs()) < 1e-3:
                k = k0
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        if ctx.needs_input_grad[0]:
            work.append("x")
            return grad * k, None
        work.append("k")
        return None, (grad * x).sum()


ScaleBy.apply(x, k).sum().backward()
