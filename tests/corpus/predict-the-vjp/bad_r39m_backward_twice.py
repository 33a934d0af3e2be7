# expect: grad_x
# ran the snippet's backward twice: x.grad accumulated
y = torch.stack([x[0] * x[1], x[0] + x[1], x[1] ** 2])
v = torch.tensor([1.0, 2.0, -1.0])
y.backward(gradient=v, retain_graph=True)
y.backward(gradient=v)
J = [[3.0, 2.0], [1.0, 1.0], [0.0, 6.0]]
grad_x = x.grad.tolist()
