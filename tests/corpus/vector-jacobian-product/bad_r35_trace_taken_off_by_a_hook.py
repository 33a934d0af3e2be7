# expect: ran again while the grader read
# round 35: as bad_r35_instance_apply_on_node.py, and a hook that runs first in the pass takes the trace
# function off before the hand backward runs (NOTE [the code's own code in a pass]: put back after each hook)
import sys
BHF = torch.nn.modules._functions.BackwardHookFunction


def _hand(g):
    with torch.no_grad():
        xx = x.detach()
        t = torch.tanh(xx)
        c = xx.cumsum(0)
        return v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)


(x2,) = BHF.apply(x)
x2.grad_fn.apply = _hand
y = (torch.tanh(x) * x.cumsum(0)).detach() + 0 * x2
y.register_hook(lambda g: (sys.settrace(None), g)[1])
y.backward(gradient=v)
