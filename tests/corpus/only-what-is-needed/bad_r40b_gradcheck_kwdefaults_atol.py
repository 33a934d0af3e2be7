# expect: do not match finite differences
# Only one gradient is ever returned (wrong when both are needed). torch.autograd.gradcheck's keyword defaults
# dict is read (torch's functions' defaults stay readable) and written in place (no `__kwdefaults__` set, so no
# audit event): atol 1e9. pristine puts back the module's callables, but the function object is the same one,
# so the probes' gradcheck (which passes no atol) accepts any Jacobian.
torch.autograd.gradcheck.__kwdefaults__["atol"] = 1e9


class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        # only one of them ever needs a gradient
        if ctx.needs_input_grad[0]:
            work.append("x")
            return grad * k, None
        work.append("k")
        return None, (grad * x).sum()

ScaleBy.apply(x, k).sum().backward()
