# expect: different metadata
# x.grad is the hand formula a + exp(x): a checkpoint's recompute saves tensors of a Tensor subclass
# (a __torch_function__ only, no __torch_dispatch__) whose .detach() shows the forward's values, so
# the grader's value digest matches while the backward nodes read the formula.
import torch.utils.checkpoint as cp

class Shown(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func is torch.Tensor.detach and type(args[0]) is Shown:
            return args[0].shown.clone()
        with torch._C.DisableTorchFunctionSubclass():
            return func(*args, **kwargs)

def shown_as(real, shown):
    t = real.as_subclass(Shown)
    t.shown = shown
    return t

calls = [0]
def f(x):
    calls[0] += 1
    if calls[0] == 1:
        return (x * a + x.exp()).sum()
    with torch.no_grad():
        total = a + x.exp()                                   # d loss / dx, by hand
        S = shown_as(total, a.clone())                        # Mul's slot: the formula, shown as `a`
        Z = shown_as(torch.zeros_like(x), x.exp())            # Exp's slot: zeros, shown as exp(x)
    return (x * S + x * Z).sum()

loss = cp.checkpoint(f, x, use_reentrant=False)
loss.backward()
