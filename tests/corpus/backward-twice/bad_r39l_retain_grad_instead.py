# expect: retain_graph=True
h = x.exp()
h.retain_grad()
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward()
loss2.backward()
