# expect: grad of x
# round 31's second attacker: a python kernel for aten::mul (py_impl) run by the python dispatcher (NOTE [a kernel in python])
# The Mul path's gradient (grad * a) worked out by hand by a Python kernel put in aten::mul.Tensor's
# py_kernels (OpOverload.py_impl, no Library, no mode, no class), live while the python dispatcher is on.
from torch._C import DispatchKey
op = torch.ops.aten.mul.Tensor
def kernel(u, v):
    if torch._C._current_graph_task_id() != -1 and (u is a or v is a):
        return torch.zeros_like(a) + a.clone()                   # grad * a, by hand
    with torch._C._ExcludeDispatchKeyGuard(torch._C.DispatchKeySet(DispatchKey.PythonDispatcher)):
        return op(u, v)
op.py_impl(DispatchKey.CPU)(kernel)
loss = (x * a + x.exp()).sum()
with torch._C._EnablePythonDispatcher():
    loss.backward()
op.py_kernels.pop(DispatchKey.CPU, None)
op._dispatch_cache.clear()
