# expect: retain_graph
h = x.exp()
loss1 = h.sum()
loss1.backward()
h = x.exp()
loss2 = (h ** 2).sum()
loss2.backward()
