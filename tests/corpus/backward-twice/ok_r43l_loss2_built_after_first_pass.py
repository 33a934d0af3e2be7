h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)   # keep h's graph: loss2 still needs it
loss2 = (h ** 2).sum()
loss2.backward()
