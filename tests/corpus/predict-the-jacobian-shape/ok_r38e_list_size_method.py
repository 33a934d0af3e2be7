from torch.func import jacrev


def model(params, x):
    W, b = params
    return torch.tanh(x @ W.T + b)


params = (torch.zeros(2, 4), torch.zeros(2))
x = torch.zeros(6, 4)
jac_x = jacrev(model, argnums=1)(params, x)
jac_W, jac_b = jacrev(model, argnums=0)(params, x)
shape_x = list(jac_x.size())
shape_W = list(jac_W.size())
shape_b = list(jac_b.size())
print(shape_x, shape_W, shape_b)
