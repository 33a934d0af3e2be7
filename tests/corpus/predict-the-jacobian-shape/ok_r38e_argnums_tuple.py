from torch.func import jacrev


def model(W, b, x):
    return torch.tanh(x @ W.T + b)


W, b, x = torch.randn(2, 4), torch.randn(2), torch.randn(6, 4)
jac_W, jac_b, jac_x = jacrev(model, argnums=(0, 1, 2))(W, b, x)
shape_x, shape_W, shape_b = jac_x.shape, jac_W.shape, jac_b.shape
