# expect: dw
out = w * x + b
out.backward()
dw, dx, db = w.grad, x.grad, b.grad
