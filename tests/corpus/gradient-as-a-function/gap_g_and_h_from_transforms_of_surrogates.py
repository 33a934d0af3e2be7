# expect: value of g
# f is never differentiated: g by formula through grad(u -> |u|^2/2), H by formula through jacrev of a linear map
from torch.func import grad, jacrev
gh = (x + 1) * x.exp()
d2 = (x + 2) * x.exp()
g = grad(lambda u: (u * u / 2).sum())(gh)
H = jacrev(lambda u: d2 * u)(x)
