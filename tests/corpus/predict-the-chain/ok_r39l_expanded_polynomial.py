# loss = w^2 x^2 + 2 w x b + b^2
wv, xv, bv = w.item(), x.item(), b.item()
dw = 2 * wv * xv ** 2 + 2 * xv * bv
db = 2 * wv * xv + 2 * bv
