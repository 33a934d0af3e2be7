import numpy as np
wv, xv, bv = (np.float32(t.item()) for t in (w, x, b))
inner = wv * xv + bv
dw = 2 * inner * xv
db = 2 * inner
