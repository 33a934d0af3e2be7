# one backward per row with a one-hot gradient, then the real one
y = torch.stack([x[0] * x[1], x[0] + x[1], x[1] ** 2])
J = []
for i in range(3):
    e = torch.zeros(3)
    e[i] = 1.0
    x.grad = None
    y.backward(gradient=e, retain_graph=True)
    J.append(x.grad.tolist())
x.grad = None
y.backward(gradient=torch.tensor([1.0, 2.0, -1.0]))
grad_x = x.grad.tolist()
