wv, xv, bv = float(w), float(x), float(b)
u = wv * xv + bv          # inner value
dloss_du = 2 * u          # outer: d(u^2)/du
dw = dloss_du * xv        # du/dw = x
db = dloss_du * 1.0       # du/db = 1
