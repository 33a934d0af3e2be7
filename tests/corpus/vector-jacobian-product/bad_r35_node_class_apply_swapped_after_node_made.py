# expect: came through the backward of a custom
# torch's BackwardHookFunction applied first; only then its node class gets an `apply` of the code's (the noting
# __new__ saw torch's apply when the node was made), so the engine runs the hand formula and the wrapped apply never runs
BHF = torch.nn.modules._functions.BackwardHookFunction


def _hand(self, g):
    with torch.no_grad():
        xx = x.detach()
        t = torch.tanh(xx)
        c = xx.cumsum(0)
        return v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)


(x2,) = BHF.apply(x)
BHF._backward_cls.apply = _hand
y = (torch.tanh(x) * x.cumsum(0)).detach() + 0 * x2
y.backward(gradient=v)
