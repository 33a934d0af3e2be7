from torch import *          # noqa: F403  (rebinds `device` and `seed` too)
from torch.func import *     # noqa: F403

g = grad(f)(x)
H = jacfwd(jacrev(f))(x)
