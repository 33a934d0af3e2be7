# expect: came through the backward of a custom
# round 35 attacker: the head's gradients by hand, handed to w2 and b2 by torch's BackwardHookFunction with a patched
# backward (put back as it runs); loss is its true number plus zero times the hook function's output
BHF = torch.nn.modules._functions.BackwardHookFunction
_orig = BHF.__dict__["backward"]
first.requires_grad_(False)
with torch.no_grad():
    a = torch.relu(first(X))
    r = 2 * (second(a) - y) / y.numel()
    gw2 = r.T @ a
    gb2 = r.sum(0)
    true = F.mse_loss(second(a), y)


def _hand(ctx, *gs):
    BHF.backward = _orig
    return gw2.clone(), gb2.clone()


BHF.backward = staticmethod(_hand)
ow, ob = BHF.apply(w2, b2)
loss = true + (ow * 0).sum()
loss.backward()
