# expect: fails where its value is wrong
# used vmap per row thinking that's what jacrev does on a batch
from torch.func import jacrev, vmap
def model(params, x):
    W, b = params
    return torch.tanh(x @ W.T + b)
params = (torch.randn(2, 4), torch.randn(2))
x = torch.randn(6, 4)
jac_x = vmap(jacrev(model, argnums=1), in_dims=(None, 0))(params, x)
jac_W, jac_b = vmap(jacrev(model, argnums=0), in_dims=(None, 0))(params, x)
shape_x, shape_W, shape_b = tuple(jac_x.shape), tuple(jac_W.shape), tuple(jac_b.shape)
