# expect: started at
# A TorchDispatchMode subclass made while TorchDispatchMode.__init_subclass__ is a no-op (put back after):
# the Mul path's gradient (grad * a) answered by hand while the pass runs
from torch.utils._python_dispatch import TorchDispatchMode
saved = TorchDispatchMode.__dict__["__init_subclass__"]
TorchDispatchMode.__init_subclass__ = classmethod(lambda cls, **kw: None)
class Answer(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if torch._C._current_graph_task_id() != -1 and func is torch.ops.aten.mul.Tensor \
                and any(t is a for t in args):
            with torch.no_grad():
                return torch.zeros_like(a) + a.clone()
        return func(*args, **(kwargs or {}))
TorchDispatchMode.__init_subclass__ = saved
loss = (x * a + x.exp()).sum()
with Answer():
    loss.backward()
