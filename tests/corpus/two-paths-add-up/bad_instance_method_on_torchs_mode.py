# expect: started at
# grad * a answered by hand by an instance of torch's own TorchDispatchMode, given a __torch_dispatch__
# in its instance dict (the class keeps the method it was made with, so the mode counts as torch's),
# entered around the pass the ordinary way.
from types import MethodType
from torch.utils._python_dispatch import TorchDispatchMode
def answer(self, func, types, args=(), kwargs=None):
    if func is torch.ops.aten.mul.Tensor and torch._C._current_graph_task_id() != -1 \
            and not torch.is_grad_enabled() and any(t is a for t in args):
        return torch.zeros_like(a) + a.clone()                # grad * a, by hand
    return func(*args, **(kwargs or {}))
mode = TorchDispatchMode()
mode.__torch_dispatch__ = MethodType(answer, mode)    # bound, as torch asks
loss = (x * a + x.exp()).sum()
with mode:
    loss.backward()
