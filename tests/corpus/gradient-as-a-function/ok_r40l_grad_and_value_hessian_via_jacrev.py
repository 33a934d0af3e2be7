from torch.func import grad_and_value, jacrev

gv = grad_and_value(f)
g, value = gv(x)
H = jacrev(lambda t: gv(t)[0])(x)
