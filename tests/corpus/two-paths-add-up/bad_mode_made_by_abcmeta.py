# expect: grad of x
# why wrong: x.grad is a hand formula (a + exp(x)) put in by a TorchDispatchMode that answers the pass's add; the class is made through ABCMeta.__new__ (file "<frozen abc>"), so observe_dispatch snapshots it as torch's own class
from abc import ABCMeta
from torch.utils._python_dispatch import TorchDispatchMode

class M(TorchDispatchMode, metaclass=ABCMeta):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        if func is torch.ops.aten.add.Tensor and out.shape == x.shape:
            return (a + x.detach().exp()).clone()  # the formula by hand
        return out

loss = (x * a + x.exp()).sum()
with M():
    loss.backward()
