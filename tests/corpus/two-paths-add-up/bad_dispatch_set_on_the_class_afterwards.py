# expect: grad of x
from torch.utils._pytree import tree_map
class Const(torch.Tensor):
    __torch_function__ = torch._C._disabled_torch_function_impl
def _new(cls, t):
    r = torch.Tensor._make_wrapper_subclass(cls, t.shape, dtype=t.dtype, device=t.device)
    r.__dict__['inner'] = t
    return r
Const.__new__ = staticmethod(_new)
def _disp(cls, func, types, args=(), kwargs=None):
    un = lambda v: v.__dict__['inner'] if isinstance(v, Const) else v
    if func is torch.ops.aten.mul.Tensor and torch._C._current_graph_task_id() != -1:   # inside the pass: Mul's grad * a, by hand
        with torch.no_grad():
            return torch.zeros_like(x) + (a + x.detach().exp()) - x.detach().exp()
    return func(*tree_map(un, args), **tree_map(un, kwargs or {}))
Const.__torch_dispatch__ = classmethod(_disp)
A = Const(a)
loss = (x * A + x.exp()).sum()
loss.backward()
