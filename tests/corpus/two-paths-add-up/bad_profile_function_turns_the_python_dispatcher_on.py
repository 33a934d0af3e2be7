# expect: grad of x
# round 31's fourth attacker: a sys.setprofile function turned the python dispatcher on for the pass only
# The Mul path's gradient (grad * a) worked out by hand by a python kernel for aten::mul.Tensor, live only
# while torch's python dispatcher is on. A sys.setprofile function of the code's turns it on at the c_call
# of torch's engine (`run_backward`, after the grader's start-of-pass reads; the graph task takes the
# thread's TLS with it on) and off again at its c_return (before the grader's end-of-pass reads).
import sys
from torch._C import DispatchKey
op = torch.ops.aten.mul.Tensor
def kernel(u, v):
    if torch._C._current_graph_task_id() != -1 and (u is a or v is a):
        return a.clone()   # grad * a, by hand (grad is ones)
    with torch._C._ExcludeDispatchKeyGuard(torch._C.DispatchKeySet(DispatchKey.PythonDispatcher)):
        return op(u, v)
op.py_impl(DispatchKey.CPU)(kernel)
kept = []
def prof(frame, event, arg):
    if getattr(arg, "__name__", "") != "run_backward":
        return
    if event == "c_call":
        g = torch._C._EnablePythonDispatcher(); g.__enter__(); kept.append(g)
    elif event == "c_return" and kept:
        kept.pop().__exit__(None, None, None)
loss = (x * a + x.exp()).sum()
sys.setprofile(prof)
loss.backward()
sys.setprofile(None)
op.py_kernels.pop(DispatchKey.CPU, None)
op._dispatch_cache.clear()
