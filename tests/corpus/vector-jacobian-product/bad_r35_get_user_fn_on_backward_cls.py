# expect: came through the backward of a custom
# torch's BackwardHookFunction; its node class (_backward_cls) gets a `_get_user_fn` that returns the hand formula
BHF = torch.nn.modules._functions.BackwardHookFunction


def _hand(ctx, g):
    with torch.no_grad():
        xx = x.detach()
        t = torch.tanh(xx)
        c = xx.cumsum(0)
        return v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)


BHF._backward_cls._get_user_fn = lambda self: _hand
(x2,) = BHF.apply(x)
y = (torch.tanh(x) * x.cumsum(0)).detach() + 0 * x2
y.backward(gradient=v)
