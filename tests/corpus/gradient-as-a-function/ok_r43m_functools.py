import functools
from torch.func import grad, hessian

@functools.lru_cache(maxsize=None)
def transforms(fn):
    return grad(fn), hessian(fn)

df, d2f = transforms(f)
g = df(x)
H = d2f(x)
