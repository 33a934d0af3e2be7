# expect: calls backward
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(retain_graph=True)
# "the second backward fails, so add its gradient by hand" and keep a harmless call
with torch.no_grad():
    x.grad += 2 * h * h
loss2.backward(torch.zeros(()))
