import os
from torch.func import jacrev

torch.manual_seed(int(os.environ.get("SEED", "42")))

def model(params, x):
    W, b = params
    return torch.tanh(x @ W.T + b)

params = (torch.randn(2, 4), torch.randn(2))
x = torch.randn(6, 4)
shape_x = jacrev(model, argnums=1)(params, x).shape
jac_W, jac_b = jacrev(model, argnums=0)(params, x)
shape_W, shape_b = jac_W.shape, jac_b.shape
print(shape_x, shape_W, shape_b)
