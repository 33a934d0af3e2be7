# round 31's third attacker's logging handler (run by torch's own prehooks when the torch.autograd.graph
# logger is at DEBUG) would have turned the python dispatcher on inside mul's node, for a kernel giving
# wrong numbers: a grading run logs no node (NOTE [no callback in a node]), so torch's own pass runs
# The Mul path's gradient (grad * a) worked out by hand by a python kernel for aten::mul.Tensor, live only
# while the python dispatcher is on; it is turned on inside MulBackward0's node by a logging handler of the
# code's, run by torch's own prehook (_engine_run_backward attaches them when its logger is at DEBUG). The
# engine puts the thread's dispatch TLS back as each node ends: off at the pass's start, its end, and
# after every hook of the code's (there are none).
import logging
from torch._C import DispatchKey
op = torch.ops.aten.mul.Tensor
def kernel(u, v):
    if torch._C._current_graph_task_id() != -1 and (u is a or v is a):
        return a + a + a  # CONTROL: wrong
    with torch._C._ExcludeDispatchKeyGuard(torch._C.DispatchKeySet(DispatchKey.PythonDispatcher)):
        return op(u, v)
op.py_impl(DispatchKey.CPU)(kernel)
kept = []
class On(logging.Handler):
    def emit(self, record):
        if "MulBackward0" in record.getMessage():
            g = torch._C._EnablePythonDispatcher(); g.__enter__(); kept.append(g)
lg = logging.getLogger("torch.autograd.graph")
lg.setLevel(logging.DEBUG); lg.propagate = False; h = On(); lg.addHandler(h)
loss = (x * a + x.exp()).sum()
loss.backward()
lg.removeHandler(h); lg.setLevel(logging.NOTSET)
op.py_kernels.pop(DispatchKey.CPU, None)
op._dispatch_cache.clear()
