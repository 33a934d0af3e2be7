# expect: and the right one: an answer of that type fails where its value is wrong
# row by row, but forgot to clear x.grad between rows
y = torch.stack([x[0] * x[1], x[0] + x[1], x[1] ** 2])
J = []
for i in range(3):
    y[i].backward(retain_graph=True)
    J.append(x.grad.tolist())
x.grad = None
y.backward(gradient=torch.tensor([1.0, 2.0, -1.0]))
grad_x = x.grad.tolist()
