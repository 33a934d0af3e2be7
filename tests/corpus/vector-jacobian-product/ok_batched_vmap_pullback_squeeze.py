# Round 29's learner probe: one reverse pass, batched (a batch of one), its row assigned to x.grad.
# torch.func.vjp's pullback with vmap over the rows of a (1, 5) cotangent batch, squeezed back.
from torch.func import vjp, vmap

_, pullback = vjp(lambda t: torch.tanh(t) * t.cumsum(0), x)
x.grad = vmap(pullback)(v[None])[0].squeeze(0)
