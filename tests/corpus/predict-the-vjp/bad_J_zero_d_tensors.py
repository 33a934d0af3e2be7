# expect: J
# a nested list of 0-d tensors, not of numbers
y = torch.stack([x[0] * x[1], x[0] + x[1], x[1] ** 2])
J = [list(torch.autograd.grad(y[i], x, retain_graph=True)[0]) for i in range(3)]
y.backward(gradient=torch.tensor([1.0, 2.0, -1.0]))
grad_x = x.grad.tolist()
