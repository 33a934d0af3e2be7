# expect: dw
u = w.item() * x.item() + b.item()
dw = 2 * u * w.item()
db = 2 * u
