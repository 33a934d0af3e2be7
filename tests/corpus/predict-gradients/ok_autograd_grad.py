y = w * x + b
grads = torch.autograd.grad(y, [w, x, b])
dw, dx, db = [g.item() for g in grads]
