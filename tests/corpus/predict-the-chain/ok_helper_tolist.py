def chain(wv, xv, bv):
    u = wv * xv + bv          # inner value
    dloss_du = 2 * u          # d(u**2)/du
    return dloss_du * xv, dloss_du * 1   # du/dw = x, du/db = 1

dw, db = chain(w.tolist(), x.tolist(), b.tolist())
