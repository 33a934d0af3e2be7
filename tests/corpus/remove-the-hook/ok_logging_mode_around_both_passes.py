# correct: the fix (handle.remove() after first), passes logged by a TorchFunctionMode
from torch.overrides import TorchFunctionMode

class Log(TorchFunctionMode):
    seen = []
    def __torch_function__(self, func, types, args=(), kwargs=None):
        Log.seen.append(getattr(func, "__name__", str(func)))
        return func(*args, **(kwargs or {}))

handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
with Log():
    loss1.backward()
first = w.grad.clone()
handle.remove()

w.grad = None
loss2 = (w ** 3).sum()
with Log():
    loss2.backward()
second = w.grad.clone()
