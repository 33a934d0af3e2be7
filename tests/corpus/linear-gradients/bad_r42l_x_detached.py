# expect: x.grad
y = w * x.detach() + b
y.backward()
