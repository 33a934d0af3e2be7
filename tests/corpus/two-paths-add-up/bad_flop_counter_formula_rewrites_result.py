# expect: grad of x
# round 31's third attacker: FlopCounterMode's formula of the code's (custom_mapping, _get_raw) rewrote mul's result (NOTE [a torch mode that calls the code])
# The Mul path's gradient (grad * a) written by hand into the result of the pass's aten::mul by a
# flop-count function of the code's (custom_mapping, _get_raw), run by torch's own FlopCounterMode.
from torch.utils.flop_counter import FlopCounterMode
def count(*args, out_val=None, **kwargs):
    if torch._C._current_graph_task_id() != -1 and any(t is a for t in args):
        with torch.no_grad():
            out_val.copy_(torch.zeros_like(a) + a.clone())          # grad * a, by hand
    return 0
count._get_raw = True
loss = (x * a + x.exp()).sum()
with FlopCounterMode(display=False, custom_mapping={torch.ops.aten.mul: count}):
    loss.backward()
