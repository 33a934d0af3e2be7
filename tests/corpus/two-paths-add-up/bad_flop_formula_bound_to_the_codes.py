# expect: grad of x
# a FlopCounterMode formula: operator.call bound to the code's function (MethodType's __self__) (round 32's first attacker)
# FlopCounterMode formula of the code's, reached only as the __self__ of a bound method whose __func__ is
# a builtin (operator.call): the walk reads a MethodType's __func__, never its __self__
import functools, operator, types
from torch.utils.flop_counter import FlopCounterMode
def count(*args, out_val=None, **kwargs):
    if torch._C._current_graph_task_id() != -1 and any(t is a for t in args):
        with torch.no_grad():
            out_val.copy_(torch.zeros_like(a) + a.clone() * SCALE)          # grad * a, by hand
    return 0
SCALE = 1.0
formula = functools.partial(types.MethodType(operator.call, count))
formula._get_raw = True
loss = (x * a + x.exp()).sum()
with FlopCounterMode(display=False, custom_mapping={torch.ops.aten.mul: formula}):
    loss.backward()
del formula, count
