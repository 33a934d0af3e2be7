out = w * x + b
out.backward()
dw = w.grad.item()
dx = float(x.grad)
db = b.grad.tolist()
