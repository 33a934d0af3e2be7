# expect: computed once
h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)  # satisfies "retain_graph" ...
h = x.exp()  # ... and then builds h again: the graph is not shared
loss2 = (h ** 2).sum()
loss2.backward()
