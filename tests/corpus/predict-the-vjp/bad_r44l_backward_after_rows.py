# expect: and the right one: an answer of that type fails where its value is wrong
# rows zeroed, but the final backward adds onto the last row's grad
y = torch.stack([x[0] * x[1], x[0] + x[1], x[1] ** 2])
J = []
for i in range(3):
    x.grad = None
    y[i].backward(retain_graph=True)
    J.append(x.grad.tolist())
y.backward(gradient=torch.tensor([1.0, 2.0, -1.0]))
grad_x = x.grad.tolist()
