y = w * x + b
grads = torch.autograd.grad(y, (w, x, b))
dw, dx, db = (float(g) for g in grads)
