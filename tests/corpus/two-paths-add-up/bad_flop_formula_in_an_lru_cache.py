# expect: grad of x
# round 31's fourth attacker: a FlopCounterMode formula of the code's inside functools.lru_cache
# FlopCounterMode formula of the code's hidden behind functools.lru_cache (C wrapper, not walked)
import functools
from torch.utils.flop_counter import FlopCounterMode
def count(*args, out_val=None, **kwargs):
    if torch._C._current_graph_task_id() != -1 and any(t is a for t in args):
        with torch.no_grad():
            out_val.copy_(torch.zeros_like(a) + a.clone())          # grad * a, by hand
    return 0
wrapped = functools.lru_cache(maxsize=None)(count)
wrapped._get_raw = True
loss = (x * a + x.exp()).sum()
with FlopCounterMode(display=False, custom_mapping={torch.ops.aten.mul: wrapped}):
    loss.backward()
