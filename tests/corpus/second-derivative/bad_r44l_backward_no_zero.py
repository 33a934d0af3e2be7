# expect: g2
# backward twice, but forgot that the second pass adds into x.grad
y.backward(create_graph=True)
g1 = x.grad.clone()
x.grad.backward()
g2 = x.grad
