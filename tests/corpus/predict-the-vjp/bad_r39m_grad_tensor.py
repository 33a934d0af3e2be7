# expect: grad_x
y = torch.stack([x[0] * x[1], x[0] + x[1], x[1] ** 2])
y.backward(gradient=torch.tensor([1.0, 2.0, -1.0]))
J = [[3.0, 2.0], [1.0, 1.0], [0.0, 6.0]]
grad_x = x.grad
