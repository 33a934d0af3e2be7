# expect: no autograd in the answer
from functorch import vjp
f = lambda wv, bv: (wv * x.detach() + bv) ** 2
out, fn = vjp(f, w.detach(), b.detach())
gw, gb = fn(torch.ones_like(out))
dw, db = gw.item(), gb.item()
