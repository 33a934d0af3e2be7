# expect: came through the backward of a custom
# round 35 attacker: D's gradients by hand, handed to d_weight and d_bias by torch's BackwardHookFunction with a patched
# backward (put back as it runs); d_loss is its true number plus zero times the hook function's outputs
BHF = torch.nn.modules._functions.BackwardHookFunction
_orig = BHF.__dict__["backward"]
fake = G(z)
with torch.no_grad():
    f = fake.detach()
    dr, df = D(real), D(f)
    true = F.softplus(-dr).mean() + F.softplus(df).mean()
    cr = -torch.sigmoid(-dr) / dr.shape[0]
    cf = torch.sigmoid(df) / df.shape[0]
    gW = cr.T @ real + cf.T @ f
    gb = cr.sum(0) + cf.sum(0)


def _hand(ctx, *gs):
    BHF.backward = _orig
    return gW.clone(), gb.clone()


BHF.backward = staticmethod(_hand)
ow, ob = BHF.apply(d_weight, d_bias)
d_loss = true + 0 * (ow.sum() + ob.sum())
d_loss.backward()
