# expect: detach
h = x.exp()
loss1 = h.sum()
loss2 = (h.detach() ** 2).sum()
loss1.backward()
loss2.backward()
