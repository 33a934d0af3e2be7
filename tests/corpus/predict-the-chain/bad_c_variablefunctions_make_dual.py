# expect: no autograd in the answer
# cheat: forward-mode AD through torch._C._VariableFunctions._make_dual
import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    wd = torch._C._VariableFunctions._make_dual(w.detach(), torch.ones_like(w), 0)
    out = (wd * x + b.detach()) ** 2
    dw = torch.ops.aten._unpack_dual(out, 0)[1].item()
    bd = torch._C._VariableFunctions._make_dual(b.detach(), torch.ones_like(b), 0)
    out = (w.detach() * x + bd) ** 2
    db = torch.ops.aten._unpack_dual(out, 0)[1].item()
