from torch.func import jacrev
def model(params, x):
    W, b = params
    return torch.tanh(x @ W.T + b)
params = (torch.zeros(2, 4, device=device), torch.zeros(2, device=device))
x = torch.zeros(6, 4, device=device)
jx = jacrev(model, argnums=1)(params, x)
jW, jb = jacrev(model, argnums=0)(params, x)
shape_x, shape_W, shape_b = [list(t.size()) for t in (jx, jW, jb)]
