# expect: grad of x
# wrong: checkpoint counted honestly; x.grad by the chain rule by hand through vmap with a token autograd.grad inside the vmapped function
from torch.utils.checkpoint import checkpoint
from torch.func import vmap

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = checkpoint(block, x, use_reentrant=False).sum()

t = x.detach()
c = torch.cos(torch.sin(t))
x.grad = vmap(lambda s: (torch.autograd.grad((x * 2).sum(), x), s)[1])((1 - torch.tanh(c) ** 2) * -torch.sin(torch.sin(t)) * torch.cos(t))
