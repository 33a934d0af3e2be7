# expect: grad of x
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(retain_graph=True)
x.grad = None
loss2.backward()
