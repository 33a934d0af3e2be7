from torch.autograd.functional import vjp
_, (dw_t, dx_t, db_t) = vjp(lambda p, q, r: p * q + r, (w, x, b))
dw, dx, db = dw_t.item(), dx_t.item(), db_t.item()
