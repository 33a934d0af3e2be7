# expect: grad of x
# round 31's fourth attacker: a formula exec made in globals named like a namedtuple's
# FlopCounterMode formula of the code's made by exec in a namespace whose __name__ starts "namedtuple_":
# _codes_function reads it as a namedtuple's method (not the code's), so the mode counts as torch's.
from torch.utils.flop_counter import FlopCounterMode
space = {"__name__": "namedtuple_count", "torch": torch, "a": a}
exec('''
def count(*args, out_val=None, **kwargs):
    if torch._C._current_graph_task_id() != -1 and any(t is a for t in args):
        with torch.no_grad():
            out_val.copy_(torch.zeros_like(a) + a.clone())          # grad * a, by hand
    return 0
''', space)
count = space["count"]
count._get_raw = True
loss = (x * a + x.exp()).sum()
with FlopCounterMode(display=False, custom_mapping={torch.ops.aten.mul: count}):
    loss.backward()
