wv, xv, bv = (float(t) for t in (w, x, b))
u = wv * xv + bv
db = 2.0 * u
dw = db * xv
