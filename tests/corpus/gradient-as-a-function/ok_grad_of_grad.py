from torch.func import grad, jacrev

df = grad(f)
g = df(x)
H = jacrev(df)(x)
