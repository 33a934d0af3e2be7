# expect: hvp
f(x).backward(create_graph=True)
g = x.grad
(g @ v).backward()
hvp = x.grad
