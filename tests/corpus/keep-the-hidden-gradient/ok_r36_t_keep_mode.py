# ok: round 36's third attacker's right answer (a logging mode, a subclass, module hooks, lists)
from torch.overrides import TorchFunctionMode
log = []
class Log(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        log.append(getattr(func, "__name__", str(func)))
        return func(*args, **(kwargs or {}))
with Log():
    h = x @ W
    h.retain_grad()
    loss = torch.tanh(h).sum()
loss.backward()
