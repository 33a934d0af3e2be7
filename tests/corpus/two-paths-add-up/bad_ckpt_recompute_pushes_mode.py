# expect: started at
# The Mul path's gradient (grad * a) answered by hand by a plain object pushed on the dispatch stack by
# the checkpointed function as it is recomputed: torch's own unpack hook runs the recompute inside
# MulBackward0, so the mode stays on for that node's grad * a (the push from the wrapper's closure).
from torch.utils.checkpoint import checkpoint
push = torch._C._push_on_torch_dispatch_stack
for cell in getattr(push, "__closure__", None) or ():
    if callable(cell.cell_contents):
        push = cell.cell_contents
class Answer:
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func is torch.ops.aten.mul.Tensor and torch._C._current_graph_task_id() != -1 and not torch.is_grad_enabled() and any(
                isinstance(t, torch.Tensor) and t.data_ptr() == a.data_ptr() for t in args):
            return torch.zeros_like(a) + a.clone()            # grad * a, by hand
        return func(*args, **(kwargs or {}))
calls = [0]
def f(t):
    calls[0] += 1
    if calls[0] == 2:                                         # the recompute, inside MulBackward0
        push(Answer())
    return t * a
p = checkpoint(f, x, use_reentrant=False)
loss = (p + x.exp()).sum()
loss.backward()
