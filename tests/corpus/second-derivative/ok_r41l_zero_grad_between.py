y.backward(create_graph=True)
g1 = x.grad.clone()
x.grad.zero_()
g1.backward()
g2 = x.grad
