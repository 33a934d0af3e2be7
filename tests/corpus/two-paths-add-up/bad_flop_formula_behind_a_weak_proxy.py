# expect: grad of x
# a FlopCounterMode formula reached through weakref.proxy, which reports nothing to the collector (round 32's third attacker)
# FlopCounterMode formula of the code's, reached only through a weakref.proxy to a callable instance:
# the proxy's tp_traverse reports no referent, and its class is weakref's
import weakref
from torch.utils.flop_counter import FlopCounterMode
class Count:
    _get_raw = True
    def __call__(self, *args, out_val=None, **kwargs):
        if torch._C._current_graph_task_id() != -1 and any(t is a for t in args):
            with torch.no_grad():
                out_val.copy_(torch.zeros_like(a) + a.clone() * SCALE)          # grad * a, by hand
        return 0
SCALE = 1.0
count = Count()
formula = weakref.proxy(count)
loss = (x * a + x.exp()).sum()
with FlopCounterMode(display=False, custom_mapping={torch.ops.aten.mul: formula}):
    loss.backward()
del formula, count
