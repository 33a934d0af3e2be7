y = w * x + b
y.backward()
gw, gx, gb = w.grad, x.grad, b.grad
