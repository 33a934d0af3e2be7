W, Xv, B = w.detach().double(), x.double(), b.detach().double()
inner = W * Xv + B
dw = float(2 * inner * Xv)
db = float(2 * inner)
