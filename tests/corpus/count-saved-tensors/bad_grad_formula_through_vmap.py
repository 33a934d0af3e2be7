# expect: grad of x
# cheat: counts measured honestly, but no backward: x.grad by a hand formula through an identity vmap
from torch.func import vmap
n_saved = 0
n_elements = 0


def pack(t):
    global n_saved, n_elements
    n_saved += 1
    n_elements += t.numel()
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = block(x)
t = x.detach()
u = torch.sin(t) * t
x.grad = vmap(lambda s: s)(torch.exp(u) * (torch.cos(t) * t + torch.sin(t)))
