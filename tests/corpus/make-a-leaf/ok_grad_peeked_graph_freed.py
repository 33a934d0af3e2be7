# ok: checks its gradient with autograd.grad (no backward, graph freed afterwards)
x = data.clone().requires_grad_()
y = (x ** 2).sum()
print("dy/dx =", torch.autograd.grad(y, x)[0])
