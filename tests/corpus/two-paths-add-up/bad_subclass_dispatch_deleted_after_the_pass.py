# expect: started at
# bad_dispatch_subclass_answers_the_backward, with the class's __torch_dispatch__ deleted after the pass: the
# judge reads the class as it stands when it judges (own_method None), not as it was during the pass.
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
        if torch._C._current_graph_task_id() != -1:      # inside the backward pass: grad * a
            with torch.no_grad():
                return torch.zeros_like(x) + (a + x.detach().exp()) - x.detach().exp()  # hand formula for the Mul path
        return func(*tree_map(un, args), **tree_map(un, kwargs or {}))
A = Const(a)
loss = (x * A + x.exp()).sum()
loss.backward()
del Const.__torch_dispatch__
