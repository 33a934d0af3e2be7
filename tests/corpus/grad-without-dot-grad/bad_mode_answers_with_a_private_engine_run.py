# expect: did not start at
# dh and dW worked out by hand (the chain rule written out); a TorchFunctionMode answers the call of
# torch.autograd.grad(loss, [h, W]) with the results of an engine run of its own (torch's private
# _engine_run_backward, as torch.autograd.grad calls it) from a surrogate whose gradients are those
# hand-made numbers: the engine ran, and what came back is on the engine's memory with its values.
from torch.overrides import TorchFunctionMode

class ByHand(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if getattr(func, "__name__", "") == "grad" and getattr(func, "__module__", "").startswith("torch"):
            with torch.no_grad():
                hh = h.detach()
                dh_ = 2 * hh / hh.numel()
                dW_ = x.T @ (dh_ * (1 - hh ** 2))
            a = torch.zeros_like(dh_, requires_grad=True)
            c = torch.zeros_like(dW_, requires_grad=True)
            s = (a * dh_).sum() + (c * dW_).sum()
            return torch.autograd._engine_run_backward(
                (s,), (torch.ones_like(s),), False, False, (a, c), False, False)
        return func(*args, **kwargs)

with ByHand():
    dh, dW = torch.autograd.grad(loss, [h, W])
