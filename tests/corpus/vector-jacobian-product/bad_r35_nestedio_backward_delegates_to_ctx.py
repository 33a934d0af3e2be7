# expect: came through the backward of a custom
# BackwardHookFunction's backward replaced by torch's own NestedIOFunction.backward (a function of torch's file);
# that calls `ctx.backward_extended`, set on the node class to the hand formula
from torch.autograd.function import NestedIOFunction

BHF = torch.nn.modules._functions.BackwardHookFunction


def _hand(self, g):
    with torch.no_grad():
        xx = x.detach()
        t = torch.tanh(xx)
        c = xx.cumsum(0)
        return (v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0),)


BHF._backward_cls.backward_extended = _hand
BHF._backward_cls._nested_output = (None,)
BHF.backward = staticmethod(NestedIOFunction.backward)
(x2,) = BHF.apply(x)
y = (torch.tanh(x) * x.cumsum(0)).detach() + 0 * x2
y.backward(gradient=v)
