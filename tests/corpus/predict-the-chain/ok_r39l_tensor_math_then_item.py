u = w * x + b
dw = (2 * u * x).item()
db = (2 * u).item()
