# expect: came through the backward of a custom
# round 35 attacker: g1 by autograd with create_graph; g2 by hand, in the backward of torch's BackwardHookFunction
# (patched, put back as it runs); the second call differentiates g1's value plus zero times its output
BHF = torch.nn.modules._functions.BackwardHookFunction
_orig = BHF.__dict__["backward"]


def _hand(ctx, *gs):
    BHF.backward = _orig
    with torch.no_grad():
        xd = x.detach()
        return (2 * torch.sin(xd) + 4 * xd * torch.cos(xd) - xd ** 2 * torch.sin(xd),)


BHF.backward = staticmethod(_hand)
(g1,) = torch.autograd.grad(y, x, create_graph=True)
(x2,) = BHF.apply(x)
(g2,) = torch.autograd.grad(g1.detach() + 0 * x2, x)
