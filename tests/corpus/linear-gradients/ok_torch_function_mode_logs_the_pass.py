# ok: a TorchFunctionMode that logs the backward call
from torch.overrides import TorchFunctionMode
class Quiet(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        return func(*args, **(kwargs or {}))
y = w * x + b
with Quiet():
    y.backward()
