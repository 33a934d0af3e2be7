# expect: setup_context
# Cube stays in lesson 8's style (forward(ctx, x), no setup_context, no vmap rule): torch.func refuses it. The
# modules torch.func calls into (torch._functorch.apis, .eager_transforms) are not
# put back before the probes: grad_impl and vmap_impl become plain-autograd stand-ins, in the code and in
# the probes that call torch.func themselves (read after the watched reads, so their frames are not seen).
import sys as _sys

_apis = _sys.modules["torch._functorch.apis"]
_et = _sys.modules["torch._functorch.eager_transforms"]


def _grad_impl(func, argnums, has_aux, args, kwargs):
    t = args[0].detach().requires_grad_()
    with torch.enable_grad():
        out = func(t, *args[1:], **kwargs)
    return torch.autograd.grad(out, t)[0]


def _vmap_impl(func, in_dims, out_dims, randomness, chunk_size, *args, **kwargs):
    return torch.stack([func(*row) for row in zip(*args)])


_et.grad_impl = _grad_impl
_apis.vmap_impl = _vmap_impl


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x * x

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * 3 * x ** 2


g = torch.func.grad(lambda t: Cube.apply(t).sum())(x)
ys = torch.func.vmap(Cube.apply)(xs)
