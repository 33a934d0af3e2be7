# expect: grad of x
# a FlopCounterMode formula behind Mocks nested past the depth the walk reads (round 32's fifth attacker)
# a FlopCounterMode formula of the code's, reached only through three nested unittest.mock.Mock side_effects:
# the walk reads another library's object through gc referents, and stops expanding at depth 6 (mode 0 ->
# registry 1 -> Mock 2 -> its __dict__ 3 -> Mock 4 -> __dict__ 5 -> Mock 6, not read); a Mock answers
# `_get_raw` with a truthy child and takes any arguments. The formula writes MulBackward's result by hand
# (a + exp(x)) and zeroes ExpBackward's, so x.grad is the hand-worked formula
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
formula = mock.Mock(side_effect=mock.Mock(side_effect=mock.Mock(side_effect=count)))
loss = (x * a + e).sum()
with FlopCounterMode(display=False, custom_mapping={torch.ops.aten.mul: formula}):
    loss.backward()
del formula
