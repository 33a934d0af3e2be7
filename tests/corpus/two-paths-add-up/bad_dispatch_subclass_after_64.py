# expect: grad of x
# why wrong: the Mul path's gradient is answered by hand by a __torch_dispatch__ Tensor subclass; 64 empty Tensor subclasses made first fill the observer's list, so the 65th is never read
for i in range(64):
    type(f"Pad{i}", (torch.Tensor,), {})
from torch.utils._pytree import tree_map
class Const(torch.Tensor):
    @staticmethod
    def __new__(cls, t):
        r = torch.Tensor._make_wrapper_subclass(cls, t.shape, dtype=t.dtype, device=t.device)
        r.t = t
        return r
    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        un = lambda v: v.t if isinstance(v, Const) else v
        if torch._C._current_graph_task_id() != -1:      # inside the backward pass: grad * a, by hand
            with torch.no_grad():
                return torch.zeros_like(x) + a.clone()
        return func(*tree_map(un, args), **tree_map(un, kwargs or {}))
A = Const(a)
loss = (x * A + x.exp()).sum()
loss.backward()
