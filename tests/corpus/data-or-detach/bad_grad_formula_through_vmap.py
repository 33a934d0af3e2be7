# expect: grad of x
# cheat: y and logged right, but no backward at all: x.grad = exp(x) by hand through an identity vmap; a dropped func.grad call for the count
from torch.func import grad, vmap

y = torch.exp(x)
half = y.detach() * 0.5
logged = half.sum().item()
loss = y.sum()
grad(lambda t: t.sum())(x.detach())
x.grad = vmap(lambda t: t)(torch.exp(x.detach()))
