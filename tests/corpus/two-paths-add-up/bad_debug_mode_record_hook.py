# expect: grad of x
# round 31's second attacker: torch's DebugMode running a record hook of the code's (NOTE [a kernel in python])
# The Mul path's gradient (grad * a) worked out by hand and written into the result of the pass's
# aten::mul by a record hook of the code's, run by torch's own DebugMode (a mode of torch's class) as
# each op of the pass returns.
from torch.utils._debug_mode import DebugMode
def record(func, types, args, kwargs, result):
    if torch._C._current_graph_task_id() != -1 and func is torch.ops.aten.mul.Tensor \
            and any(t is a for t in args):
        with torch.no_grad():
            result.copy_(torch.zeros_like(a) + a.clone())          # grad * a, by hand
    return {}
loss = (x * a + x.exp()).sum()
with DebugMode(), DebugMode.dispatch_hooks(record_hook=record):
    loss.backward()
