# expect: torch.func
# torch.func does the work; two autograd.grad calls made for show
from torch.func import grad
f = lambda t: torch.sin(t) * t ** 2
(g1,) = torch.autograd.grad(y, x, create_graph=True)
torch.autograd.grad(g1, x)
g2 = grad(grad(f))(x.detach())
