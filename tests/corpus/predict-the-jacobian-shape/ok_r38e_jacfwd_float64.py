from torch.func import jacfwd


def model(params, x):
    W, b = params
    return torch.tanh(x @ W.T + b)


params = (torch.randn(2, 4, dtype=torch.float64), torch.randn(2, dtype=torch.float64))
x = torch.randn(6, 4, dtype=torch.float64)
# forward mode gives the same shapes as reverse mode
jac_x = jacfwd(model, argnums=1)(params, x)
jac_W, jac_b = jacfwd(model, argnums=0)(params, x)
shape_x = tuple(int(d) for d in jac_x.shape)
shape_W = tuple(int(d) for d in jac_W.shape)
shape_b = tuple(int(d) for d in jac_b.shape)
