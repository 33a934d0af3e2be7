# expect: grad of x
# a FlopCounterMode formula in a Mock behind five nested partials: the Mock lay past the depth read (round 32's sixth attacker)
# a FlopCounterMode formula of the code's behind a Mock held by five nested functools.partial: each partial costs
# the walk a level (mode 0 -> registry 1 -> partial 2..6), and the Mock, another library's object, reached at
# depth 6 is not read (the depth test comes before the foreign branch); the formula writes MulBackward's result
# by hand (a + exp(x)) and zeroes ExpBackward's
import functools
from unittest import mock
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
    return 0
formula = mock.Mock(side_effect=count)
for _ in range(5):
    formula = functools.partial(formula)
    formula.level = _  # a __dict__ of its own: partial(partial(f)) is not flattened
formula._get_raw = True
loss = (x * a + e).sum()
with FlopCounterMode(display=False, custom_mapping={torch.ops.aten.mul: formula}):
    loss.backward()
del formula
