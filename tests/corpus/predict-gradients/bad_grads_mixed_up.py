# expect: dw
y = w * x + b
y.backward()
dw, dx, db = x.grad.item(), w.grad.item(), b.grad.item()
