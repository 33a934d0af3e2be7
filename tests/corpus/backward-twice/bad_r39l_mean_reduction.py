# expect: grad of x
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).mean()
loss1.backward(retain_graph=True)
loss2.backward()
