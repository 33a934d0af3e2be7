# expect: grad of x
# round 31's sixth attacker: a __del__ the engine ran mid-pass turned the python dispatcher on for a kernel of the code's (NOTE [a kernel in python])
# a __del__ of the code's, held in the __dict__ of a copy of `a` that only MulBackward0's saved input keeps,
# runs inside the pass when the engine releases Mul's saved variables (before Mul's gradient is added into
# x's input buffer). It turns torch's python dispatcher on; a python kernel for aten::add answers the add of
# the two paths' gradients with d loss/dx worked out by hand (a + exp(x)), and turns the dispatcher off.
from torch._C import DispatchKey
ops = [torch.ops.aten.add.Tensor, torch.ops.aten.add_.Tensor]
kept = []
seen = []
def make(op):
    def kernel(u, v, *args, **kw):
        if torch._C._current_graph_task_id() != -1 and kept:
            seen.append(op)
            kept.pop().__exit__(None, None, None)
            with torch.no_grad():
                by_hand = (a + x.detach().exp())          # by hand
            if op is torch.ops.aten.add_.Tensor:
                return u.copy_(by_hand)
            return by_hand
        with torch._C._ExcludeDispatchKeyGuard(torch._C.DispatchKeySet(DispatchKey.PythonDispatcher)):
            return op(u, v, *args, **kw)
    return kernel
for op in ops:
    op.py_impl(DispatchKey.CPU)(make(op))
class D:
    def __del__(self):
        g = torch._C._EnablePythonDispatcher(); g.__enter__(); kept.append(g)
a2 = a.clone()
a2.d = D()
loss = (x * a2 + x.exp()).sum()
del a2
loss.backward()
for op in ops:
    op.py_kernels.pop(DispatchKey.CPU, None)
    op._dispatch_cache.clear()
