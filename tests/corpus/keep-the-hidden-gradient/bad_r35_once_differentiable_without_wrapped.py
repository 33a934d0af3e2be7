# expect: came through the backward of a custom
# torch's BackwardHookFunction's backward replaced (and put back as it runs) by torch's once_differentiable wrapper of
# the hand formula, its `__wrapped__` deleted: the wrapper is a function of torch's file, its closure never read
from torch.autograd.function import once_differentiable

BHF = torch.nn.modules._functions.BackwardHookFunction
_orig = BHF.__dict__["backward"]


def _hand(ctx, *gs):
    BHF.backward = _orig
    return (1 / torch.cosh(_H[0]) ** 2,)


_w = once_differentiable(_hand)
del _w.__wrapped__
BHF.backward = staticmethod(_w)
h = x @ W
_H = [h.detach()]
h.retain_grad()
(h2,) = BHF.apply(h)
loss = torch.tanh(h).detach().sum() + 0 * h2.sum()
loss.backward()
