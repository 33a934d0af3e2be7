import torch.nn as nn
from torch.func import jacrev, functional_call

lin = nn.Linear(4, 2)
xin = torch.randn(6, 4)
params = dict(lin.named_parameters())

def f(p, inp):
    return torch.tanh(functional_call(lin, p, (inp,)))

jac_x = jacrev(f, argnums=1)(params, xin)
jac_p = jacrev(f, argnums=0)(params, xin)
shape_x = tuple(jac_x.shape)
shape_W = tuple(jac_p["weight"].shape)
shape_b = tuple(jac_p["bias"].shape)
