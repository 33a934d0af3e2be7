# expect: grad of x
# wrong: no backward; x.grad = exp(x) by hand through vmap, with a token func.grad run inside the vmapped function
from torch.func import grad, vmap
y = torch.exp(x)
half = y.detach() * 0.5
logged = half.sum().item()
loss = y.sum()
x.grad = vmap(lambda t: (grad(lambda u: u.sum())(t), torch.exp(t))[1])(x.detach())
