# expect: dw
u = w.item() * x.item() + b.item()
dw = 2 * u
db = 2 * u * x.item()
