# expect: grad of x
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(retain_graph=True)
g1 = x.grad.clone()
loss2.backward()
x.grad += g1  # "the second backward overwrote the first one"
