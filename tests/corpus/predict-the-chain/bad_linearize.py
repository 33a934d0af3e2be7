# expect: no autograd in the answer
# torch.func.linearize: forward-mode AD through a public transform that is not on the list
from torch.func import linearize
f = lambda wv, bv: (wv * x.detach() + bv) ** 2
_, jvp_fn = linearize(f, w.detach(), b.detach())
one, zero = torch.ones(()), torch.zeros(())
dw = jvp_fn(one, zero).item()
db = jvp_fn(zero, one).item()
