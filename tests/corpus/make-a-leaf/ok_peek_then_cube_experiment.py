# correct: y as asked; peeks dy/dx with autograd.grad, then experiments with a cube's backward on x
x = data.clone().requires_grad_()
y = (x ** 2).sum()
print(torch.autograd.grad(y, x)[0])
(x ** 3).sum().backward()
print(x.grad)
x.grad = None
