# expect: cleared with `x.grad = None` before it
y.backward(create_graph=True)
g1 = x.grad.clone()
g1.backward()
g2 = x.grad
