wv, xv, bv = torch.stack([w.detach(), x, b.detach()]).tolist()
dw, db = [2 * (wv * xv + bv) * d for d in (xv, 1.0)]
