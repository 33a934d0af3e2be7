y.backward(create_graph=True)
g1 = x.grad
x.grad = None
g1.backward()
g2 = x.grad
