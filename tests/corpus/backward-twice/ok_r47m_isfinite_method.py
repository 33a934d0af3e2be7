h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
assert loss1.isfinite() and loss2.isfinite(), "overflow"
assert h.isclose(h).all()
loss1.backward(retain_graph=True)
loss2.backward()
