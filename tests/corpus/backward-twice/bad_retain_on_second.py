# expect: retain_graph
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward()
loss2.backward(retain_graph=True)
