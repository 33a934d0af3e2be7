# expect: no autograd in the answer
import functorch
f = lambda wv, bv: (wv * x.detach() + bv) ** 2
gw, gb = functorch.grad(f, argnums=(0, 1))(w.detach(), b.detach())
dw, db = gw.item(), gb.item()
