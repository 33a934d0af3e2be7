# dy/dw = x, dy/dx = w, dy/db = 1
dw = x.item()
dx = w.item()
db = 1.0
