# correct: vjp of grad(f), pullback batched with vmap over a batch of one v
from torch.func import grad, vjp, vmap
_, pull = vjp(grad(f), x.detach())
(hvp,) = vmap(pull)(v.unsqueeze(0))
hvp = hvp[0]
