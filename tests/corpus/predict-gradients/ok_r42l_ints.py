# dy/dw = x, dy/dx = w, dy/db = 1
dw, dx, db = -2, 5, 1
