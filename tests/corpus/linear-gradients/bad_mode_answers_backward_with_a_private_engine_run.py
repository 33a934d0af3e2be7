# expect: did not come from
# y.backward() is answered by a TorchFunctionMode: it runs a pass of its own from a surrogate whose
# gradients are the hand-made numbers (x, w, 1), accumulated into w, x, b by the engine; y's graph
# is never run.
from torch.overrides import TorchFunctionMode

class ByHand(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if getattr(func, "__name__", "") == "backward" and getattr(func, "__module__", "").startswith("torch"):
            with torch.no_grad():
                gw, gx = x.detach().clone(), w.detach().clone()
            s = w * gw + x * gx + b
            return torch.autograd._engine_run_backward((s,), (torch.ones_like(s),), False, False, (), True, True)
        return func(*args, **kwargs)

y = w * x + b
with ByHand():
    y.backward()
