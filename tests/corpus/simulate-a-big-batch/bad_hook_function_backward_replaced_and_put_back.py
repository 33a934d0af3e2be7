# expect: came through the backward of a custom
# round 35 attacker: each micro-batch's share of the gradients by hand, handed to w and b by torch's BackwardHookFunction
# with a patched backward (put back as it runs); the loss's own path is multiplied by zero
BHF = torch.nn.modules._functions.BackwardHookFunction
_orig = BHF.__dict__["backward"]
_G = []


def _hand(ctx, *gs):
    BHF.backward = _orig
    return _G[-1]


for xb, yb in zip(X.split(2), y.split(2)):
    out = model(xb)
    with torch.no_grad():
        err = out - yb
        _G.append((2 * err.T @ xb / len(X), 2 * err.sum(0) / len(X)))
    BHF.backward = staticmethod(_hand)
    ow, ob = BHF.apply(w, b)
    loss = (F.mse_loss(out, yb) / 4) * 0 + 0 * (ow.sum() + ob.sum())
    loss.backward()
