dw = float(x)
dx = float(w)
db = 1.0
