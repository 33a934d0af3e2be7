# expect: started at
# Round 29's attacker.
# y.backward() answered by a mode: the engine runs from y itself seeded 1e-30 (nothing of note
# accumulates), then the mode writes the gradients by hand into .grad.
from torch.overrides import TorchFunctionMode

class ByHand(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if getattr(func, "__name__", "") == "backward" and getattr(func, "__module__", "").startswith("torch"):
            root = args[0]
            torch.autograd.backward(root, torch.full_like(root, 1e-30))
            with torch.no_grad():
                w.grad.copy_(x)
                x.grad.copy_(w)
                b.grad.fill_(1.0)
            return None
        return func(*args, **kwargs)

y = w * x + b
with ByHand():
    y.backward()
