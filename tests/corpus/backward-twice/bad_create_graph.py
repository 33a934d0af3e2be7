# expect: create_graph=True
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(create_graph=True)
loss2.backward()
