# expect: no autograd
f = lambda wv, bv: (wv * x.detach() + bv) ** 2
import torch._functorch.eager_transforms as et
gw, gb = et.grad_impl(f, (0, 1), False, (w.detach(), b.detach()), {})
dw, db = gw.item(), gb.item()
