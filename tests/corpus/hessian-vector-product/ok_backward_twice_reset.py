f(x).backward(create_graph=True)
g = x.grad          # has a graph (create_graph=True)
x.grad = None       # do not let the second pass add onto it
(g * v).sum().backward()
hvp = x.grad
