from torch.func import jacrev

def model(params, inp):
    W, b = params
    return torch.tanh(inp @ W.T + b)

params = (torch.randn(2, 4), torch.randn(2))
inp = torch.randn(6, 4)
shape_x = tuple(jacrev(model, argnums=1)(params, inp).shape)
jW, jb = jacrev(model, argnums=0)(params, inp)
shape_W, shape_b = tuple(jW.shape), tuple(jb.shape)
