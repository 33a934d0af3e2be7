wv, xv, bv = float(w), float(x), float(b)
r = wv * xv + bv
dw = 2 * r * xv
db = 2 * r
