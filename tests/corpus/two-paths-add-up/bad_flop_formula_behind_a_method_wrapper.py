# expect: grad of x
# round 31's fifth attacker: a FlopCounterMode formula reached only through a method-wrapper (NOTE [a torch mode that calls the code])
# FlopCounterMode formula of the code's, reached only through a method-wrapper (`count.__call__`, a C
# object with no __dict__) held as the `__call__` of a class whose dict holds no function
from torch.utils.flop_counter import FlopCounterMode
def count(*args, out_val=None, **kwargs):
    if torch._C._current_graph_task_id() != -1 and any(t is a for t in args):
        with torch.no_grad():
            out_val.copy_(torch.zeros_like(a) + a.clone())          # grad * a, by hand
    return 0
class Raw:
    _get_raw = True
    __call__ = count.__call__
loss = (x * a + x.exp()).sum()
with FlopCounterMode(display=False, custom_mapping={torch.ops.aten.mul: Raw()}):
    loss.backward()
