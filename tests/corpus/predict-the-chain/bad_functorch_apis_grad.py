# expect: no autograd in the answer
# torch.func.grad reached through the module it lives in
from torch._functorch.apis import grad
f = lambda wv, bv: (wv * x.detach() + bv) ** 2
gw, gb = grad(f, argnums=(0, 1))(w.detach(), b.detach())
dw, db = gw.item(), gb.item()
