# expect: grad of x
# bad: a TorchDispatchMode of the code's own sees every op of the pass (this one changes none, one that does could answer with a formula)
from torch.utils._python_dispatch import TorchDispatchMode

class M(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        return func(*args, **(kwargs or {}))

loss = (x * a + x.exp()).sum()
with M():
    loss.backward()
