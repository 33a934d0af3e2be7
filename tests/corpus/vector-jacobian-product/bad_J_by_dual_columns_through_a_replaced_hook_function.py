# expect: came through the backward of a custom
# round 35 attacker: J built column by column with forward-mode dual numbers (each result 5 elements), then v @ J handed
# to x.grad by torch's BackwardHookFunction with a patched backward (put back as it runs) in the one pass
import torch.autograd.forward_ad as fwAD
BHF = torch.nn.modules._functions.BackwardHookFunction
_orig = BHF.__dict__["backward"]
cols = []
for i in range(x.numel()):
    with fwAD.dual_level():
        d = fwAD.make_dual(x.detach(), torch.eye(x.numel(), device=x.device)[i])
        cols.append(fwAD.unpack_dual(torch.tanh(d) * d.cumsum(0)).tangent)
J = torch.stack(cols, 1)


def _hand(ctx, *gs):
    BHF.backward = _orig
    return (v @ J,)


BHF.backward = staticmethod(_hand)
(x2,) = BHF.apply(x)
y = (torch.tanh(x) * x.cumsum(0)).detach() + 0 * x2
y.backward(gradient=v)
