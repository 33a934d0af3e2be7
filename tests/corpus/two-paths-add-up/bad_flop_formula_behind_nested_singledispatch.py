# expect: came through the backward of a custom
# caught since round 35: code of the code's that a pass ran outside its hooks (NOTE [the code's own code in a pass])
# a FlopCounterMode formula behind nested functools.singledispatch registries: each a dict in a closure, a level of the walk each, past its depth (round 32's eighth attacker)
# a FlopCounterMode formula of the code's behind three nested functools.singledispatch functions: each is a
# stdlib function whose registry (a dict in its closure) costs the mode walk two levels, and the dict at
# depth 7 is not read (dicts and closures still cost depth; only "another library's objects" do not).
# Each call clears the three dispatch caches (`_clear_cache`), which would hold the formula where the walk reads.
# The formula writes MulBackward's result by hand (a + exp(x)) and zeroes ExpBackward's
import functools
from torch.utils.flop_counter import FlopCounterMode
SCALE = 1.0
e = x.exp()
def count(*args, out_val=None, **kwargs):
    if torch._C._current_graph_task_id() != -1:
        with torch.no_grad():
            if any(t is a for t in args):
                out_val.copy_(a + x.exp() * SCALE)            # by hand
            elif any(isinstance(t, torch.Tensor) and t.data_ptr() == e.data_ptr() for t in args):
                out_val.zero_()
    for w in LEVELS:
        w._clear_cache()
    return 0
LEVELS = []
formula = count
for _ in range(3):
    outer = functools.singledispatch(len)          # a base of the standard library's, never dispatched to
    outer.register(torch.Tensor, formula)
    LEVELS.append(outer)
    formula = outer
formula._get_raw = True
loss = (x * a + e).sum()
with FlopCounterMode(display=False, custom_mapping={torch.ops.aten.mul: formula}):
    loss.backward()
del formula, outer
