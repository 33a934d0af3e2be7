# correct: y as asked; backward to look, keeps the gradient in g, then a cube experiment, cleared
x = data.clone().requires_grad_()
y = (x ** 2).sum()
y.backward()
g = x.grad.clone()
x.grad = None
(x ** 3).sum().backward()
print(g, x.grad)
x.grad = None
