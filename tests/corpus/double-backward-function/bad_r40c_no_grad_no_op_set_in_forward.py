# expect: changed torch while this check ran it
# The starter, unchanged but for two lines in forward that make torch.no_grad's __enter__/__exit__ no-ops
# (round 39c's trick). pristine puts the grad-mode classes back before the probes, but every probe that
# calls XSin (gradgradcheck, gradcheck, the value checks) runs forward first, which sets them again, and
# nothing puts them back after the code's own functions ran inside a probe.
class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        torch.no_grad.__enter__ = lambda self: None
        torch.no_grad.__exit__ = lambda self, *exc: None
        ctx.save_for_backward(x)
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        with torch.no_grad():
            local = torch.sin(x) + x * torch.cos(x)
        return grad * local

(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
