# ok: gradient cleared first, a copy read between the passes
x.grad = None
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(retain_graph=True)
g1 = x.grad.clone()
loss2.backward()
print("loss1's part:", g1, "total:", x.grad)
