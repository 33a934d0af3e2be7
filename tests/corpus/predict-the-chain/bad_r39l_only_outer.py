# expect: db
u = w.item() * x.item() + b.item()
dw = 2 * u * x.item()
db = u ** 2
