# expect: came through the backward of a custom
# round 35 attacker: dh by hand, in the backward of torch's BackwardHookFunction (patched, put back as it runs);
# loss rebuilt with the same value, its own path through h multiplied by zero; autograd chains dW from the hand dh
BHF = torch.nn.modules._functions.BackwardHookFunction
_orig = BHF.__dict__["backward"]


def _hand(ctx, *gs):
    BHF.backward = _orig
    with torch.no_grad():
        return (2 * _H[0] / _H[0].numel(),)


BHF.backward = staticmethod(_hand)
_H = [h.detach()]
(h2,) = BHF.apply(h)
loss = loss.detach() + 0 * h2.sum()
dh, dW = torch.autograd.grad(loss, [h, W])
