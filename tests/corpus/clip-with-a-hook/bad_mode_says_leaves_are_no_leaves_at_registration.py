# expect: replaced a gradient
# No clamp on y: hooks on the leaves x and w return gradients worked out by hand (the clamp's result),
# registered under a TorchFunctionMode that answers the replacement watch's `is_leaf` read (made at
# registration, outside DisableTorchFunction) with False, so the hooks' replacements read as "other"
# (the class the reference's clamp on y makes), not "leaf".
from torch.overrides import TorchFunctionMode
IS_LEAF = torch._C.TensorBase.is_leaf.__get__
class NoLeaves(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        if getattr(getattr(func, "__self__", None), "__name__", "") == "is_leaf":
            return False
        return func(*args, **(kwargs or {}))
y = x * w
loss = (y ** 2).sum()
c = (2 * y.detach()).clamp(-0.5, 0.5)      # the clamp, by hand
gx, gw = c * w.detach(), c * x.detach()
with NoLeaves():
    x.register_hook(lambda g: gx.clone())
    w.register_hook(lambda g: gw.clone())
loss.backward()
