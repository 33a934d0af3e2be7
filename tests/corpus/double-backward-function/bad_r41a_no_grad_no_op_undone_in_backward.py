# expect: changed torch while this check ran it
# The starter's backward, unchanged (local worked out under torch.no_grad(), so double backward cannot see
# it). forward makes torch.no_grad's __enter__/__exit__ no-ops (round 39c's trick, as round 40c set it in
# forward), and backward puts torch's own back once its `with` block is done: every probe ends with torch as
# pristine left it, so NOTE [the code's functions run by the probes] finds nothing changed.
_ng = torch.no_grad
_enter, _exit = vars(_ng)["__enter__"], vars(_ng)["__exit__"]


class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        _ng.__enter__ = lambda self: None
        _ng.__exit__ = lambda self, *exc: None
        ctx.save_for_backward(x)
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        with torch.no_grad():
            local = torch.sin(x) + x * torch.cos(x)
        _ng.__enter__, _ng.__exit__ = _enter, _exit
        return grad * local

(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
