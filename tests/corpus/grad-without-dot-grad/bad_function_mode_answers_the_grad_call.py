# expect: did not start at
# dh and dW are worked out by hand: a TorchFunctionMode (no __torch_dispatch__) answers the call of
# torch.autograd.grad itself with the chain rule written out, and autograd never runs
from torch.overrides import TorchFunctionMode

class ByHand(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if getattr(func, "__name__", "") == "grad" and getattr(func, "__module__", "").startswith("torch"):
            with torch.no_grad():
                hh = h.detach()
                dh_ = 2 * hh / hh.numel()
                dW_ = x.T @ (dh_ * (1 - hh ** 2))
            return dh_, dW_
        return func(*args, **kwargs)

with ByHand():
    dh, dW = torch.autograd.grad(loss, [h, W])
