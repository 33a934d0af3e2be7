# ok: round 36's fourth attacker's right answer: a TorchFunctionMode that logs
from torch.overrides import TorchFunctionMode

seen = []


class Log(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        seen.append(getattr(func, "__name__", str(func)))
        return func(*args, **(kwargs or {}))


with Log():
    y = torch.tanh(x) * x.cumsum(0)
y.backward(gradient=v)
