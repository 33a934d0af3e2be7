# expect: autograd's own classes
# Computes and returns both gradients (never None); only the record is conditional (bad_returns_both).
# torch.autograd.function.BackwardCFunction is no target of pristine's: the observers' wrapper on its `apply`
# (which counts gradients returned where none is needed) is replaced by a plain one that calls the Function's
# backward, after a token pass of a Function of the code's has run under the wrapper (so a custom backward
# is recorded as run in a pass).
_BCF = torch.autograd.function.BackwardCFunction


class _Token(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t * 1

    @staticmethod
    def backward(ctx, g):
        return g


_Token.apply(torch.ones(1, requires_grad=True)).sum().backward()


def _plain_apply(self, *args):
    return self._forward_cls.backward(self, *args)


_BCF.apply = _plain_apply


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
