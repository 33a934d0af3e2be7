u = w.detach() * x + b.detach()
dw = float(2 * u * x)
db = float(2 * u)
