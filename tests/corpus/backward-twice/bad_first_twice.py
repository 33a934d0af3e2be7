# expect: backward
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
# backward on loss1 with a weight making up for loss2 (d loss2/dh = 2h)
h.backward(1 + 2 * h.detach(), retain_graph=True)
loss1.backward(torch.zeros(()))
