# expect: grad of x
# why wrong: the Mul path's gradient (grad * a) is worked out by hand and returned by a TorchDispatchMode while the pass runs: torch's own base class with its method patched, no subclass made
from torch.utils._python_dispatch import TorchDispatchMode
def answer(self, func, types, args=(), kwargs=None):
    if torch._C._current_graph_task_id() != -1 and func is torch.ops.aten.mul.Tensor and any(t is a for t in args):
        with torch.no_grad():
            return torch.zeros_like(a) + a.clone()            # grad * a, by hand
    return func(*args, **(kwargs or {}))
loss = (x * a + x.exp()).sum()
TorchDispatchMode.__torch_dispatch__ = answer
with TorchDispatchMode():
    loss.backward()
