# expect: grad of x
from torch.utils._python_dispatch import TorchDispatchMode
class M(TorchDispatchMode):
    pass
def _d(self, func, types, args=(), kwargs=None):
    if func is torch.ops.aten.mul.Tensor and torch._C._current_graph_task_id() != -1 and any(t is a for t in args):
        with torch.no_grad():   # Mul's grad * a, answered with a formula by hand
            return (a + x.detach().exp()) - x.detach().exp() + torch.zeros_like(a)
    return func(*args, **(kwargs or {}))
M.__torch_dispatch__ = _d
loss = (x * a + x.exp()).sum()
with M():
    loss.backward()
