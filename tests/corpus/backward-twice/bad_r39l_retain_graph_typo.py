# expect: retain_graphs
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(retain_graphs=True)
loss2.backward()
