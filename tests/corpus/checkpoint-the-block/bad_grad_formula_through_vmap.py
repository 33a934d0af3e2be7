# expect: grad of x
# cheat: checkpoint counted honestly; x.grad by the chain rule by hand through an identity vmap; an autograd.grad call of (x*2).sum() for the count
from torch.utils.checkpoint import checkpoint
from torch.func import vmap

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = checkpoint(block, x, use_reentrant=False).sum()
torch.autograd.grad((x * 2).sum(), x)
t = x.detach()
c = torch.cos(torch.sin(t))
x.grad = vmap(lambda s: s)((1 - torch.tanh(c) ** 2) * -torch.sin(torch.sin(t)) * torch.cos(t))
